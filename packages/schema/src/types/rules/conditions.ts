/**
 * Conditions: the tests in a rule's `where` and `if`. Each condition is an object with exactly one
 * key, which names the test; combinators nest other conditions.
 * @module
 */
import type {
  EmitterId,
  EntityKindId,
  JsonValue,
  LayerId,
  Position,
  ScalarValue,
  TagName,
  VariableName,
} from "../common.js";

/** How a measured value is compared with the given one: equal, not equal, greater, at least, less, at most. */
export type ConditionOperator = "eq" | "neq" | "gt" | "gte" | "lt" | "lte";

// ---------------------------------------------------------------------------
// Tests on the triggering event (typically in `where`)
// ---------------------------------------------------------------------------

/** Holds when the triggering event's `position` is the given cell. */
export interface PositionCondition {
  /** The cell the event's position must equal. */
  position: Position;
}

/** What `position_has_tag` looks for at the event's position. */
export interface PositionHasTagParams {
  /** The layer to look at. */
  layer: LayerId;
  /** The tag the entity on that layer must carry. */
  tag: TagName;
}

/** Holds when, at the triggering event's `position`, the entity on a layer carries a tag. */
export interface PositionHasTagCondition {
  /** The layer and tag to test at the event's position. */
  position_has_tag: PositionHasTagParams;
}

/** An `event` test on the payload's `kind` (optionally also on a parameter). */
export interface EventKindMatch {
  /** The payload's `kind` must be this kind. */
  kind: EntityKindId;
  /**
   * A payload field that must also hold `equals`.
   * @maxLength 64
   */
  param?: string;
  /** The value the `param` field must hold. Needed whenever `param` is given. */
  equals?: JsonValue;
}

/** An `event` test on one payload field (optionally also on the payload's `kind`). */
export interface EventParamMatch {
  /** The payload's `kind` must also be this kind. */
  kind?: EntityKindId;
  /**
   * The payload field to compare.
   * @maxLength 64
   */
  param: string;
  /** The value that field must hold. */
  equals: JsonValue;
}

/**
 * What an `event` condition compares: the payload's `kind`, a payload field against a value, or
 * both (then both must match). `param` and `equals` go together.
 */
export type EventMatchParams = EventKindMatch | EventParamMatch;

/**
 * Holds when fields of the triggering event's payload have the given values. Often used in `where`,
 * but it works in `if` as well.
 */
export interface EventCondition {
  /** The payload fields to compare. */
  event: EventMatchParams;
}

// ---------------------------------------------------------------------------
// Tests on the game state (typically in `if`)
// ---------------------------------------------------------------------------

/** Fields of every `cell` test. */
export interface CellCheckBase {
  /** The cell to inspect. */
  position: Position;
  /** The layer to inspect. */
  layer: LayerId;
}

/** A `cell` test on the kind of the entity there. */
export interface CellKindCheck extends CellCheckBase {
  /** The cell must hold exactly this kind. */
  kind: EntityKindId;
}

/** A `cell` test on whether the cell is empty. */
export interface CellEmptyCheck extends CellCheckBase {
  /** `true`: the cell must be empty on that layer; `false`: it must hold an entity. */
  isEmpty: boolean;
}

/** A `cell` test on a tag of the entity there. */
export interface CellTagCheck extends CellCheckBase {
  /** The entity in the cell must carry this tag. */
  hasTag: TagName;
}

/** What a `cell` condition tests: a position and layer, plus exactly one of `kind`, `isEmpty` or `hasTag`. */
export type CellCheckParams = CellKindCheck | CellEmptyCheck | CellTagCheck;

/** Holds when a given cell on a given layer holds a kind, is (not) empty, or holds an entity with a tag. */
export interface CellCondition {
  /** The cell, the layer and the test. */
  cell: CellCheckParams;
}

/** An `avatar` test that includes the avatar's position. */
export interface AvatarAtCheck {
  /** The avatar must stand on this cell. */
  at: Position;
  /** Also test the item slot; see {@link AvatarItemCheck.hasItem}. */
  hasItem?: EntityKindId | boolean;
}

/** An `avatar` test on the item slot only (or together with the position). */
export interface AvatarItemCheck {
  /** The avatar must also stand on this cell. */
  at?: Position;
  /**
   * A kind: the avatar must carry that item. `true`: it must carry something. `false`: its slot must
   * be empty.
   */
  hasItem: EntityKindId | boolean;
}

/** What an `avatar` condition tests: its cell, its item slot, or both (then both must hold). */
export type AvatarCheckParams = AvatarAtCheck | AvatarItemCheck;

/** Holds when the avatar stands on a cell and/or carries a given item (or any item, or none). */
export interface AvatarCondition {
  /** The avatar's expected position and/or item. */
  avatar: AvatarCheckParams;
}

/** What a `variable` condition compares. */
export interface VariableCheckParams {
  /** The variable to read. */
  name: VariableName;
  /** How the variable is compared with `value`. The ordering operators only make sense for numbers. */
  op: ConditionOperator;
  /** The value to compare with. */
  value: ScalarValue;
}

/** Holds when a level variable compares with a value as `op` says. */
export interface VariableCondition {
  /** The variable, the operator and the value. */
  variable: VariableCheckParams;
}

/** Which emitter `emitter_has_next` asks about. */
export interface EmitterHasNextParams {
  /** The id of the emitter (a multi-cell object such as a pipe). */
  emitterId: EmitterId;
}

/** Holds when an emitter still has items waiting in its queue. */
export interface EmitterHasNextCondition {
  /** The emitter to ask. */
  emitter_has_next: EmitterHasNextParams;
}

/** Fields of every `board_count` test. */
export interface BoardCountBase {
  /** How the count is compared with `value`. */
  op: ConditionOperator;
  /**
   * The number the count is compared with.
   * @asType integer
   * @minimum 0
   */
  value: number;
}

/** A `board_count` that counts entities of a kind (and, if `tag` is given, with that tag too). */
export interface BoardCountByKind extends BoardCountBase {
  /** Count entities of this kind. */
  kind: EntityKindId;
  /** Only count those that also carry this tag. */
  tag?: TagName;
}

/** A `board_count` that counts entities carrying a tag. */
export interface BoardCountByTag extends BoardCountBase {
  /** Only count entities of this kind as well. */
  kind?: EntityKindId;
  /** Count entities carrying this tag. */
  tag: TagName;
}

/** What a `board_count` condition counts (by `kind` and/or `tag`) and how the count is compared. */
export type BoardCountParams = BoardCountByKind | BoardCountByTag;

/** Holds when the number of entities on the board that match a selector compares with a value. */
export interface BoardCountCondition {
  /** The selector, the operator and the value. */
  board_count: BoardCountParams;
}

// ---------------------------------------------------------------------------
// Combinators
// ---------------------------------------------------------------------------

/** Holds when every listed condition holds (logical AND). An empty list always holds. */
export interface AllOfCondition {
  /** The conditions that must all hold. */
  all_of: Condition[];
}

/** Holds when at least one listed condition holds (logical OR). An empty list never holds. */
export interface AnyOfCondition {
  /** The conditions of which one must hold. */
  any_of: Condition[];
}

/** Holds when the nested condition does not. */
export interface NotCondition {
  /** The condition to negate. */
  not: Condition;
}

/**
 * A test that decides whether a rule fires. It is an object with exactly one key naming the test.
 *
 * The catalog sorts conditions into event tests meant for `where` (`position`, `position_has_tag`,
 * `event`) and state tests meant for `if` (`cell`, `avatar`, `variable`, `emitter_has_next`,
 * `board_count`), but both fields accept any condition, and combinators (`all_of`, `any_of`, `not`)
 * may mix them. Conditions take literal values only: `$` references are not resolved here.
 */
export type Condition =
  | PositionCondition
  | PositionHasTagCondition
  | EventCondition
  | CellCondition
  | AvatarCondition
  | VariableCondition
  | EmitterHasNextCondition
  | BoardCountCondition
  | AllOfCondition
  | AnyOfCondition
  | NotCondition;

/** The key that names a condition, such as `position_has_tag` or `all_of`. */
export type ConditionKey = Condition extends infer C ? (C extends unknown ? keyof C : never) : never;
