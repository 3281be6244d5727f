/**
 * Effects: the state changes in a rule's `then`. Each effect is an object with exactly one key,
 * which names the change. Fields typed `… | ValueRef` also take a `$` reference, resolved right
 * before the effect runs; an effect whose reference resolves to nothing is skipped.
 * @module
 */
import type {
  CardinalDirection,
  EmitterId,
  EntityKindId,
  JsonValue,
  LayerId,
  Position,
  ScalarValue,
  TagName,
  VariableName,
} from "../common.js";
import type { ValueRef } from "./value-ref.js";

/**
 * A whole number used by an effect, such as an increment.
 * @asType integer
 */
export type EffectInteger = number;

/**
 * The name of an animation declared in the `animations` of the affected entity's kind. The engine
 * plays it on the entity before the change takes effect.
 * @maxLength 64
 */
export type AnimationName = string;

/** An effect parameter with no settings: always the empty object `{}`. */
export type NoParams = Record<string, never>;

/** What `spawn` creates. Any key besides the named ones is an instance parameter of the new entity. */
export interface SpawnParams {
  /** The cell to place the entity in. */
  position: Position | ValueRef;
  /** The layer to place it on. */
  layer: LayerId;
  /** The kind of the new entity. */
  kind: EntityKindId | ValueRef;
  /** Instance parameters of the new entity, by name (for example `"value": 5`); values may be `$` references. */
  [param: string]: JsonValue;
}

/** Places a new entity on the board. Emits `object_placed`. */
export interface SpawnEffect {
  /** Where, on which layer, and what to place. */
  spawn: SpawnParams;
}

/** What `destroy` removes. */
export interface DestroyParams {
  /** The cell to clear. */
  position: Position | ValueRef;
  /** The layer to remove the entity from. */
  layer: LayerId;
  /** An animation to play on the entity before it disappears. Without it the entity vanishes at once. */
  animation?: AnimationName;
}

/** Removes the entity in a cell. Emits `object_removed`, plus `cell_cleared` when the cell ends up empty. */
export interface DestroyEffect {
  /** The cell and layer to clear. */
  destroy: DestroyParams;
}

/** What `transform` changes. */
export interface TransformParams {
  /** The cell whose entity changes. */
  position: Position | ValueRef;
  /** The layer of that entity. */
  layer: LayerId;
  /** The kind the entity becomes. */
  toKind: EntityKindId | ValueRef;
  /** An animation of the current (old) kind, played before the entity changes. */
  animation?: AnimationName;
}

/** Turns the entity in a cell into another kind, in place. Emits `cell_transformed`. */
export interface TransformEffect {
  /** The cell, the layer and the new kind. */
  transform: TransformParams;
}

/** What `move_entity` moves. */
export interface MoveEntityParams {
  /** The cell the entity is taken from. */
  from: Position | ValueRef;
  /** The cell it is put in. */
  to: Position | ValueRef;
  /** The layer it moves on. */
  layer: LayerId;
}

/** Moves an entity from one cell to another on the same layer. Emits `object_removed` and `object_placed`. */
export interface MoveEntityEffect {
  /** Source, destination and layer. */
  move_entity: MoveEntityParams;
}

/** What `set_cell` writes. Any key besides the named ones is an instance parameter of the written entity. */
export interface SetCellParams {
  /** The cell to overwrite. */
  position: Position | ValueRef;
  /** The layer to write on. */
  layer: LayerId;
  /** The kind to write. */
  kind: EntityKindId | ValueRef;
  /** Instance parameters of the written entity, by name (for example `"value": 7`); values may be `$` references. */
  [param: string]: JsonValue;
}

/**
 * Overwrites a cell's content with a kind and parameters, whatever was there. Emits
 * `cell_transformed` when the cell held an entity, `object_placed` when it was empty.
 */
export interface SetCellEffect {
  /** The cell, the layer and the new content. */
  set_cell: SetCellParams;
}

/** Which emitter `release_from_emitter` triggers. */
export interface ReleaseFromEmitterParams {
  /** The id of the emitter (a multi-cell object such as a pipe). */
  emitterId: EmitterId;
}

/** Makes a queued emitter release its next item now. Emits `item_released`. */
export interface ReleaseFromEmitterEffect {
  /** The emitter to trigger. */
  release_from_emitter: ReleaseFromEmitterParams;
}

/** A selector by kind (and optionally tag too). */
export interface SelectByKind {
  /** Select entities of this kind. */
  kind: EntityKindId;
  /** Only those that also carry this tag. */
  tag?: TagName;
}

/** A selector by tag (and optionally kind too). */
export interface SelectByTag {
  /** Only entities of this kind as well. */
  kind?: EntityKindId;
  /** Select entities carrying this tag. */
  tag: TagName;
}

/** Picks entities on the board by `kind` and/or `tag`; with both, an entity must match both. */
export type EntitySelector = SelectByKind | SelectByTag;

/** What `apply_gravity` moves, and which way. */
export interface ApplyGravityParams {
  /** The entities that fall. */
  selector: EntitySelector;
  /** The direction they fall in, until something stops them. */
  direction: CardinalDirection;
}

/** Lets the selected entities fall in a direction until they come to rest. Emits `object_settled`. */
export interface ApplyGravityEffect {
  /** The entities and the direction. */
  apply_gravity: ApplyGravityParams;
}

/** What `set_variable` assigns. */
export interface SetVariableParams {
  /** The variable to set. */
  name: VariableName;
  /** The new value. */
  value: ScalarValue | ValueRef;
}

/** Sets a level variable to a value. Emits `variable_changed`. */
export interface SetVariableEffect {
  /** The variable and its new value. */
  set_variable: SetVariableParams;
}

/** What `increment_variable` adds. */
export interface IncrementVariableParams {
  /** The numeric variable to change. */
  name: VariableName;
  /** The amount to add; negative to subtract. */
  amount: EffectInteger | ValueRef;
}

/** Adds an amount to a numeric level variable. Emits `variable_changed`. */
export interface IncrementVariableEffect {
  /** The variable and the amount. */
  increment_variable: IncrementVariableParams;
}

/** What `set_inventory` puts in the avatar's slot. */
export interface SetInventoryParams {
  /** The item kind the avatar now carries (for example `$cell.objects.kind` to pick up what it stands on). */
  item: EntityKindId | ValueRef;
}

/** Puts an item in the avatar's single inventory slot, replacing what was there. Emits `inventory_changed`. */
export interface SetInventoryEffect {
  /** The item to carry. */
  set_inventory: SetInventoryParams;
}

/** Empties the avatar's inventory slot. Emits `inventory_changed`. */
export interface ClearInventoryEffect {
  /** No settings: write `{}`. */
  clear_inventory: NoParams;
}

/**
 * Completes the avatar move left pending by a `move_blocked` event earlier in this cascade: the
 * avatar steps into the cell it was blocked from (typically after a previous effect removed or
 * changed the blocker). Does nothing when no move is pending. Emits `avatar_exited` and
 * `avatar_entered`.
 */
export interface ResolveMoveEffect {
  /** No settings: write `{}`. */
  resolve_move: NoParams;
}

/**
 * A state change a rule makes when it fires. It is an object with exactly one key naming the change.
 * A rule's effects run in order, and each one sees the changes of those before it. The events they
 * emit are handled in the next cascade pass.
 */
export type Effect =
  | SpawnEffect
  | DestroyEffect
  | TransformEffect
  | MoveEntityEffect
  | SetCellEffect
  | ReleaseFromEmitterEffect
  | ApplyGravityEffect
  | SetVariableEffect
  | IncrementVariableEffect
  | SetInventoryEffect
  | ClearInventoryEffect
  | ResolveMoveEffect;

/** The key that names an effect, such as `destroy` or `set_inventory`. */
export type EffectKey = Effect extends infer E ? (E extends unknown ? keyof E : never) : never;
