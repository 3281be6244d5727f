/**
 * A list of items of a union discriminated by `type` (a level's goals, its lose conditions, the story
 * screens of the game's sequence): each item's type chosen from the schema's variants and its fields
 * in a schema form; items added and removed. Each change hands back the whole new list.
 * @module
 */
import type { JsonSchemaObject, JsonValue } from "@gridponder/schema";
import { skeletonOf, type Variant, variantsOf } from "../model/schema-fields.js";
import { h, pushButton } from "./dom.js";
import { type JsonObject, schemaForm } from "./schema-form.js";

export interface ConditionListOptions {
  readonly root: JsonSchemaObject;
  /** The union's schema (resolved), e.g. the `Goal` definition. */
  readonly union: Readonly<Record<string, unknown>>;
  /** The list's heading, and the word for one item ("goal"). */
  readonly title: string;
  readonly noun: string;
  /** Fewest items the list may keep (a level needs one goal). */
  readonly minItems: number;
  readonly namesOf?: (sort: string) => readonly string[];
  /** Gives a new item of `variant` an id free in `items`, when the items have ids. */
  readonly newId?: (items: readonly JsonValue[]) => string;
  readonly changed: (items: JsonValue[], label: string) => void;
  /** Completes a new item (or one whose type changed) from what the level knows, e.g. a move limit. */
  readonly complete?: (item: JsonObject) => JsonObject;
  /** Extra controls under an item's fields (a button to paint a board_match target). */
  readonly extra?: (item: JsonObject, index: number) => HTMLElement | null;
}

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** A new item of `variant`: its required fields at their simplest, keeping `keep` (id, display). */
export function newItem(variant: Variant, root: JsonSchemaObject, keep: JsonObject = {}): JsonObject {
  const skeleton = skeletonOf(variant.schema, root);
  const base = isObject(skeleton) ? skeleton : {};
  const kept: Record<string, JsonValue> = {};
  const props = variant.schema.properties;
  for (const [k, v] of Object.entries(keep))
    if (k !== "type" && k !== "config" && isObject(props) && Object.hasOwn(props, k)) kept[k] = v;
  return { ...base, ...kept, type: variant.tag };
}

export function conditionList(items: readonly JsonValue[], options: ConditionListOptions): HTMLElement {
  const variants = variantsOf(options.union, options.root);
  const replace = (index: number, item: JsonValue, label: string) =>
    options.changed(
      items.map((old, i) => (i === index ? item : old)),
      label,
    );
  const rows = items.map((item, index) => {
    const label = `${options.noun[0]?.toUpperCase()}${options.noun.slice(1)} ${index + 1}`;
    const object = isObject(item) ? item : {};
    const tag = typeof object.type === "string" ? object.type : "";
    const variant = variants.find((v) => v.tag === tag);
    const type = h("select", { attrs: { "aria-label": `${label} type` } }, [
      ...(variant ? [] : [h("option", { text: tag || "(no type)", attrs: { value: tag } })]),
      ...variants.map((v) => h("option", { text: v.tag, attrs: { value: v.tag, title: v.description } })),
    ]);
    type.value = tag;
    type.addEventListener("change", () => {
      const next = variants.find((v) => v.tag === type.value);
      if (!next) return;
      const made = newItem(next, options.root, object);
      replace(index, options.complete?.(made) ?? made, `make ${options.noun} ${index + 1} ${next.tag}`);
    });
    const remove = pushButton(
      "Remove",
      () =>
        options.changed(
          items.filter((_, i) => i !== index),
          `remove ${options.noun} ${index + 1}`,
        ),
      { class: "remove", attrs: { "aria-label": `Remove ${options.noun} ${index + 1}` } },
    );
    remove.disabled = items.length <= options.minItems;
    const body = variant
      ? schemaForm(
          variant.schema,
          object,
          (next) => replace(index, next, `edit ${options.noun} ${index + 1}`),
          {
            root: options.root,
            label,
            omit: ["type"],
            ...(options.namesOf ? { namesOf: options.namesOf } : {}),
          },
        )
      : h("p", { class: "muted", text: `Unknown type "${tag}": choose one above or edit it in JSON.` });
    return h("fieldset", { class: "condition" }, [
      h("legend", { text: label }),
      h("div", { class: "form-row" }, [type, remove]),
      h("p", { class: "muted condition-about", text: variant?.description ?? "" }),
      body,
      options.extra?.(object, index) ?? null,
    ]);
  });
  const first = variants[0];
  const add = pushButton(`Add ${options.noun}`, () => {
    if (!first) return;
    const id: JsonObject = options.newId ? { id: options.newId(items) } : {};
    const made = newItem(first, options.root, id);
    options.changed([...items, options.complete?.(made) ?? made], `add a ${options.noun}`);
  });
  return h("fieldset", { class: "condition-list" }, [
    h("legend", { text: `${options.title} (${items.length})` }),
    ...rows,
    add,
  ]);
}

/** An id like `goal`, `goal_2`, ... not yet taken by an item of `items`. */
export function freeId(items: readonly JsonValue[], stem: string): string {
  const taken = new Set(items.map((i) => (isObject(i) && typeof i.id === "string" ? i.id : "")));
  if (!taken.has(stem)) return stem;
  let n = 2;
  while (taken.has(`${stem}_${n}`)) n++;
  return `${stem}_${n}`;
}
