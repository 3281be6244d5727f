/**
 * Value references: strings starting with `$` that an effect field may hold instead of a literal, so
 * the effect reads live game state when it runs.
 * @module
 */

/**
 * A value reference: a string starting with `$` that stands for a piece of live game state. Effect
 * fields typed `X | ValueRef` take either a literal `X` or one of these forms:
 *
 * - `$event.<field>` — a field of the payload of the event that triggered the rule, for example
 *   `$event.position` or `$event.kind`. Which fields exist depends on the event type (see the payload
 *   interfaces in `events.ts`).
 * - `$cell.<layer>.kind` — the kind of the entity on `<layer>` at the triggering event's `position`.
 * - `$cell.<layer>.param.<key>` — the instance parameter `<key>` of that same entity.
 * - `$avatar.position` — the avatar's current cell, as `[x, y]`.
 * - `$avatar.item` — the kind of the item the avatar carries, or `null` when its slot is empty.
 *
 * `$cell` always looks at the event's `position`; to inspect any other cell, test it with a `cell`
 * condition instead. References belong in effects only: conditions take literals.
 *
 * A reference is resolved right before the effect that holds it runs, against the state as it is at
 * that moment, so an earlier effect of the same rule can change what a later one reads (in
 * `[set_inventory $cell.objects.kind, destroy $event.position]` the kind is read before the entity
 * is destroyed). When a reference resolves to nothing (no such payload field, an empty cell, an empty
 * inventory) the effect holding it is skipped without error.
 *
 * Segments (event fields, layer ids, parameter keys) are identifiers: a letter or `_` followed by
 * letters, digits, `_` or `-`.
 * @pattern ^\$(event\.[A-Za-z_][A-Za-z0-9_-]*|cell\.[A-Za-z_][A-Za-z0-9_-]*\.(kind|param\.[A-Za-z_][A-Za-z0-9_-]*)|avatar\.(position|item))$
 * @maxLength 200
 */
export type ValueRef = string;

/** Where a value reference reads from: the triggering event, a cell at the event's position, or the avatar. */
export type ValueRefSource = "event" | "cell" | "avatar";

/** A parsed `$event.<field>` reference. */
export interface EventValueRef {
  /** Reads the triggering event's payload. */
  source: "event";
  /** The payload field to read, such as `position` or `kind`. */
  field: string;
}

/** A parsed `$cell.<layer>.kind` reference. */
export interface CellKindValueRef {
  /** Reads the board at the triggering event's position. */
  source: "cell";
  /** The layer whose entity is read. */
  layer: string;
  /** Reads the entity's kind. */
  field: "kind";
}

/** A parsed `$cell.<layer>.param.<key>` reference. */
export interface CellParamValueRef {
  /** Reads the board at the triggering event's position. */
  source: "cell";
  /** The layer whose entity is read. */
  layer: string;
  /** Reads one of the entity's instance parameters. */
  field: "param";
  /** The name of the instance parameter. */
  param: string;
}

/** A parsed `$avatar.position` or `$avatar.item` reference. */
export interface AvatarValueRef {
  /** Reads the avatar. */
  source: "avatar";
  /** `position`: the avatar's `[x, y]` cell; `item`: the kind it carries, or `null`. */
  field: "position" | "item";
}

/** The structure of a well-formed value reference, as returned by `parseValueRef`. */
export type ParsedValueRef = EventValueRef | CellKindValueRef | CellParamValueRef | AvatarValueRef;
