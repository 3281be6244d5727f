/**
 * Turning Ajv's errors into located diagnostics: the parts the puzzle validator and the match
 * validator (`@gridponder/match/validate`) share. Each validator keeps its own wording of what was
 * expected and its own reading of a failed union; this is the machinery around them.
 * @module
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { type Diagnostic, isUnderPointer, pointerDepth, valueAtPointer } from "./diagnostics.js";

/**
 * A diagnostic before it is attached to a file.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export type FileDiagnostic = Omit<Diagnostic, "file">;

/**
 * A new Ajv instance as the validators use it: every error, each with the data and schema it is about,
 * and the generated schemas trusted as they are.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function createSchemaAjv(): Ajv {
  return new Ajv({
    allErrors: true,
    strict: false,
    verbose: true,
    validateSchema: false,
    // Ajv's optimising pass takes about 40% of compiling these schemas, which every process (the
    // studio's check worker at page load, each CLI run) pays once, for little speed of validation.
    code: { optimize: false },
  });
}

/**
 * Compiles a part of the schema document `id` (one branch of a union) on its own: its document-local
 * `#/definitions/…` references are made absolute first.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function compileSchemaPart(ajv: Ajv, part: unknown, id: string): ValidateFunction {
  const absolute = JSON.parse(
    JSON.stringify(part, (key, value) =>
      key === "$ref" && typeof value === "string" && value.startsWith("#") ? `${id}${value}` : value,
    ),
  );
  return ajv.compile(absolute);
}

/**
 * Replaces each failed union of `unions`, in their order, by `explain(union, value)`: the union's own
 * error and every error under its value give way to the explanation. A union already replaced, as
 * part of an enclosing one, is passed over.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function replaceUnions(
  errors: readonly ErrorObject[],
  unions: readonly ErrorObject[],
  root: unknown,
  explain: (union: ErrorObject, value: unknown) => ErrorObject[],
): ErrorObject[] {
  let current = [...errors];
  for (const union of unions) {
    if (!current.includes(union)) continue;
    const base = union.instancePath;
    current = current.filter((e) => !isUnderPointer(e.instancePath, base));
    current.push(...explain(union, valueAtPointer(root, base)));
  }
  return current;
}

/**
 * Of the errors of each branch of a union failed at `base`, those of the branch the value resembles
 * most: the one whose errors reach deepest into the value (an error of the wrong type at `base` itself
 * reaches least, an unknown field half a level less than any other error), the fewest errors on a tie.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function closestBranch(
  results: readonly ErrorObject[][],
  base: string,
  isUnknownField: (e: ErrorObject) => boolean,
): ErrorObject[] {
  const reach = (errs: ErrorObject[]) =>
    Math.max(
      ...errs.map((e) =>
        e.keyword === "type" && e.instancePath === base
          ? -1
          : pointerDepth(e.instancePath) - pointerDepth(base) + (isUnknownField(e) ? 0 : 0.5),
      ),
    );
  let best = results[0] ?? [];
  for (const errs of results.slice(1)) {
    const r = reach(errs);
    const b = reach(best);
    if (r > b || (r === b && errs.length < best.length)) best = errs;
  }
  return best;
}

/**
 * The first line of a schema's description, to hint at what the value is for.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function describedBy(schema: unknown): string | undefined {
  if (schema && typeof schema === "object" && "description" in schema) {
    const d = (schema as { description?: unknown }).description;
    if (typeof d === "string") return d.split("\n")[0];
  }
  return undefined;
}

/**
 * The diagnostic with `hint`, when there is one.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function withHint(d: FileDiagnostic, hint: string | undefined): FileDiagnostic {
  return hint ? { ...d, hint } : d;
}

/**
 * A `schema-value` error: a value that breaks a limit, a pattern or a constant of its schema, hinted
 * with what the value is for. Too many items are pointed at the first one past the limit: that is the
 * one to remove.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function schemaValueDiagnostic(
  e: ErrorObject,
  data: unknown,
  expected: string,
  found: string,
): FileDiagnostic {
  const limit = (e.params as { limit?: unknown }).limit;
  return withHint(
    {
      pointer:
        (e.keyword === "maxItems" || e.keyword === "additionalItems") && Array.isArray(data)
          ? `${e.instancePath}/${limit}`
          : e.instancePath,
      severity: "error",
      code: "schema-value",
      message: `expected ${expected} but found ${found}`,
    },
    describedBy(e.parentSchema),
  );
}

/**
 * The first `max` diagnostics, and one more saying how many others there are (an error when any of
 * them is one).
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function capDiagnostics(diagnostics: FileDiagnostic[], max: number): FileDiagnostic[] {
  if (diagnostics.length <= max) return diagnostics;
  const rest = diagnostics.slice(max);
  const errors = rest.some((d) => d.severity === "error");
  return [
    ...diagnostics.slice(0, max),
    {
      pointer: "",
      severity: errors ? "error" : "warning",
      code: "too-many-diagnostics",
      message: `${rest.length} more problems in this file are not shown`,
    },
  ];
}
