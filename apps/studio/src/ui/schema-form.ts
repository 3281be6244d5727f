/**
 * A form for a JSON object, built from its schema: a control per property (text, number, choice,
 * switch, list, nested group, or JSON text for what has no simpler control). Every committed change
 * hands back the whole new object; a blank optional field is left out of it. Pack text reaches the
 * page only as control values and text content.
 * @module
 */
import type { JsonSchemaObject, JsonValue } from "@gridponder/schema";
import { fieldsOf, type SchemaField } from "../model/schema-fields.js";
import { h } from "./dom.js";

export type JsonObject = { readonly [key: string]: JsonValue };

export interface SchemaFormOptions {
  readonly root: JsonSchemaObject;
  /** Prefixes each control's accessible name (`Goal 1`). */
  readonly label: string;
  /** Properties not shown (a discriminator edited elsewhere). */
  readonly omit?: readonly string[];
  /**
   * The fields shown at first; the others, unless set, wait in a closed "More fields" group (an
   * entity kind has a score of presentation fields most kinds leave out).
   */
  readonly primary?: readonly string[];
  /** The pack's names of a sort (`kind`, `layer`), offered as suggestions where a field refers to one. */
  readonly namesOf?: (sort: string) => readonly string[];
}

let datalists = 0;

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

function without(value: JsonObject, name: string): JsonObject {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(value)) if (k !== name) out[k] = v;
  return out;
}

function withValue(value: JsonObject, name: string, next: JsonValue | undefined): JsonObject {
  if (next === undefined) return without(value, name);
  return { ...value, [name]: next };
}

function invalid(control: HTMLElement, message: string | null): void {
  if (message === null) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("data-error");
  } else {
    control.setAttribute("aria-invalid", "true");
    control.dataset.error = message;
  }
}

function listText(value: JsonValue | undefined): string {
  return Array.isArray(value)
    ? value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join(", ")
    : "";
}

/** Reads a comma-separated list; numbers stay numbers where the items may be numbers. */
function parseList(text: string, numeric: boolean): JsonValue[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .map((s) => (numeric && /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s));
}

/** One property's control; `commit` takes its new value (undefined: leave the property out). */
function control(
  field: SchemaField,
  current: JsonValue | undefined,
  commit: (next: JsonValue | undefined) => void,
  options: SchemaFormOptions,
): HTMLElement {
  const name = `${options.label} ${field.name}`;
  const attrs = { "aria-label": name, title: field.description };
  switch (field.control) {
    case "boolean": {
      const box = h("input", { attrs: { ...attrs, type: "checkbox" } });
      box.checked = current === undefined ? field.defaultValue === true : current === true;
      box.addEventListener("change", () => commit(box.checked));
      return box;
    }
    case "choice": {
      const blank = field.required
        ? []
        : [
            h("option", {
              text: field.defaultValue === undefined ? "(none)" : `(default: ${String(field.defaultValue)})`,
              attrs: { value: "" },
            }),
          ];
      const select = h("select", { attrs }, [
        ...blank,
        ...field.choices.map((c) => h("option", { text: c, attrs: { value: c } })),
      ]);
      select.value = typeof current === "string" ? current : "";
      select.addEventListener("change", () => commit(select.value === "" ? undefined : select.value));
      return select;
    }
    case "object": {
      const inner = isObject(current) ? current : {};
      return h("fieldset", { class: "schema-group" }, [
        h("legend", { text: field.name, attrs: { title: field.description } }),
        schemaForm(field.schema, inner, (next) => commit(Object.keys(next).length > 0 ? next : undefined), {
          ...options,
          label: name,
          omit: [],
        }),
      ]);
    }
    case "json": {
      const text = current === undefined ? "" : JSON.stringify(current);
      const area = h("textarea", {
        class: "schema-json",
        attrs: { ...attrs, rows: text.length > 40 ? "3" : "1", spellcheck: "false" },
      });
      area.value = text;
      area.addEventListener("change", () => {
        const text = area.value.trim();
        if (text === "") {
          invalid(area, null);
          commit(undefined);
          return;
        }
        try {
          const parsed = JSON.parse(text) as JsonValue;
          invalid(area, null);
          commit(parsed);
        } catch (error) {
          invalid(area, `not JSON: ${(error as Error).message}`);
        }
      });
      return area;
    }
    case "longtext": {
      const area = h("textarea", { attrs: { ...attrs, rows: "3" } });
      area.value = typeof current === "string" ? current : "";
      area.addEventListener("change", () =>
        commit(area.value === "" && !field.required ? undefined : area.value),
      );
      return area;
    }
    default: {
      const numeric = field.control === "number" || field.control === "integer";
      const input = h("input", {
        attrs: {
          ...attrs,
          type: numeric ? "number" : "text",
          ...(field.control === "integer" ? { step: "1" } : {}),
          ...(field.minimum !== undefined ? { min: String(field.minimum) } : {}),
          ...(field.defaultValue !== undefined && !Array.isArray(field.defaultValue)
            ? { placeholder: String(field.defaultValue) }
            : {}),
        },
      });
      input.value =
        field.control === "list"
          ? listText(current)
          : current === undefined || current === null
            ? ""
            : typeof current === "object"
              ? JSON.stringify(current)
              : String(current);
      const names = field.refersTo ? (options.namesOf?.(field.refersTo) ?? []) : [];
      let suggestions: HTMLElement | null = null;
      if (names.length > 0) {
        const id = `schema-names-${++datalists}`;
        suggestions = h(
          "datalist",
          { attrs: { id } },
          names.map((n) => h("option", { attrs: { value: n } })),
        );
        input.setAttribute("list", id);
      }
      input.addEventListener("change", () => {
        const text = input.value.trim();
        if (field.control === "list") {
          commit(text === "" && !field.required ? undefined : parseList(text, field.itemsNumeric));
          return;
        }
        if (text === "") {
          invalid(input, null);
          commit(field.required && !numeric ? "" : undefined);
          return;
        }
        if (!numeric) {
          commit(input.value);
          return;
        }
        const n = Number(text);
        if (!Number.isFinite(n) || (field.control === "integer" && !Number.isInteger(n))) {
          invalid(input, field.control === "integer" ? "a whole number" : "a number");
          return;
        }
        invalid(input, null);
        commit(n);
      });
      return suggestions ? h("span", { class: "schema-suggest" }, [input, suggestions]) : input;
    }
  }
}

/** The form of an object `value` with schema `schema`; `changed` gets each committed new object. */
export function schemaForm(
  schema: Readonly<Record<string, unknown>>,
  value: JsonObject,
  changed: (next: JsonObject) => void,
  options: SchemaFormOptions,
): HTMLElement {
  const fields = fieldsOf(schema, options.root, options.omit ?? []);
  let current = value;
  const row = (field: SchemaField): HTMLElement => {
    const own = Object.hasOwn(current, field.name) ? current[field.name] : undefined;
    const node = control(
      field,
      own,
      (next) => {
        current = withValue(current, field.name, next);
        changed(current);
      },
      { ...options, primary: undefined },
    );
    if (field.control === "object") return node;
    return h("label", { class: `form-field schema-field schema-${field.control}` }, [
      h("span", { text: `${field.name}${field.required ? " *" : ""}`, attrs: { title: field.description } }),
      node,
    ]);
  };
  const first = options.primary;
  const shownFirst = (f: SchemaField) =>
    !first || first.includes(f.name) || f.required || Object.hasOwn(value, f.name);
  const rows: HTMLElement[] = fields.filter(shownFirst).map(row);
  const more = fields.filter((f) => !shownFirst(f));
  if (more.length > 0)
    rows.push(
      h("details", { class: "schema-more" }, [
        h("summary", { text: `More fields (${more.map((f) => f.name).join(", ")})` }),
        ...more.map(row),
      ]),
    );
  // Properties the schema does not know (a newer DSL, a typo) stay in the object untouched; say so.
  const known = new Set(fields.map((f) => f.name).concat(options.omit ?? []));
  const unknown = Object.keys(value).filter((k) => !known.has(k) && k !== "$schema");
  if (unknown.length > 0)
    rows.push(h("p", { class: "muted", text: `Also set (edit in JSON): ${unknown.join(", ")}` }));
  return h("div", { class: "schema-form" }, rows);
}
