import { Ajv, type ValidateFunction } from "ajv";
import type { JsonSchemaObject } from "../generated/schemas.js";
import { pointerOf } from "./diagnostics.js";
import type { FileDiagnostic } from "./schema-check.js";
import { jsonType, quote } from "./suggest.js";

/**
 * A system, goal or lose condition type, or a rule effect or condition key, that the DSL does not
 * define and a pack may use all the same: an engine registered it (see `@gridponder/engine`'s
 * `Registry`). A system, goal or lose condition entry's `config` is checked against `configSchema` (a
 * JSON Schema, draft-07), and so is the value under an effect's or condition's key; without one any
 * object (any value, for an effect or condition) is accepted.
 */
export interface CustomType {
  readonly configSchema?: JsonSchemaObject;
}

/** A custom system type (see {@link CustomType}). */
export type CustomSystemType = CustomType;

/** The entries that may hold custom types, and the fields each entry may have besides `config`. */
export const CUSTOM_ENTRIES = {
  systems: { what: "system", fields: ["type", "id", "enabled", "config"], idRequired: true },
  goals: { what: "goal", fields: ["type", "id", "display", "config"], idRequired: true },
  loseConditions: { what: "lose condition", fields: ["type", "id", "config"], idRequired: false },
} as const;

export type CustomEntryList = keyof typeof CUSTOM_ENTRIES;

let ajvInstance: Ajv | undefined;
function ajv(): Ajv {
  ajvInstance ??= new Ajv({ allErrors: true, strict: false, validateSchema: true });
  return ajvInstance;
}

/** Compiled config schemas, by schema object: a pack's many entries of one type share one. */
const compiled = new WeakMap<JsonSchemaObject, ValidateFunction | Error>();

function configValidator(schema: JsonSchemaObject): ValidateFunction | Error {
  let v = compiled.get(schema);
  if (v === undefined) {
    try {
      v = ajv().compile(schema);
    } catch (error) {
      v = error instanceof Error ? error : new Error(String(error));
    }
    compiled.set(schema, v);
  }
  return v;
}

/** `value` against a custom type's schema for its config (or one field of it), located under `at`. */
export function checkCustomValue(
  schema: JsonSchemaObject,
  value: unknown,
  at: string,
  what: string,
): FileDiagnostic[] {
  const validate = configValidator(schema);
  if (validate instanceof Error)
    return [
      {
        pointer: at,
        severity: "error",
        code: "custom-system-schema",
        message: `the registered config schema of ${what} does not compile: ${validate.message}`,
      },
    ];
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => ({
    pointer: at + e.instancePath,
    severity: "error" as const,
    code: "schema",
    // A field the schema does not allow is named: Ajv's message leaves it out.
    message: `${what}: ${e.instancePath === "" ? "the value" : quote(e.instancePath)} ${
      e.keyword === "additionalProperties"
        ? `has no field ${quote(e.params.additionalProperty)}`
        : (e.message ?? "is invalid")
    }`,
  }));
}

/** One entry of `list` (a `systems`, `goals` or `loseConditions` array) whose type is custom, located at `at`. */
export function checkCustomEntry(
  list: CustomEntryList,
  entry: Record<string, unknown>,
  custom: CustomType,
  at: string,
): FileDiagnostic[] {
  const { what, fields, idRequired } = CUSTOM_ENTRIES[list];
  const type = String(entry.type);
  const found: FileDiagnostic[] = [];
  for (const field of Object.keys(entry))
    if (!(fields as readonly string[]).includes(field))
      found.push({
        pointer: at + pointerOf(field),
        severity: "error",
        code: "schema",
        message: `a ${what} entry has no field ${quote(field)}`,
        hint: `a ${what} entry holds ${fields.join(", ")}`,
      });
  if ((idRequired || entry.id !== undefined) && typeof entry.id !== "string")
    found.push({
      pointer: entry.id === undefined ? at : at + pointerOf("id"),
      severity: "error",
      code: "schema",
      message: `a ${what} entry needs a string "id", found ${entry.id === undefined ? "none" : jsonType(entry.id)}`,
    });
  for (const [field, kind] of [
    ["enabled", "boolean"],
    ["display", "object"],
  ] as const) {
    const value = entry[field];
    if (value !== undefined && (typeof value !== kind || value === null || Array.isArray(value)))
      found.push({
        pointer: at + pointerOf(field),
        severity: "error",
        code: "schema",
        message: `${quote(field)} must be ${kind === "boolean" ? "true or false" : "an object"}, found ${jsonType(value)}`,
      });
  }
  const config = entry.config ?? {};
  if (config === null || typeof config !== "object" || Array.isArray(config))
    found.push({
      pointer: at + pointerOf("config"),
      severity: "error",
      code: "schema",
      message: `the config of ${quote(type)} must be an object, found ${jsonType(config)}`,
    });
  else if (custom.configSchema)
    found.push(
      ...checkCustomValue(
        custom.configSchema,
        config,
        at + pointerOf("config"),
        `the config of ${quote(type)}`,
      ),
    );
  return found;
}

/**
 * A level's override of one config field of a custom system: `null` when its schema names no such
 * field (and forbids others), else what is wrong with the value.
 */
export function checkCustomOverride(
  custom: CustomType,
  type: string,
  field: string,
  value: unknown,
  at: string,
): FileDiagnostic[] | null {
  const schema = custom.configSchema;
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchemaObject>;
  const fieldSchema = Object.hasOwn(properties, field) ? properties[field] : undefined;
  if (fieldSchema === undefined) return schema.additionalProperties === false ? null : [];
  return checkCustomValue(fieldSchema, value, at, `override of ${type}.${field}`);
}
