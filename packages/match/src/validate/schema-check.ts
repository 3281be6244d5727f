/**
 * Checks a pack file against its generated JSON Schema with Ajv and turns Ajv's errors into located,
 * readable diagnostics: one per problem, saying what was expected and what was found, with the name
 * probably meant for a misspelt one.
 * @module
 */
import {
  capDiagnostics,
  closestBranch,
  compileSchemaPart,
  createSchemaAjv,
  type Diagnostic,
  describedBy,
  escapePointerSegment,
  jsonType,
  pointerDepth,
  replaceUnions,
  schemaValueDiagnostic,
  valueAtPointer,
  withHint,
} from "@gridponder/schema";
import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import { gameSchema, levelSchema, manifestSchema, themeSchema } from "../generated/schemas.js";
import { didYouMean, likelyMeant, listNames, quote } from "./suggest.js";

/** The pack files that have a schema. */
export type MatchSchemaName = "manifest" | "game" | "level" | "theme";

/** A diagnostic before it is given its file and position. */
export type FileDiagnostic = Omit<Diagnostic, "file" | "line" | "column">;

type Schema = Record<string, unknown>;

const SCHEMAS: Record<MatchSchemaName, Schema> = {
  manifest: manifestSchema,
  game: gameSchema,
  level: levelSchema,
  theme: themeSchema,
};

/** At most this many schema diagnostics are reported per file; the rest are counted. */
export const MAX_SCHEMA_DIAGNOSTICS = 200;

/**
 * What the unions of the format are called in messages, by definition name. A union whose branches
 * are objects told apart by their keys (an expression, an effect, a pattern, a result) is reported as
 * one form when no key of the value names a form.
 */
const UNION_NOUNS: Record<string, string> = {
  Expr: "an expression",
  ExprNode: "an expression",
  Effect: "an effect",
  Pattern: "a pattern",
  Result: "a result",
  ZoneRef: "a zone",
  InitialValue: "a starting value",
};

let ajvInstance: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();
const branchValidators = new WeakMap<object, ValidateFunction>();

function ajv(): Ajv {
  if (ajvInstance) return ajvInstance;
  const instance = createSchemaAjv();
  for (const schema of Object.values(SCHEMAS)) instance.addSchema(schema);
  ajvInstance = instance;
  return instance;
}

function idOf(doc: Schema): string {
  return String(doc.$id);
}

function validatorFor(name: MatchSchemaName): ValidateFunction {
  const id = idOf(SCHEMAS[name]);
  let v = validators.get(id);
  if (!v) {
    v = ajv().compile({ $ref: id });
    validators.set(id, v);
  }
  return v;
}

/** Compiles the schema validators now, rather than on first use (for a worker warming up). */
export function prepareMatchValidators(): void {
  for (const name of Object.keys(SCHEMAS) as MatchSchemaName[]) validatorFor(name);
}

/** The generated schema of a pack file. */
export function matchSchemaDocument(name: MatchSchemaName): Schema {
  return SCHEMAS[name];
}

/**
 * Compiles one branch of a union on its own, its document-local references made absolute, to learn
 * how well the value fits that branch alone.
 */
function branchValidator(branch: object, doc: Schema): ValidateFunction {
  let v = branchValidators.get(branch);
  if (!v) {
    v = compileSchemaPart(ajv(), branch, idOf(doc));
    branchValidators.set(branch, v);
  }
  return v;
}

/** Validates a parsed file against its schema; pointers are into the file. */
export function checkMatchSchema(name: MatchSchemaName, value: unknown): FileDiagnostic[] {
  const validate = validatorFor(name);
  if (validate(value)) return [];
  const doc = SCHEMAS[name];
  const errors = reduceUnions(validate.errors ?? [], value, doc);
  const diagnostics = errors.map((e) => toDiagnostic(e, value));
  return capDiagnostics(dedupe(diagnostics), MAX_SCHEMA_DIAGNOSTICS);
}

// --- Unions ------------------------------------------------------------------------------------------

function isSchema(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function resolve(schema: Schema, doc: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === "string" && s.$ref.startsWith("#/definitions/"); i++) {
    const definitions = doc.definitions as Record<string, unknown> | undefined;
    const target = definitions?.[s.$ref.slice("#/definitions/".length)];
    if (!isSchema(target)) break;
    s = target;
  }
  return s;
}

/** The branches of a union, with references resolved and nested unions spread out. */
function flatten(branches: unknown, doc: Schema, out: Schema[] = [], seen = new Set<Schema>()): Schema[] {
  if (!Array.isArray(branches)) return out;
  for (const branch of branches) {
    if (!isSchema(branch)) continue;
    const s = resolve(branch, doc);
    if (seen.has(s)) continue;
    seen.add(s);
    const keys = Object.keys(s).filter((k) => k !== "description");
    if (keys.length === 1 && keys[0] === "anyOf") flatten(s.anyOf, doc, out, seen);
    else out.push(s);
  }
  return out;
}

/** The definition name of a schema object of the document, if it is one. */
function definitionName(schema: unknown, doc: Schema): string | undefined {
  const definitions = doc.definitions as Record<string, unknown> | undefined;
  if (!definitions) return undefined;
  for (const [name, definition] of Object.entries(definitions)) if (definition === schema) return name;
  return undefined;
}

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if ("const" in schema) return [jsonType(schema.const) === "integer" ? "number" : jsonType(schema.const)];
  if (Array.isArray(schema.enum)) return [...new Set(schema.enum.map((v) => jsonType(v)))];
  return undefined;
}

function accepts(schema: Schema, type: string): boolean {
  const types = typesOf(schema);
  if (!types) return true;
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.map(String) : [];
}

function propertiesOf(schema: Schema): string[] {
  return isSchema(schema.properties) ? Object.keys(schema.properties) : [];
}

/** Errors that only warn: a field the schema does not know (it is ignored). */
function isUnknownField(e: ErrorObject): boolean {
  return e.keyword === "additionalProperties" || (e.keyword === "not" && e.schemaPath.endsWith("/not"));
}

/**
 * Ajv reports every branch of a failed `anyOf`, which buries the one real problem under "must be
 * number", "must be string"… Each failed union (outermost first) is replaced by an explanation of the
 * value against the branch it resembles most.
 */
function reduceUnions(errors: readonly ErrorObject[], root: unknown, doc: Schema): ErrorObject[] {
  // A key failing `propertyNames` is reported once, by the `propertyNames` error naming it.
  const current = errors.filter((e) => e.propertyName === undefined);
  // Outermost first; of unions at one value (an expression is a union of forms, one of which is a
  // union of objects), the enclosing one, which Ajv reports after the unions it encloses.
  const unions = current
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => e.keyword === "anyOf")
    .sort((a, b) => pointerDepth(a.e.instancePath) - pointerDepth(b.e.instancePath) || b.index - a.index)
    .map(({ e }) => e);
  return replaceUnions(current, unions, root, (union, value) => explainUnion(union, value, doc));
}

function synthetic(union: ErrorObject, keyword: string, params: Record<string, unknown>): ErrorObject {
  return { ...union, keyword, params, schemaPath: `${union.schemaPath}/${keyword}` };
}

function explainUnion(union: ErrorObject, data: unknown, doc: Schema): ErrorObject[] {
  const base = union.instancePath;
  const branches = flatten(union.schema, doc);
  const noun = UNION_NOUNS[definitionName(union.parentSchema, doc) ?? ""];
  const type = jsonType(data);
  let candidates = branches.filter((b) => accepts(b, type));
  if (candidates.length === 0) {
    const expected = [...new Set(branches.flatMap((b) => typesOf(b) ?? []))];
    return [synthetic(union, "type", { type: expected.join(","), noun })];
  }
  if (type === "object" && candidates.length > 1 && candidates.every((b) => requiredOf(b).length > 0)) {
    // A union of forms told apart by their keys: the forms any key of the value names.
    const keys = Object.keys(data as object);
    const named = candidates.filter((b) => requiredOf(b).some((k) => keys.includes(k)));
    if (named.length === 0) return [unknownForm(union, keys, candidates, noun)];
    // Keys that each name a form, in one object no form has all of: `{ "var": …, "get": … }`.
    const forms = keys.filter((k) => candidates.some((b) => requiredOf(b)[0] === k));
    const coherent = named.some((b) => keys.every((k) => propertiesOf(b).includes(k)));
    if (!coherent && forms.length > 1) return [synthetic(union, "x-several-forms", { keys: forms, noun })];
    candidates = named;
  }
  const results: ErrorObject[][] = [];
  for (const branch of candidates) {
    const validate = branchValidator(branch, doc);
    if (validate(data)) return [];
    const errs = reduceUnions(validate.errors ?? [], data, doc).map((e) => ({
      ...e,
      instancePath: base + e.instancePath,
    }));
    // A branch the value fails only by unknown fields is the one meant: unknown fields are warnings.
    // Their likely intended names are looked for among the fields of every branch.
    if (errs.every(isUnknownField)) {
      const alsoKnown = [...new Set(candidates.flatMap(propertiesOf))];
      return errs.map((e) => ({ ...e, params: { ...e.params, alsoKnown } }));
    }
    results.push(errs);
  }
  const constants = results.every(
    (errs) => errs.length === 1 && errs[0]?.instancePath === base && /^(const|enum)$/.test(errs[0].keyword),
  );
  if (constants && type !== "object" && type !== "array") {
    const allowed = candidates.flatMap((b) =>
      "const" in b ? [b.const] : Array.isArray(b.enum) ? b.enum : [],
    );
    const others = [
      ...new Set(branches.filter((b) => !candidates.includes(b)).flatMap((b) => typesOf(b) ?? [])),
    ];
    return [synthetic(union, "enum", { allowedValues: allowed, otherTypes: others })];
  }
  return closestBranch(results, base, isUnknownField);
}

/** An object none of whose keys names a form of the union. */
function unknownForm(
  union: ErrorObject,
  keys: string[],
  forms: Schema[],
  noun: string | undefined,
): ErrorObject {
  const formKeys = [...new Set(forms.map((b) => requiredOf(b)[0] as string))];
  const known = new Set(forms.flatMap(propertiesOf));
  const unknown = keys.filter((k) => !known.has(k));
  const key = unknown.find((k) => likelyMeant(k, formKeys) !== undefined) ?? unknown[0] ?? keys[0];
  return synthetic(union, "x-unknown-form", { key, formKeys, noun });
}

// --- Diagnostics -------------------------------------------------------------------------------------

function plural(n: unknown, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function sizeOf(value: unknown): string {
  if (Array.isArray(value)) return plural(value.length, "item");
  if (typeof value === "string" && value.length > 40) return `a string of ${value.length} characters`;
  if (isSchema(value)) return plural(Object.keys(value).length, "field");
  return quote(value);
}

function typeList(types: string): string {
  const names = types.split(",").map((t) => (t === "object" ? "an object" : t === "array" ? "a list" : t));
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}

function expectation(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "minimum":
      return `a number of at least ${p.limit}`;
    case "maximum":
      return `a number of at most ${p.limit}`;
    case "exclusiveMinimum":
      return `a number above ${p.limit}`;
    case "exclusiveMaximum":
      return `a number below ${p.limit}`;
    case "minItems":
      return `at least ${plural(p.limit, "item")}`;
    case "maxItems":
    case "additionalItems":
      return `at most ${plural(p.limit, "item")}`;
    case "minLength":
      return `a string of at least ${plural(p.limit, "character")}`;
    case "maxLength":
      return `a string of at most ${plural(p.limit, "character")}`;
    case "minProperties":
      return `at least ${plural(p.limit, "field")}`;
    case "maxProperties":
      return `at most ${plural(p.limit, "field")}`;
    case "pattern":
      return `a string matching ${p.pattern}`;
    case "uniqueItems":
      return `no repeated items (items ${p.j} and ${p.i} are equal)`;
    case "const":
      return quote(p.allowedValue);
    default:
      return e.message ?? e.keyword;
  }
}

function toDiagnostic(e: ErrorObject, root: unknown): FileDiagnostic {
  const data = e.data === undefined ? valueAtPointer(root, e.instancePath) : e.data;
  const p = e.params as Record<string, unknown>;
  if (isUnknownField(e)) {
    const field =
      e.keyword === "not" ? (e.instancePath.split("/").at(-1) ?? "") : String(p.additionalProperty);
    const pointer = e.keyword === "not" ? e.instancePath : `${e.instancePath}/${escapePointerSegment(field)}`;
    const known = e.keyword === "not" ? [] : propertiesOf(isSchema(e.parentSchema) ? e.parentSchema : {});
    const candidates = [...known, ...((p.alsoKnown as string[] | undefined) ?? [])];
    return withHint(
      {
        pointer,
        severity: "warning",
        code: "schema-unknown-field",
        message: `unknown field ${quote(field)}${didYouMean(field, candidates)}; it is ignored`,
      },
      known.length === 0
        ? "this object takes no fields"
        : known.length <= 12
          ? `known fields here: ${known.join(", ")}`
          : undefined,
    );
  }
  switch (e.keyword) {
    case "x-unknown-form": {
      const key = p.key as string | undefined;
      const forms = p.formKeys as string[];
      const noun = (p.noun as string | undefined) ?? "one of the forms";
      if (key === undefined)
        return {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-unknown-key",
          message: `expected ${noun}: an object with one of the keys ${listNames(forms)}, but found an empty object`,
        };
      return withHint(
        {
          pointer: `${e.instancePath}/${escapePointerSegment(key)}`,
          severity: "error",
          code: "schema-unknown-key",
          message: `unknown key ${quote(key)}${didYouMean(key, forms)}: expected ${noun}, an object with one of the keys ${listNames(forms)}`,
        },
        describedBy(e.parentSchema),
      );
    }
    case "x-several-forms": {
      const keys = p.keys as string[];
      const noun = (p.noun as string | undefined) ?? "a form of this value";
      return {
        pointer: e.instancePath,
        severity: "error",
        code: "schema-several-forms",
        message: `the keys ${listNames(keys, 12, "and")} each name ${noun}, and one object holds only one`,
      };
    }
    case "required": {
      const field = String(p.missingProperty);
      const props =
        isSchema(e.parentSchema) && isSchema(e.parentSchema.properties) ? e.parentSchema.properties : {};
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-required",
          message: `missing required field ${quote(field)}`,
        },
        describedBy(props[field]),
      );
    }
    case "type": {
      const noun = p.noun as string | undefined;
      const expected = noun ? `${noun} (${typeList(String(p.type))})` : typeList(String(p.type));
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-type",
          message: `expected ${expected} but found ${jsonType(data)} ${quote(data)}`,
        },
        describedBy(e.parentSchema),
      );
    }
    case "enum": {
      const allowed = ((p.allowedValues as unknown[]) ?? []).map((v) =>
        typeof v === "string" ? v : quote(v),
      );
      const others = (p.otherTypes as string[] | undefined) ?? [];
      const suggestion = typeof data === "string" ? didYouMean(data, allowed) : "";
      const expected = allowed.map((v) => JSON.stringify(v));
      const list = [...expected, ...others.map((t) => (t === "object" ? "an object" : `a ${t}`))];
      const shown =
        list.length <= 1
          ? list.join("")
          : `${list.slice(0, Math.min(list.length, 12) - 1).join(", ")}${list.length > 12 ? ", …" : ""} or ${list.at(-1)}`;
      return withHint(
        {
          pointer: e.instancePath,
          severity: "error",
          code: "schema-enum",
          message: `unknown value ${quote(data)}${suggestion}; expected ${shown}`,
        },
        describedBy(e.parentSchema),
      );
    }
    case "propertyNames": {
      const key = String(p.propertyName);
      return {
        pointer: `${e.instancePath}/${escapePointerSegment(key)}`,
        severity: "error",
        code: "schema-value",
        message: `expected a name of at most ${(e.schema as { maxLength?: number } | undefined)?.maxLength} characters but found one of ${key.length}`,
      };
    }
    default:
      return schemaValueDiagnostic(e, data, expectation(e), sizeOf(data));
  }
}

function dedupe(diagnostics: FileDiagnostic[]): FileDiagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.pointer}\u0000${d.code}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
