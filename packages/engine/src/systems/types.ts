import type { JsonValue } from "@gridponder/schema";
import type { GameEvent } from "../events.js";
import type { LevelRuntime } from "../level.js";
import type { Pos } from "../model.js";
import type { Pack } from "../pack.js";
import type { SystemRole } from "../search/roles.js";
import type { Draft, GameState } from "../state.js";

/** An action as the engine runs it: the action id and its validated params. */
export interface ResolvedAction {
  readonly id: string;
  readonly params: Readonly<Record<string, JsonValue>>;
}

/** A move that a blocker stopped, which a rule's `resolve_move` effect may complete later in the turn. */
export interface PendingMove {
  readonly from: Pos;
  readonly to: Pos;
  readonly direction: string;
}

/** What a turn carries from phase to phase besides the state. */
export interface TurnScratch {
  /** The action being resolved; `null` during the load-time cascade. */
  readonly action: ResolvedAction | null;
  /** Every event emitted so far this turn, in order. */
  readonly events: GameEvent[];
  pendingMove: PendingMove | null;
}

/** What rule effects, goals and systems see while a turn runs. */
export interface TurnContext {
  readonly pack: Pack;
  readonly level: LevelRuntime;
  readonly draft: Draft;
  readonly turn: TurnScratch;
  /** Records an event: it joins the turn's log and, during the cascade, the next pass. */
  emit(event: GameEvent): void;
}

/** What a system sees when it runs. */
export interface SystemContext<C> extends TurnContext {
  /** This system instance's id (from `game.json`). */
  readonly id: string;
  /** Its config: documented defaults, then `game.json`, then the level's overrides. */
  readonly config: C;
  /** What the system's `prepare` hook derived from its config when the level was prepared. */
  readonly prepared: unknown;
  /**
   * Runs events through the rules and cascade-phase systems now, as the cascade (phase 5) runs the
   * turn's earlier events: for NPC-phase systems whose events rules should answer (an NPC catching
   * the avatar). Only in the NPC phase; elsewhere it does nothing, since the cascade is running or
   * still to come.
   */
  resolve(events: readonly GameEvent[]): void;
}

/** A tool use: holding `item`, the avatar may remove a solid object that carries `targetTag`. */
export interface ToolUse {
  readonly item: string;
  readonly targetTag: string;
}

/**
 * What a system promises about solid objects (entities tagged `solid` on the `objects` layer) that carry
 * none of the `moves` tags. A turn of the system never puts the avatar on the cell of one; never moves
 * or changes one, except one that got where it stands during the same turn (a portal carries on an
 * object just pushed onto it); removes one only by a tool use in `tools`; hands the avatar no item;
 * and emits `avatar_entered` and `object_placed` only for cells the avatar or an object has just
 * entered. Searches use it (see `goalSupply`) to see targets walled off for good.
 */
export interface SolidObjects {
  readonly moves: readonly string[];
  readonly tools: readonly ToolUse[];
  /**
   * Tags of kinds that, should one be created on a solid object's cell, may send the object away (a
   * portal): the promise holds only while no such kind can be created.
   */
  readonly sentAwayBy?: readonly string[];
}

/**
 * A system type's behaviour. Each hook is one phase; the engine calls the hooks of every enabled
 * system, in `game.json` order, phase by phase. Hooks mutate the draft and emit events.
 */
export interface SystemBehaviour<C = Record<string, unknown>> {
  readonly type: string;
  /**
   * Derives, once per level, whatever the hooks would otherwise recompute on every turn (layer
   * indices, lookup sets); the hooks find it as `ctx.prepared`.
   */
  prepare?(config: C, pack: Pack): unknown;
  /**
   * The entity kinds a turn of this system may bring onto the board, however its config is set here:
   * a transform's result, a placed marker. Moving an entity, or removing one, brings no kind. `"any"`
   * when the config cannot tell; a system type that leaves this out counts as `"any"`. Searches use
   * it (see `goalSupply`) to see goals that can no longer be met, so it may name too many kinds,
   * never too few.
   */
  kindsCreated?(config: C, pack: Pack): readonly string[] | "any";
  /**
   * The most cells (Manhattan distance) one turn of this system can carry the avatar: 0 when it never
   * moves it, 1 for a step (a blocked step kept pending and completed later counts as one), `Infinity`
   * for slides and teleports. A system type that leaves this out counts as `Infinity`.
   */
  readonly avatarReach?: number;
  /**
   * Whether some of its accepted turns do not count as an action (selecting an actor). A system type
   * that leaves this out counts as `true`.
   */
  readonly freeTurns?: boolean;
  /**
   * The layers (by id) on which a turn of this system may move an entity from one cell to another.
   * Placing, transforming or removing one is not a move. `"any"` when the config cannot tell; a system
   * type that leaves this out counts as `"any"`.
   */
  layersMoved?(config: C, pack: Pack): readonly string[] | "any";
  /**
   * Whether a turn of this system leaves every cell whose ground is `void` as it is, on every layer:
   * nothing enters it (the avatar included), leaves it or changes there, but for the cell the avatar
   * stands on (which is void only if the avatar started there). A function answers for a level's start
   * state (a portal standing on void ground sends the avatar there). A system type that leaves this out
   * counts as `false`.
   */
  readonly keepsVoidCells?: boolean | ((config: C, pack: Pack, start: GameState) => boolean);
  /**
   * Its promise about solid objects (see `SolidObjects`) with this config in this level, or `null` for
   * none. A system type that leaves this out promises nothing.
   */
  solidObjects?(config: C, pack: Pack, level: LevelRuntime): SolidObjects | null;
  /**
   * The layers (by id) whose contents a turn of this system never reads: it does the same whatever
   * they hold, except that it may move a cell's content as a whole to another cell, the cells chosen
   * without looking at them (a region turned under the overlay). Searches use it to play a level with
   * some of those entities taken away (see `contentBlindLayers`). A system type that leaves this out
   * counts as reading every layer.
   */
  blindTo?(config: C, pack: Pack): readonly string[];
  /**
   * The role this system plays in the relaxed models searches build (see `SystemRole`) with this
   * config, or `null` when the config fits no role. A system type that leaves this out plays none, so
   * levels using it are searched without those models.
   */
  role?(config: C, pack: Pack): SystemRole | null;
  /** Phase 2: the primary effect of the player's action. */
  action?(ctx: SystemContext<C>, action: ResolvedAction): void;
  /** Phase 3: secondary movement (pushes, teleports). */
  movement?(ctx: SystemContext<C>): void;
  /** Phase 5, after the rules of each cascade pass, with that pass's pending events. */
  cascade?(ctx: SystemContext<C>, pending: readonly GameEvent[]): void;
  /** Phase 6: autonomous behaviour after the cascade settled. */
  npc?(ctx: SystemContext<C>): void;
}

/** An enabled system of a level: its behaviour with its merged config. */
export interface SystemInstance {
  readonly id: string;
  readonly type: string;
  readonly config: Record<string, unknown>;
  readonly behaviour: SystemBehaviour<never>;
  /** The result of the behaviour's `prepare` hook, if it has one. */
  readonly prepared: unknown;
}
