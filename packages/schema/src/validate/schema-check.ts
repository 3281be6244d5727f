import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import { gameSchema, levelSchema, manifestSchema, themeSchema } from "../generated/schemas.js";
import {
  capDiagnostics,
  closestBranch,
  compileSchemaPart,
  createSchemaAjv,
  describedBy,
  type FileDiagnostic,
  replaceUnions,
  schemaValueDiagnostic,
  withHint,
} from "./ajv-errors.js";
import { escapePointerSegment, pointerDepth, valueAtPointer } from "./diagnostics.js";
import { didYouMean, jsonType, quote } from "./suggest.js";

/** The four pack files that have a schema. */
export type SchemaName = "manifest" | "game" | "level" | "theme";

/** What a `@gpRef`-tagged string in the types refers to. */
export type RefKind =
  | "layer"
  | "kind"
  | "action"
  | "tag"
  | "system"
  | "variable"
  | "emitter"
  | "level"
  | "goal"
  | "asset"
  | "value-ref";

/** A reference found while validating: a string value whose schema type is one of the reference aliases. */
export interface FoundRef {
  kind: RefKind;
  value: string;
  pointer: string;
}

export type { FileDiagnostic } from "./ajv-errors.js";

/** The outcome of checking one file against its schema. */
export interface SchemaCheckResult {
  diagnostics: FileDiagnostic[];
  refs: FoundRef[];
}

const SCHEMAS: Record<SchemaName, Record<string, unknown>> = {
  manifest: manifestSchema,
  game: gameSchema,
  level: levelSchema,
  theme: themeSchema,
};

/** JSON nested deeper than this is refused before validation, so no recursive walk can overflow the stack. */
export const MAX_NESTING = 64;
/** At most this many schema diagnostics are reported per file; the rest are summarised. */
export const MAX_DIAGNOSTICS_PER_FILE = 200;

// Refs are collected by a keyword callback while Ajv runs; validation is synchronous, so a module-level
// sink set just for the duration of one call is safe. Every branch of a union that Ajv tries runs the
// keyword, the failing ones too: `{ "hasItem": "x" }` fails the `avatar` shape that requires `at` after
// its `hasItem` was found, and matches the other, which finds it again. One ref per kind and pointer is
// kept, so that each is reported once.
let sink: Map<string, FoundRef> | null = null;
// Fields the types mark `@deprecated` carry their `deprecationMessage` in the schema (a keyword editors
// show too); each one present is collected here, keyed by pointer (a union can evaluate it twice).
let deprecations: Map<string, string> | null = null;

let ajvInstance: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

function ajv(): Ajv {
  if (ajvInstance) return ajvInstance;
  const instance = createSchemaAjv();
  instance.addKeyword({
    keyword: "gpRef",
    schemaType: "string",
    errors: false,
    validate(kind: RefKind, data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      // Strings starting with `$` in a name's place are value references, resolved at run time;
      // they are checked for their own syntax instead of being looked up as names.
      if (sink && typeof data === "string") {
        const ref: FoundRef = {
          kind: data.startsWith("$") ? "value-ref" : kind,
          value: data,
          pointer: cxt?.instancePath ?? "",
        };
        sink.set(`${ref.kind} ${ref.pointer}`, ref);
      }
      return true;
    },
  });
  instance.addKeyword({
    keyword: "deprecationMessage",
    schemaType: "string",
    errors: false,
    validate(message: string, _data: unknown, _parent: unknown, cxt?: { instancePath: string }) {
      deprecations?.set(cxt?.instancePath ?? "", message);
      return true;
    },
  });
  for (const schema of Object.values(SCHEMAS)) instance.addSchema(schema);
  ajvInstance = instance;
  return instance;
}

function validatorFor(ref: string): ValidateFunction {
  let v = validators.get(ref);
  if (!v) {
    v = ajv().compile({ $ref: ref });
    validators.set(ref, v);
  }
  return v;
}

/**
 * Compiles the validators of the pack's files now; otherwise each compiles when it is first used. A
 * process that validates later (the studio's check worker, while the page loads) can pay for it early.
 */
export function prepareValidators(): void {
  for (const name of Object.keys(SCHEMAS) as SchemaName[]) validatorFor(schemaId(name));
}

const branchValidators = new WeakMap<object, ValidateFunction>();

/**
 * Compiles one branch of a union on its own. Ajv's `schemaPath` cannot locate the branch (it is
 * relative to whichever definition Ajv compiled separately), so the branch object itself is compiled,
 * with its document-local `#/definitions/…` references made absolute.
 */
function branchValidator(branch: unknown, rootId: string): ValidateFunction {
  const key = branch !== null && typeof branch === "object" ? branch : { const: branch };
  let v = branchValidators.get(key);
  if (!v) {
    v = compileSchemaPart(ajv(), key, rootId);
    branchValidators.set(key, v);
  }
  return v;
}

function schemaId(name: SchemaName): string {
  return String(SCHEMAS[name].$id);
}

/** Finds the first value nested deeper than {@link MAX_NESTING}, iteratively. */
export function findTooDeep(value: unknown): string | undefined {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: "", depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop() as { v: unknown; path: string; depth: number };
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_NESTING) return path;
    for (const [k, child] of Object.entries(v)) {
      if (child !== null && typeof child === "object")
        stack.push({ v: child, path: `${path}/${k}`, depth: depth + 1 });
    }
  }
  return undefined;
}

/** Validates a parsed file against its schema, returning located diagnostics and the references it contains. */
export function checkSchema(name: SchemaName, value: unknown): SchemaCheckResult {
  const deep = findTooDeep(value);
  if (deep !== undefined) {
    return {
      diagnostics: [
        {
          pointer: deep,
          severity: "error",
          code: "schema-nesting",
          message: `value nested more than ${MAX_NESTING} levels deep`,
        },
      ],
      refs: [],
    };
  }
  const validate = validatorFor(schemaId(name));
  const refs = new Map<string, FoundRef>();
  const deprecated = new Map<string, string>();
  sink = refs;
  deprecations = deprecated;
  try {
    validate(value);
  } finally {
    sink = null;
    deprecations = null;
  }
  const errors = reduceUnions(validate.errors ?? [], value, schemaId(name));
  const diagnostics = errors.map((e) => toDiagnostic(e, value));
  diagnostics.push(...deprecationWarnings(deprecated, ""));
  return { diagnostics: capDiagnostics(diagnostics, MAX_DIAGNOSTICS_PER_FILE), refs: [...refs.values()] };
}

/** A warning per deprecated field present: valid, but read by no engine. */
function deprecationWarnings(found: ReadonlyMap<string, string>, basePointer: string): FileDiagnostic[] {
  return [...found].map(([pointer, message]) => ({
    pointer: basePointer + pointer,
    severity: "warning",
    code: "deprecated-field",
    message,
    hint: "remove the field; it has no effect",
  }));
}

/**
 * Validates `value` against one property of a definition (used for system override values, which are
 * checked against the field they override). Returns diagnostics with pointers relative to `basePointer`.
 */
export function checkAgainstRef(
  name: SchemaName,
  schemaPointer: string,
  value: unknown,
  basePointer: string,
): FileDiagnostic[] {
  const ref = `${schemaId(name)}#${schemaPointer}`;
  const validate = validatorFor(ref);
  const deprecated = new Map<string, string>();
  deprecations = deprecated;
  try {
    validate(value);
  } finally {
    deprecations = null;
  }
  const errors = reduceUnions(validate.errors ?? [], value, schemaId(name));
  const located = errors.map((e) => {
    const d = toDiagnostic(e, value);
    return { ...d, pointer: basePointer + d.pointer };
  });
  return [...located, ...deprecationWarnings(deprecated, basePointer)];
}

/** The generated schema document of a pack file. */
export function schemaDocument(name: SchemaName): Record<string, unknown> {
  return SCHEMAS[name];
}

/**
 * Ajv reports every branch of a failed `anyOf`, which buries the one real problem under
 * "must be null", "must be string"… For each failed union (outermost first) this re-validates the value
 * against each branch on its own and keeps only the errors of the branch the value most resembles: the
 * one whose errors reach deepest into the value.
 */
function reduceUnions(errors: ErrorObject[], root: unknown, rootId: string): ErrorObject[] {
  // A key failing `propertyNames` is reported once, by the `propertyNames` error naming it.
  const current = errors.filter((e) => e.keyword !== "if" && e.propertyName === undefined);
  const unions = current
    .filter((e) => e.keyword === "anyOf")
    .sort((a, b) => pointerDepth(a.instancePath) - pointerDepth(b.instancePath));
  return replaceUnions(current, unions, root, (union, value) => explainUnion(union, value, rootId));
}

function explainUnion(union: ErrorObject, data: unknown, rootId: string): ErrorObject[] {
  const branches = Array.isArray(union.schema) ? union.schema : [];
  const base = union.instancePath;
  const results: ErrorObject[][] = [];
  for (const branch of branches) {
    const validate = branchValidator(branch, rootId);
    validate(data);
    const errs = reduceUnions(validate.errors ?? [], data, rootId).map((e) => ({
      ...e,
      instancePath: base + e.instancePath,
    }));
    // A branch that fails only on unknown fields is a match: unknown fields are warnings.
    if (errs.every((e) => e.keyword === "additionalProperties")) return errs;
    results.push(errs);
  }
  const allTypeMismatch = results.every(
    (errs) => errs.length > 0 && errs.every((e) => e.instancePath === base && e.keyword === "type"),
  );
  if (allTypeMismatch || results.length === 0) {
    const types = [...new Set(results.flatMap((errs) => errs.map((e) => String(e.params.type))))];
    return [
      { ...union, keyword: "type", params: { type: types.join(", ") }, parentSchema: union.parentSchema },
    ];
  }
  // A branch of the wrong type at the union's own value is the worst match; one of the right type
  // whose value breaks a limit (a string too long) is a better one.
  return closestBranch(results, base, (e) => e.keyword === "additionalProperties");
}

function describeExpectation(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "minimum":
      return `a number >= ${p.limit}`;
    case "maximum":
      return `a number <= ${p.limit}`;
    case "exclusiveMinimum":
      return `a number > ${p.limit}`;
    case "exclusiveMaximum":
      return `a number < ${p.limit}`;
    case "minItems":
      return `at least ${p.limit} item${p.limit === 1 ? "" : "s"}`;
    case "maxItems":
    case "additionalItems":
      return `at most ${p.limit} item${p.limit === 1 ? "" : "s"}`;
    case "minLength":
      return `a string of at least ${p.limit} character${p.limit === 1 ? "" : "s"}`;
    case "maxLength":
      return `a string of at most ${p.limit} characters`;
    case "minProperties":
      return `at least ${p.limit} field${p.limit === 1 ? "" : "s"}`;
    case "maxProperties":
      return `at most ${p.limit} field${p.limit === 1 ? "" : "s"}`;
    case "pattern":
      return `a string matching ${p.pattern}`;
    case "uniqueItems":
      return `unique items (items ${p.j} and ${p.i} are equal)`;
    case "multipleOf":
      return `a multiple of ${p.multipleOf}`;
    case "const":
      return quote(p.allowedValue);
    default:
      return e.message ?? e.keyword;
  }
}

function sizeOf(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "string" && value.length > 60) return `a string of ${value.length} characters`;
  if (value !== null && typeof value === "object") return `${Object.keys(value).length} fields`;
  return quote(value);
}

function propertyNames(schema: unknown): string[] {
  if (schema && typeof schema === "object" && "properties" in schema) {
    const props = (schema as { properties?: Record<string, unknown> }).properties;
    return props ? Object.keys(props) : [];
  }
  return [];
}

function toDiagnostic(e: ErrorObject, root: unknown): FileDiagnostic {
  const data = e.data === undefined ? valueAtPointer(root, e.instancePath) : e.data;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "additionalProperties": {
      const field = String(p.additionalProperty);
      const known = propertyNames(e.parentSchema);
      return withHint(
        {
          pointer: `${e.instancePath}/${escapePointerSegment(field)}`,
          severity: "warning",
          code: "schema-unknown-field",
          message: `unknown field ${quote(field)}${didYouMean(field, known)}; it is ignored`,
        },
        known.length > 0 && known.length <= 12 ? `known fields here: ${known.join(", ")}` : undefined,
      );
    }
    case "required": {
      const field = String(p.missingProperty);
      const props = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-required",
          message: `missing required field ${quote(field)}`,
        },
        describedBy(props?.[field]),
      );
    }
    case "type":
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-type",
          message: `expected ${String(p.type).replace(/,(?=[^,]*$)/, " or")} but found ${jsonType(data)} ${quote(data)}`,
        },
        describedBy(e.parentSchema),
      );
    case "propertyNames": {
      const key = String(p.propertyName);
      const limit = (e.schema as { maxLength?: number } | undefined)?.maxLength;
      return {
        pointer: `${e.instancePath}/${escapePointerSegment(key)}`,
        severity: "error",
        code: "schema-value",
        message: `expected a name of at most ${limit} characters but found a name of ${key.length} characters`,
      };
    }
    case "enum": {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const shown = allowed.slice(0, 12).map(quote).join(", ") + (allowed.length > 12 ? ", …" : "");
      const suggestion = typeof data === "string" ? didYouMean(data, allowed.map(String)) : "";
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-enum",
          message: `unknown value ${quote(data)}${suggestion}; expected one of ${shown}`,
        },
        describedBy(e.parentSchema),
      );
    }
    default:
      return schemaValueDiagnostic(e, data, describeExpectation(e), sizeOf(data));
  }
}
