/**
 * The events that systems, effects and the engine emit during a turn, and the payload each one
 * carries. A rule listens to one event type (its `on`); the payload fields are what `where`
 * conditions match and what `$event.<field>` references read.
 *
 * Payloads of events the rules catalog describes are listed in full. For events that only the
 * system catalog names, the payload is not specified anywhere; their interfaces list the fields the
 * system descriptions imply, all optional, and should be read as a best guess.
 * @module
 */
import type {
  Direction,
  EmitterId,
  EntityKindId,
  GoalId,
  JsonValue,
  LayerId,
  Position,
  VariableName,
} from "../common.js";

/**
 * The type of an event, as written in a rule's `on`.
 *
 * - Avatar: `avatar_entered`, `avatar_exited`, `move_blocked`.
 * - Objects on the board: `object_placed`, `object_removed`, `object_pushed`, `object_settled`,
 *   `cell_cleared`, `cell_transformed`, `boxes_merged`.
 * - Inventory and variables: `inventory_changed`, `variable_changed`.
 * - Sliding tiles and emitters: `tiles_slid`, `tiles_merged`, `item_released`.
 * - Motion (renderer pacing, emitted alongside the state events): `tile_moved`, `entity_spawn`,
 *   `entity_path`.
 * - Multi-cell objects: `multi_cell_object_moved`, `multi_cell_object_exited`.
 * - Overlay and regions: `overlay_moved`, `region_rotated`, `region_flipped`, `cells_swapped`,
 *   `region_transformed`, `cells_flooded`.
 * - Actors: `actor_selected`, `actor_moved`, `actor_entered`, `actor_blocked`, `actor_reacted`,
 *   `cell_claimed`.
 * - Detection: `line_of_sight_detected`.
 * - Turn bookkeeping: `action_vetoed`, `npc_moved`, `npc_caught`, `goal_step_completed`, `turn_ended`.
 */
export type EventType =
  | "avatar_entered"
  | "avatar_exited"
  | "move_blocked"
  | "object_placed"
  | "object_removed"
  | "object_pushed"
  | "object_settled"
  | "cell_cleared"
  | "cell_transformed"
  | "boxes_merged"
  | "inventory_changed"
  | "variable_changed"
  | "tiles_slid"
  | "tiles_merged"
  | "item_released"
  | "tile_moved"
  | "entity_spawn"
  | "entity_path"
  | "multi_cell_object_moved"
  | "multi_cell_object_exited"
  | "overlay_moved"
  | "region_rotated"
  | "region_flipped"
  | "cells_swapped"
  | "region_transformed"
  | "cells_flooded"
  | "actor_selected"
  | "actor_moved"
  | "actor_entered"
  | "actor_blocked"
  | "actor_reacted"
  | "cell_claimed"
  | "line_of_sight_detected"
  | "action_vetoed"
  | "npc_moved"
  | "npc_caught"
  | "goal_step_completed"
  | "turn_ended";

// ---------------------------------------------------------------------------
// Avatar
// ---------------------------------------------------------------------------

/**
 * `avatar_entered`: the avatar arrived in a cell, by walking, being carried along by a push, sliding
 * on ice, resolving a blocked move, or teleporting. Emitted by `avatar_navigation`, `push_objects`,
 * `portals`, `anchor_point`, `ice_slide`, `sided_box` and the `resolve_move` effect.
 */
export interface AvatarEnteredEvent {
  /** The cell the avatar is now in. */
  position: Position;
  /**
   * The direction the avatar travelled. Teleports (such as `anchor_point` recalls) leave it out,
   * which is also why they never start an ice slide.
   */
  direction?: Direction;
  /** The cell the avatar came from. */
  fromPosition?: Position;
}

/** `avatar_exited`: the avatar left a cell. Always paired with an `avatar_entered` for its new cell. */
export interface AvatarExitedEvent {
  /** The cell the avatar left. */
  position: Position;
}

/**
 * `move_blocked`: the avatar tried to step into a cell holding a solid entity while
 * `avatar_navigation` runs with `solidHandling: "delegate"`. The move stays pending: a push system
 * may complete it, or a rule may clear the blocker and finish it with the `resolve_move` effect.
 */
export interface MoveBlockedEvent {
  /** The cell the avatar tried to enter. */
  position: Position;
  /** The direction of the attempted step. */
  direction: Direction;
  /** The avatar's cell, where it still stands. */
  fromPosition: Position;
  /** The kind of the solid entity in the way. */
  blockerKind: EntityKindId;
}

// ---------------------------------------------------------------------------
// Objects on the board
// ---------------------------------------------------------------------------

/**
 * `object_placed`: an entity appeared in a cell, because it was spawned, pushed, moved or
 * teleported there. When a level loads, every entity on every `zero_or_one` layer produces one of
 * these, run through the cascade once before play starts.
 */
export interface ObjectPlacedEvent {
  /** The cell the entity now occupies. */
  position: Position;
  /** The entity's kind. */
  kind: EntityKindId;
  /** The entity's instance parameters. */
  params?: { [name: string]: JsonValue };
}

/**
 * `object_removed`: an entity left a cell by any means (picked up, destroyed, pushed away,
 * consumed). Unlike `cell_cleared`, it is emitted even when something else takes the cell at once.
 */
export interface ObjectRemovedEvent {
  /** The cell the entity was removed from. */
  position: Position;
  /** The kind of the removed entity. */
  kind: EntityKindId;
  /** The animation played on the entity as it disappeared, when one was requested. */
  animation?: string;
}

/** `object_pushed`: the avatar (or a slide) shoved an object one cell along. Followed by `object_placed`. */
export interface ObjectPushedEvent {
  /** The kind of the pushed entity. */
  kind: EntityKindId;
  /** Where the entity was. */
  fromPosition: Position;
  /** Where the entity went. */
  toPosition: Position;
  /** The direction of the push. */
  direction: Direction;
}

/**
 * `object_settled`: an entity came to rest after falling or being carried, for example a piece of a
 * collapsing structure under `support_collapse`, or an entity moved by the `apply_gravity` effect.
 */
export interface ObjectSettledEvent {
  /** The entity's kind on arrival (after any settle transform). */
  kind: EntityKindId;
  /** The cell where it came to rest. */
  position: Position;
  /** The cell it started from. */
  fromPosition: Position;
  /**
   * The layer it rests on.
   * @default "objects"
   */
  layer?: LayerId;
  /**
   * The kind it had while travelling; differs from `kind` only when the system transformed it on
   * landing. Renderers draw the travel with this kind.
   */
  fromKind?: EntityKindId;
}

/** `cell_cleared`: a cell that held an entity is now empty. */
export interface CellClearedEvent {
  /** The cell that became empty. */
  position: Position;
  /** The kind of the entity that was there. */
  previousKind: EntityKindId;
  /**
   * The layer of the cell.
   * @default "objects"
   */
  layer?: LayerId;
}

/**
 * `cell_transformed`: the entity in a cell was swapped for one of another kind in place (by the
 * `transform` or `set_cell` effect, or by a system such as `flank_capture`).
 */
export interface CellTransformedEvent {
  /** The cell that changed. */
  position: Position;
  /** The kind before the change. */
  fromKind: EntityKindId;
  /** The kind after the change. */
  toKind: EntityKindId;
  /** The layer of the cell. */
  layer: LayerId;
}

/** `boxes_merged`: `sided_box` joined two sided boxes into one cell, their walls combined. */
export interface BoxesMergedEvent {
  /** The cell holding the merged box. */
  position?: Position;
  /** The kind of the merged box. */
  kind?: EntityKindId;
}

// ---------------------------------------------------------------------------
// Inventory and variables
// ---------------------------------------------------------------------------

/** `inventory_changed`: the avatar's single item slot now holds something else (or nothing). */
export interface InventoryChangedEvent {
  /** The item kind carried before, or `null` when the slot was empty. */
  oldItem: EntityKindId | null;
  /** The item kind carried now, or `null` when the slot is empty. */
  newItem: EntityKindId | null;
}

/** `variable_changed`: a level variable took a new value. */
export interface VariableChangedEvent {
  /** The variable's name. */
  variable: VariableName;
  /** Its value before the change. */
  oldValue: JsonValue;
  /** Its value after the change. */
  newValue: JsonValue;
}

// ---------------------------------------------------------------------------
// Sliding tiles and emitters
// ---------------------------------------------------------------------------

/** `tiles_slid`: `slide_merge` slid the tiles of the board in one direction. */
export interface TilesSlidEvent {
  /** The direction of the slide. */
  direction: Direction;
  /**
   * How many tiles changed cell.
   * @asType integer
   */
  movedCount: number;
}

/** `tiles_merged`: two tiles met during a slide and became one. */
export interface TilesMergedEvent {
  /** The cell of the tile the merge produced. */
  position: Position;
  /**
   * The value of the resulting tile.
   * @asType integer
   */
  resultValue: number;
  /** The values of the tiles that merged. */
  inputValues: number[];
  /** Motion data: the cells the merging tiles came from, for the renderer. */
  sources?: Position[];
}

/** `item_released`: an emitter (such as a pipe) put its next queued item on the board. */
export interface ItemReleasedEvent {
  /** The id of the emitting multi-cell object. */
  emitterId: EmitterId;
  /** The kind of the released entity. */
  kind: EntityKindId;
  /** The cell where it appeared. */
  position: Position;
  /** The released entity's instance parameters. */
  params?: { [name: string]: JsonValue };
}

// ---------------------------------------------------------------------------
// Motion events (renderer pacing)
// ---------------------------------------------------------------------------

/**
 * `tile_moved`: motion step for the renderer, emitted when an entity travels between cells (the
 * slide leg of `slide_merge`, a push, a portal exit). Renderers pace it with the kind's
 * `motion.moveDurationMs`.
 */
export interface TileMovedEvent {
  /** The kind of the travelling entity. */
  kind?: EntityKindId;
  /** Where it started. */
  fromPosition?: Position;
  /** Where it ended. */
  toPosition?: Position;
}

/** `entity_spawn`: motion step for the renderer when an entity appears (such as an item leaving a pipe). */
export interface EntitySpawnEvent {
  /** The kind of the new entity. */
  kind?: EntityKindId;
  /** The cell it appears in. */
  position?: Position;
}

/** `entity_path`: motion step for the renderer when an entity travels a multi-cell route (such as through a pipe). */
export interface EntityPathEvent {
  /** The kind of the travelling entity. */
  kind?: EntityKindId;
  /** The cells it passes through, in order. */
  path?: Position[];
}

// ---------------------------------------------------------------------------
// Multi-cell objects
// ---------------------------------------------------------------------------

/** `multi_cell_object_moved`: `sliding_blocks` moved a multi-cell object one cell. */
export interface MultiCellObjectMovedEvent {
  /** The id of the object that moved. */
  objectId?: EmitterId;
  /** The object's kind. */
  kind?: EntityKindId;
  /** The direction it moved. */
  direction?: Direction;
}

/** `multi_cell_object_exited`: a multi-cell object left the board through an exit edge and was removed. */
export interface MultiCellObjectExitedEvent {
  /** The id of the object that left. */
  objectId?: EmitterId;
  /** The object's kind. */
  kind?: EntityKindId;
  /** The direction it left in. */
  direction?: Direction;
}

// ---------------------------------------------------------------------------
// Overlay and regions
// ---------------------------------------------------------------------------

/** `overlay_moved`: `overlay_cursor` moved the overlay region. */
export interface OverlayMovedEvent {
  /** The overlay's new top-left cell. */
  position?: Position;
  /** The direction it moved. */
  direction?: Direction;
}

/**
 * `region_rotated`: the catalog's name for a rotation of the overlay region. No engine emits it:
 * `region_transform` reports every operation as `region_transformed`, so rules should listen to that.
 */
export interface RegionRotatedEvent {
  /** The overlay's top-left cell. */
  position?: Position;
  /** The sense of the rotation. */
  rotation?: "clockwise" | "counterclockwise";
}

/**
 * `region_flipped`: the catalog's name for a mirroring of the overlay region. No engine emits it:
 * `region_transform` reports every operation as `region_transformed`.
 */
export interface RegionFlippedEvent {
  /** The overlay's top-left cell. */
  position?: Position;
  /** The mirror axis. */
  axis?: "horizontal" | "vertical";
}

/**
 * `cells_swapped`: the catalog's name for a diagonal swap in the overlay region. No engine emits it:
 * `region_transform` reports every operation as `region_transformed`.
 */
export interface CellsSwappedEvent {
  /** The overlay's top-left cell. */
  position?: Position;
  /** The diagonal direction of the swap. */
  direction?: Direction;
}

/**
 * `region_transformed`: a `region_transform` operation (rotate, flip or diagonal swap) changed the
 * overlay region. The recorded conformance traces show this event type for all three operations.
 */
export interface RegionTransformedEvent {
  /** The overlay's top-left cell. */
  position?: Position;
  /** Which operation ran. */
  operation?: "rotate" | "flip" | "diagonal_swap";
}

/** `cells_flooded`: `flood_fill` recoloured or transformed a connected region. */
export interface CellsFloodedEvent {
  /** The cells that changed. */
  positions?: Position[];
}

// ---------------------------------------------------------------------------
// Actors
// ---------------------------------------------------------------------------

/** `actor_selected`: `individual_actors` selected the actor in a tapped cell. Selecting alone does not count as a move. */
export interface ActorSelectedEvent {
  /** The selected actor's cell. */
  position?: Position;
  /** The selected actor's kind. */
  kind?: EntityKindId;
}

/**
 * `actor_moved`: a player-driven actor (`coupled_actors` or `individual_actors`) moved one cell.
 * Systems such as `flank_capture` use its `position` as the anchor of their check.
 */
export interface ActorMovedEvent {
  /** The actor's new cell. */
  position: Position;
  /** The actor's previous cell. */
  fromPosition?: Position;
  /** The action's direction (not a per-actor transformed direction). */
  direction?: Direction;
  /** The actor's kind. */
  kind?: EntityKindId;
}

/** `actor_entered`: an actor arrived in a cell; emitted together with `actor_moved`. */
export interface ActorEnteredEvent {
  /** The cell the actor entered. */
  position: Position;
  /** The action's direction. */
  direction?: Direction;
  /** The actor's kind. */
  kind?: EntityKindId;
}

/** `actor_blocked`: an actor could not move (edge, wall or another actor) and stayed put. */
export interface ActorBlockedEvent {
  /** The cell the actor stays in. */
  position?: Position;
  /** The direction it tried to move. */
  direction?: Direction;
  /** The actor's kind. */
  kind?: EntityKindId;
}

/**
 * `actor_reacted`: a reactive (opposition) actor of `individual_actors` took its own step after a
 * successful player move. Kept separate from `actor_moved` so counters and rules about player
 * movement ignore it.
 */
export interface ActorReactedEvent {
  /** The actor's new cell. */
  position: Position;
  /** The actor's previous cell. */
  fromPosition?: Position;
  /** The direction the actor itself moved. */
  direction?: Direction;
  /** The actor's kind. */
  kind?: EntityKindId;
}

/** `cell_claimed`: an actor's move painted a cell of the territory layer with its claim mark. */
export interface CellClaimedEvent {
  /** The claimed cell. */
  position: Position;
  /** The territory layer written to. */
  layer?: LayerId;
  /** The claim-mark kind written. */
  kind?: EntityKindId;
  /** The kind of the actor that claimed the cell. */
  ownerKind?: EntityKindId;
}

// ---------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------

/**
 * `line_of_sight_detected`: `line_of_sight` found a source and a target sharing a row or column
 * with nothing in between. The system changes nothing; rules decide what seeing means.
 */
export interface LineOfSightDetectedEvent {
  /** The target's cell. */
  position: Position;
  /** The target's kind. */
  kind: EntityKindId;
  /** The source cell from which the target was seen. */
  sourcePosition: Position;
  /** The source multi-cell object's id, or an id generated from its layer and cell. */
  sourceId: string;
  /** The source's kind. */
  sourceKind: EntityKindId;
}

// ---------------------------------------------------------------------------
// Turn bookkeeping
// ---------------------------------------------------------------------------

/**
 * `action_vetoed`: a system refused the action during action resolution (for example an invalid
 * selection or sever target). The whole turn is then rejected and the state left unchanged, so
 * rules never get to see this event in practice.
 */
export interface ActionVetoedEvent {
  /** Why the action was refused. */
  reason?: string;
}

/** `npc_moved`: a non-player character moved during NPC resolution (see `follower_npcs`). */
export interface NpcMovedEvent {
  /**
   * An identifier of the NPC: its `id` param when it has one, else its kind and the cell it moved
   * from, as `kind@x,y`.
   */
  npcId: string;
  /** The NPC's kind. */
  kind: EntityKindId;
  /** The layer it moves on. */
  layer: LayerId;
  /** Where it was. */
  fromPosition: Position;
  /** Where it went. */
  toPosition: Position;
  /** Where it went (the same as `toPosition`), so `$cell` references read the cell it entered. */
  position: Position;
}

/** `npc_caught`: an NPC reached the avatar's cell, or stood on it when its turn came (see `follower_npcs`). */
export interface NpcCaughtEvent {
  /** The NPC's identifier, as in `npc_moved`. */
  npcId: string;
  /** The NPC's kind. */
  kind: EntityKindId;
  /** The avatar's cell, where the NPC now stands. */
  position: Position;
}

/** `goal_step_completed`: a goal with several steps (such as a sequence) completed one of them. */
export interface GoalStepCompletedEvent {
  /** The goal's id. */
  goalId: GoalId;
  /**
   * The 0-based index of the completed step.
   * @asType integer
   */
  stepIndex: number;
}

/** `turn_ended`: the last event of every accepted turn. */
export interface TurnEndedEvent {
  /**
   * The number of the turn that ended.
   * @asType integer
   */
  turnNumber: number;
}

/**
 * The payload type of every event type: `EventPayloads[T]` lists the fields that `$event.<field>`
 * can read in a rule whose `on` is `T`.
 */
export interface EventPayloads {
  /** Payload of `avatar_entered`. */
  avatar_entered: AvatarEnteredEvent;
  /** Payload of `avatar_exited`. */
  avatar_exited: AvatarExitedEvent;
  /** Payload of `move_blocked`. */
  move_blocked: MoveBlockedEvent;
  /** Payload of `object_placed`. */
  object_placed: ObjectPlacedEvent;
  /** Payload of `object_removed`. */
  object_removed: ObjectRemovedEvent;
  /** Payload of `object_pushed`. */
  object_pushed: ObjectPushedEvent;
  /** Payload of `object_settled`. */
  object_settled: ObjectSettledEvent;
  /** Payload of `cell_cleared`. */
  cell_cleared: CellClearedEvent;
  /** Payload of `cell_transformed`. */
  cell_transformed: CellTransformedEvent;
  /** Payload of `boxes_merged`. */
  boxes_merged: BoxesMergedEvent;
  /** Payload of `inventory_changed`. */
  inventory_changed: InventoryChangedEvent;
  /** Payload of `variable_changed`. */
  variable_changed: VariableChangedEvent;
  /** Payload of `tiles_slid`. */
  tiles_slid: TilesSlidEvent;
  /** Payload of `tiles_merged`. */
  tiles_merged: TilesMergedEvent;
  /** Payload of `item_released`. */
  item_released: ItemReleasedEvent;
  /** Payload of `tile_moved`. */
  tile_moved: TileMovedEvent;
  /** Payload of `entity_spawn`. */
  entity_spawn: EntitySpawnEvent;
  /** Payload of `entity_path`. */
  entity_path: EntityPathEvent;
  /** Payload of `multi_cell_object_moved`. */
  multi_cell_object_moved: MultiCellObjectMovedEvent;
  /** Payload of `multi_cell_object_exited`. */
  multi_cell_object_exited: MultiCellObjectExitedEvent;
  /** Payload of `overlay_moved`. */
  overlay_moved: OverlayMovedEvent;
  /** Payload of `region_rotated`. */
  region_rotated: RegionRotatedEvent;
  /** Payload of `region_flipped`. */
  region_flipped: RegionFlippedEvent;
  /** Payload of `cells_swapped`. */
  cells_swapped: CellsSwappedEvent;
  /** Payload of `region_transformed`. */
  region_transformed: RegionTransformedEvent;
  /** Payload of `cells_flooded`. */
  cells_flooded: CellsFloodedEvent;
  /** Payload of `actor_selected`. */
  actor_selected: ActorSelectedEvent;
  /** Payload of `actor_moved`. */
  actor_moved: ActorMovedEvent;
  /** Payload of `actor_entered`. */
  actor_entered: ActorEnteredEvent;
  /** Payload of `actor_blocked`. */
  actor_blocked: ActorBlockedEvent;
  /** Payload of `actor_reacted`. */
  actor_reacted: ActorReactedEvent;
  /** Payload of `cell_claimed`. */
  cell_claimed: CellClaimedEvent;
  /** Payload of `line_of_sight_detected`. */
  line_of_sight_detected: LineOfSightDetectedEvent;
  /** Payload of `action_vetoed`. */
  action_vetoed: ActionVetoedEvent;
  /** Payload of `npc_moved`. */
  npc_moved: NpcMovedEvent;
  /** Payload of `npc_caught`. */
  npc_caught: NpcCaughtEvent;
  /** Payload of `goal_step_completed`. */
  goal_step_completed: GoalStepCompletedEvent;
  /** Payload of `turn_ended`. */
  turn_ended: TurnEndedEvent;
}

/** An event of type `T` as a rule sees it: its `type` plus its payload fields. */
export type GameEvent<T extends EventType = EventType> = T extends EventType
  ? {
      /** The event's type. */
      type: T;
    } & EventPayloads[T]
  : never;
