/**
 * Form fields from the pack's generated JSON Schemas: which control edits a property, the variants of
 * a discriminated union (goal and lose-condition types), and the smallest value a schema accepts for a
 * new item. The forms follow the schemas, so a DSL concept added to `@gridponder/schema` shows up in
 * the studio's forms without a form written for it.
 * @module
 */
import type { JsonSchemaObject, JsonValue } from "@gridponder/schema";

type Schema = Readonly<Record<string, unknown>>;

/** How a property is edited. */
export type FieldControl =
  | "text"
  | "longtext"
  | "number"
  | "integer"
  | "boolean"
  | "choice"
  | "list"
  | "object"
  | "json";

export interface SchemaField {
  readonly name: string;
  readonly control: FieldControl;
  readonly required: boolean;
  readonly description: string;
  /** The schema of the property, with references followed. */
  readonly schema: Schema;
  /** The allowed values of a `choice`. */
  readonly choices: readonly string[];
  /** What pack names the value refers to (`kind`, `layer`, `goal`, ...), from the schema's `gpRef`. */
  readonly refersTo: string | null;
  /** For a `list`: whether items are numbers (else strings; a mixed list keeps numbers as numbers). */
  readonly itemsNumeric: boolean;
  readonly minimum: number | undefined;
  readonly defaultValue: JsonValue | undefined;
}

/** Texts allowed this long or longer get a multi-line box. */
const LONG_TEXT = 2000;

const isSchema = (v: unknown): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

function definitions(root: JsonSchemaObject): Schema {
  const defs = root.definitions;
  return isSchema(defs) ? defs : {};
}

/**
 * Follows `$ref` (and a lone `allOf: [$ref]`) to the schema it names, keeping the outer description
 * and default, which say more about this use than the definition does.
 */
export function resolveSchema(schema: Schema, root: JsonSchemaObject): Schema {
  let current = schema;
  const extra: Record<string, unknown> = {};
  for (const key of ["description", "default"]) if (key in schema) extra[key] = schema[key];
  for (let depth = 0; depth < 32; depth++) {
    const ref = current.$ref;
    if (typeof ref === "string" && ref.startsWith("#/definitions/")) {
      const target = definitions(root)[ref.slice("#/definitions/".length)];
      if (!isSchema(target)) break;
      current = target;
      continue;
    }
    const all = current.allOf;
    if (Array.isArray(all) && all.length === 1 && isSchema(all[0]) && !current.properties) {
      current = all[0];
      continue;
    }
    break;
  }
  return { ...current, ...extra };
}

/** A named definition of `root` (e.g. `Goal`), resolved. */
export function definition(root: JsonSchemaObject, name: string): Schema {
  const def = definitions(root)[name];
  if (!isSchema(def)) throw new Error(`the schema has no definition ${name}`);
  return resolveSchema(def, root);
}

export interface Variant {
  /** The discriminator's value (`reach_target`). */
  readonly tag: string;
  readonly description: string;
  readonly schema: Schema;
}

/** The variants of a union discriminated by `type` (`if type is X then <schema>`), in schema order. */
export function variantsOf(schema: Schema, root: JsonSchemaObject): Variant[] {
  const out: Variant[] = [];
  for (const branch of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (!isSchema(branch) || !isSchema(branch.if) || !isSchema(branch.then)) continue;
    const props = branch.if.properties;
    const type = isSchema(props) && isSchema(props.type) ? props.type : null;
    if (typeof type?.const !== "string") continue;
    const then = resolveSchema(branch.then, root);
    out.push({
      tag: type.const,
      description: typeof then.description === "string" ? then.description : "",
      schema: then,
    });
  }
  return out;
}

function scalarType(schema: Schema, root: JsonSchemaObject): string | null {
  const s = resolveSchema(schema, root);
  if (typeof s.type === "string") return s.type;
  if (Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string")) return "string";
  return null;
}

/** The control that edits a property of schema `schema`. */
export function controlOf(schema: Schema, root: JsonSchemaObject): FieldControl {
  const s = resolveSchema(schema, root);
  if (Array.isArray(s.enum) && s.enum.length > 0 && s.enum.every((v) => typeof v === "string"))
    return "choice";
  switch (s.type) {
    case "string":
      return typeof s.maxLength === "number" && s.maxLength >= LONG_TEXT ? "longtext" : "text";
    case "integer":
      return "integer";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array": {
      const items = isSchema(s.items) ? s.items : null;
      if (!items) return "json";
      const options = Array.isArray(items.anyOf) ? items.anyOf.filter(isSchema) : [items];
      const types = options.map((o) => scalarType(o, root));
      return types.every((t) => t === "string" || t === "number" || t === "integer") ? "list" : "json";
    }
    case "object":
      return isSchema(s.properties) && !s.additionalProperties ? "object" : "json";
    default:
      return "json";
  }
}

/** The fields of an object schema, in the schema's order; `omit` leaves some out (a discriminator). */
export function fieldsOf(
  schema: Schema,
  root: JsonSchemaObject,
  omit: readonly string[] = [],
): SchemaField[] {
  const s = resolveSchema(schema, root);
  const props = isSchema(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required : []);
  return Object.entries(props)
    .filter(([name, prop]) => isSchema(prop) && !omit.includes(name) && name !== "$schema")
    .map(([name, prop]) => {
      const resolved = resolveSchema(prop as Schema, root);
      const control = controlOf(resolved, root);
      const items = isSchema(resolved.items) ? resolved.items : {};
      const itemOptions = Array.isArray(items.anyOf) ? items.anyOf.filter(isSchema) : [items];
      const refSource = control === "list" ? resolveSchema(itemOptions[0] ?? {}, root) : resolved;
      return {
        name,
        control,
        required: required.has(name),
        description: typeof resolved.description === "string" ? resolved.description : "",
        schema: resolved,
        choices: Array.isArray(resolved.enum) ? resolved.enum.filter((v) => typeof v === "string") : [],
        refersTo: typeof refSource.gpRef === "string" ? refSource.gpRef : null,
        itemsNumeric:
          control === "list" &&
          itemOptions.some((o) => ["number", "integer"].includes(scalarType(o, root) ?? "")),
        minimum: typeof resolved.minimum === "number" ? resolved.minimum : undefined,
        defaultValue: resolved.default as JsonValue | undefined,
      };
    });
}

/**
 * The smallest value `schema` accepts as a start: required properties only, each at its default, the
 * first of its choices, zero, false, empty text or an empty list or object. A new goal made from it
 * may not validate yet (an empty target kind); the validator then says what to fill in.
 */
export function skeletonOf(schema: Schema, root: JsonSchemaObject, depth = 0): JsonValue {
  const s = resolveSchema(schema, root);
  if (s.default !== undefined) return structuredClone(s.default) as JsonValue;
  if (s.const !== undefined) return s.const as JsonValue;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0] as JsonValue;
  if (depth > 8) return null;
  switch (s.type) {
    case "string":
      return "";
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object": {
      const out: Record<string, JsonValue> = {};
      const props = isSchema(s.properties) ? s.properties : {};
      for (const name of Array.isArray(s.required) ? s.required : []) {
        const prop = props[name as string];
        if (isSchema(prop)) out[name as string] = skeletonOf(prop, root, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The JSON pointers, in `value`, of every string that names `name` where the schema says a name of
 * `sort` belongs (its `gpRef`): the rules, systems and goals that would dangle if a kind were removed.
 */
export function referencesTo(
  value: unknown,
  schema: Schema,
  root: JsonSchemaObject,
  sort: string,
  name: string,
): string[] {
  const found = new Set<string>();
  const visit = (v: unknown, s: Schema, at: string, depth: number): void => {
    if (depth > 64) return;
    const r = resolveSchema(s, root);
    if (r.gpRef === sort && v === name) found.add(at);
    for (const branch of Array.isArray(r.allOf) ? r.allOf : []) {
      if (!isSchema(branch)) continue;
      if (isSchema(branch.if) && isSchema(branch.then)) {
        const props = branch.if.properties;
        const tag = isSchema(props) && isSchema(props.type) ? props.type.const : undefined;
        if (isSchema(v as Schema) && (v as Schema).type === tag) visit(v, branch.then, at, depth + 1);
      } else visit(v, branch, at, depth + 1);
    }
    for (const key of ["anyOf", "oneOf"] as const) {
      const options = r[key];
      if (Array.isArray(options)) for (const o of options) if (isSchema(o)) visit(v, o, at, depth + 1);
    }
    if (Array.isArray(v)) {
      const items = r.items;
      if (isSchema(items)) for (let i = 0; i < v.length; i++) visit(v[i], items, `${at}/${i}`, depth + 1);
    } else if (isSchema(v as Schema)) {
      const props = isSchema(r.properties) ? r.properties : {};
      for (const [key, child] of Object.entries(v as Schema)) {
        const childSchema = Object.hasOwn(props, key) ? props[key] : r.additionalProperties;
        if (isSchema(childSchema)) visit(child, childSchema, `${at}/${escapePointer(key)}`, depth + 1);
      }
    }
  };
  visit(value, schema, "", 0);
  return [...found].sort();
}
