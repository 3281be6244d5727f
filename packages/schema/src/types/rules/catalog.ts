/**
 * Run-time companions of the rule types: the complete lists of event types, condition keys and
 * effect keys (checked against the types by the compiler), the payload fields of each event, and a
 * parser for `$` value references.
 * @module
 */
import type { ConditionKey } from "./conditions.js";
import type { EffectKey } from "./effects.js";
import type { EventPayloads, EventType } from "./events.js";
import type { ParsedValueRef } from "./value-ref.js";

/**
 * Returns a function that accepts a list of `T` values and fails to compile, naming the missing
 * members, unless the list holds every member of `T`.
 */
function completeList<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): readonly T[] => list;
}

/** Every event type a rule can listen to, in catalog order. */
// Pure (annotated) so that bundles which use none of the lists leave them out.
const allEventTypes = /* @__PURE__ */ completeList<EventType>();
export const EVENT_TYPES: readonly EventType[] = /* @__PURE__ */ allEventTypes([
  "avatar_entered",
  "avatar_exited",
  "move_blocked",
  "object_placed",
  "object_removed",
  "object_pushed",
  "object_settled",
  "cell_cleared",
  "cell_transformed",
  "boxes_merged",
  "inventory_changed",
  "variable_changed",
  "tiles_slid",
  "tiles_merged",
  "item_released",
  "tile_moved",
  "entity_spawn",
  "entity_path",
  "multi_cell_object_moved",
  "multi_cell_object_exited",
  "overlay_moved",
  "region_rotated",
  "region_flipped",
  "cells_swapped",
  "region_transformed",
  "cells_flooded",
  "actor_selected",
  "actor_moved",
  "actor_entered",
  "actor_blocked",
  "actor_reacted",
  "cell_claimed",
  "line_of_sight_detected",
  "action_vetoed",
  "npc_moved",
  "npc_caught",
  "goal_step_completed",
  "turn_ended",
]);

/** The key of every condition, combinators included. */
// Pure (annotated) so that bundles which use none of the lists leave them out.
const allConditionKeys = /* @__PURE__ */ completeList<ConditionKey>();
export const CONDITION_KEYS: readonly ConditionKey[] = /* @__PURE__ */ allConditionKeys([
  "position",
  "position_has_tag",
  "event",
  "cell",
  "avatar",
  "variable",
  "emitter_has_next",
  "board_count",
  "all_of",
  "any_of",
  "not",
]);

/** The key of every effect. */
// Pure (annotated) so that bundles which use none of the lists leave them out.
const allEffectKeys = /* @__PURE__ */ completeList<EffectKey>();
export const EFFECT_KEYS: readonly EffectKey[] = /* @__PURE__ */ allEffectKeys([
  "spawn",
  "destroy",
  "transform",
  "move_entity",
  "set_cell",
  "release_from_emitter",
  "apply_gravity",
  "set_variable",
  "increment_variable",
  "set_inventory",
  "clear_inventory",
  "resolve_move",
]);

/** For each event type, the names of its payload fields. */
export type EventFieldLists = { readonly [K in EventType]: readonly (keyof EventPayloads[K] & string)[] };

/** The `event.field` pairs that a field list leaves out (never when it is complete). */
type MissingFields<M extends EventFieldLists> = {
  [K in EventType]: `${K}.${Exclude<keyof EventPayloads[K] & string, M[K][number]>}`;
}[EventType];

/** Returns the field lists, failing to compile (naming `event.field`) when one leaves a payload field out. */
function completeFields<const M extends EventFieldLists>(
  lists: M & ([MissingFields<M>] extends [never] ? unknown : { missing: MissingFields<M> }),
): EventFieldLists {
  return lists;
}

/**
 * The payload fields of every event type: what `$event.<field>` can read in a rule listening to that
 * type. For events the rules catalog does not describe, the lists are a best guess (see `events.ts`),
 * so tools should warn rather than fail on a field missing here.
 */
export const EVENT_FIELDS: EventFieldLists = /* @__PURE__ */ completeFields({
  avatar_entered: ["position", "direction", "fromPosition"],
  avatar_exited: ["position"],
  move_blocked: ["position", "direction", "fromPosition", "blockerKind"],
  object_placed: ["position", "kind", "params"],
  object_removed: ["position", "kind", "animation"],
  object_pushed: ["kind", "fromPosition", "toPosition", "direction"],
  object_settled: ["kind", "position", "fromPosition", "layer", "fromKind"],
  cell_cleared: ["position", "previousKind", "layer"],
  cell_transformed: ["position", "fromKind", "toKind", "layer"],
  boxes_merged: ["position", "kind"],
  inventory_changed: ["oldItem", "newItem"],
  variable_changed: ["variable", "oldValue", "newValue"],
  tiles_slid: ["direction", "movedCount"],
  tiles_merged: ["position", "resultValue", "inputValues", "sources"],
  item_released: ["emitterId", "kind", "position", "params"],
  tile_moved: ["kind", "fromPosition", "toPosition"],
  entity_spawn: ["kind", "position"],
  entity_path: ["kind", "path"],
  multi_cell_object_moved: ["objectId", "kind", "direction"],
  multi_cell_object_exited: ["objectId", "kind", "direction"],
  overlay_moved: ["position", "direction"],
  region_rotated: ["position", "rotation"],
  region_flipped: ["position", "axis"],
  cells_swapped: ["position", "direction"],
  region_transformed: ["position", "operation"],
  cells_flooded: ["positions"],
  actor_selected: ["position", "kind"],
  actor_moved: ["position", "fromPosition", "direction", "kind"],
  actor_entered: ["position", "direction", "kind"],
  actor_blocked: ["position", "direction", "kind"],
  actor_reacted: ["position", "fromPosition", "direction", "kind"],
  cell_claimed: ["position", "layer", "kind", "ownerKind"],
  line_of_sight_detected: ["position", "kind", "sourcePosition", "sourceId", "sourceKind"],
  action_vetoed: ["reason"],
  npc_moved: ["npcId", "kind", "layer", "fromPosition", "toPosition", "position"],
  npc_caught: ["npcId", "kind", "position"],
  goal_step_completed: ["goalId", "stepIndex"],
  turn_ended: ["turnNumber"],
});

// ---------------------------------------------------------------------------
// Value references
// ---------------------------------------------------------------------------

/**
 * The grammar of a value reference as a regular expression. It is the same expression as the
 * `@pattern` of the `ValueRef` type (a test keeps the two in step).
 */
export const VALUE_REF_PATTERN: RegExp =
  /^\$(event\.[A-Za-z_][A-Za-z0-9_-]*|cell\.[A-Za-z_][A-Za-z0-9_-]*\.(kind|param\.[A-Za-z_][A-Za-z0-9_-]*)|avatar\.(position|item))$/;

/** One segment of a reference: an event field, a layer id or a parameter key. */
const SEGMENT = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The accepted forms, quoted in error messages. */
const FORMS =
  "$event.<field>, $cell.<layer>.kind, $cell.<layer>.param.<key>, $avatar.position or $avatar.item";

/** The edit distance between two short strings (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost));
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/**
 * ` (did you mean x?)` for the candidate closest to `word` (within two edits, or starting with
 * `word`), or an empty string when none is close.
 */
function suggestion(word: string, candidates: readonly string[], render: (c: string) => string): string {
  let best: string | undefined;
  let bestDistance = 3;
  const lower = word.toLowerCase();
  for (const c of candidates) {
    const d = c.startsWith(lower) ? 1 : editDistance(lower, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best === undefined ? "" : ` (did you mean ${render(best)}?)`;
}

/**
 * Parses a `$` value reference into its parts, or explains what is wrong with it.
 *
 * Accepts exactly the forms of the `ValueRef` grammar: `$event.<field>`, `$cell.<layer>.kind`,
 * `$cell.<layer>.param.<key>`, `$avatar.position` and `$avatar.item`. Whether the named event field,
 * layer or parameter exists is not checked here; that needs the game and the rule's event type.
 */
export function parseValueRef(text: string): ParsedValueRef | { error: string } {
  const shown = JSON.stringify(text);
  if (!text.startsWith("$")) {
    return { error: `${shown} is not a value reference: references start with "$"` };
  }
  if (text === "$") {
    return { error: `"$" alone is not a value reference; write one of ${FORMS}` };
  }
  const parts = text.slice(1).split(".");
  for (const part of parts) {
    if (part === "") {
      return { error: `${shown} has an empty segment (a dot at the start or end, or two dots in a row)` };
    }
    if (!SEGMENT.test(part)) {
      return {
        error: `${shown}: ${JSON.stringify(part)} is not a valid name; names start with a letter or "_" and contain only letters, digits, "_" and "-"`,
      };
    }
  }
  const [source = "", ...rest] = parts;
  switch (source) {
    case "event": {
      const [field, ...more] = rest;
      if (field === undefined) {
        return {
          error: `${shown} names no payload field; write $event.<field>, for example $event.position`,
        };
      }
      if (more.length > 0) {
        return {
          error: `${shown}: $event reads one top-level payload field, so "${field}.${more.join(".")}" cannot be read; use $event.${field}`,
        };
      }
      return { source: "event", field };
    }
    case "cell": {
      const [layer, field, ...more] = rest;
      if (layer === undefined) {
        return {
          error: `${shown} names no layer; write $cell.<layer>.kind or $cell.<layer>.param.<key>, for example $cell.objects.kind`,
        };
      }
      if (field === undefined) {
        return { error: `${shown} names no field; write $cell.${layer}.kind or $cell.${layer}.param.<key>` };
      }
      if (field === "kind") {
        if (more.length > 0) {
          return { error: `${shown}: nothing may follow "kind"; write $cell.${layer}.kind` };
        }
        return { source: "cell", layer, field: "kind" };
      }
      if (field === "param") {
        const [param, ...beyond] = more;
        if (param === undefined) {
          return { error: `${shown} names no parameter; write $cell.${layer}.param.<key>` };
        }
        if (beyond.length > 0) {
          return {
            error: `${shown}: a parameter key is a single name, so "${more.join(".")}" cannot be read; write $cell.${layer}.param.${param}`,
          };
        }
        return { source: "cell", layer, field: "param", param };
      }
      const near = suggestion(field, ["kind", "param"], (c) => `$cell.${layer}.${c}`);
      const hint =
        near !== "" || more.length > 0
          ? near
          : `; to read the parameter ${JSON.stringify(field)}, write $cell.${layer}.param.${field}`;
      return {
        error: `${shown}: a cell reference reads "kind" or "param.<key>", not ${JSON.stringify(field)}${hint}`,
      };
    }
    case "avatar": {
      const [field, ...more] = rest;
      if (field === undefined) {
        return { error: `${shown} names no field; write $avatar.position or $avatar.item` };
      }
      if (more.length === 0 && (field === "position" || field === "item")) {
        return { source: "avatar", field };
      }
      const near = more.length === 0 ? suggestion(field, ["position", "item"], (c) => `$avatar.${c}`) : "";
      return {
        error: `${shown}: the avatar has only $avatar.position and $avatar.item${near}`,
      };
    }
    default: {
      const near = suggestion(source, ["event", "cell", "avatar"], (c) => `$${c}`);
      return {
        error: `${shown}: unknown source ${JSON.stringify(source)}${near}; a reference is one of ${FORMS}`,
      };
    }
  }
}

/** Writes a parsed value reference back as its `$` string; `parseValueRef` turns it back into the same parts. */
export function formatValueRef(ref: ParsedValueRef): string {
  switch (ref.source) {
    case "event":
      return `$event.${ref.field}`;
    case "cell":
      return ref.field === "kind" ? `$cell.${ref.layer}.kind` : `$cell.${ref.layer}.param.${ref.param}`;
    case "avatar":
      return `$avatar.${ref.field}`;
  }
}
