/**
 * The runtime's interfaces that refer to one another: a pack holds its registry, whose system,
 * goal and effect definitions are handed the pack; a turn context holds the level, whose compiled
 * rules and goals are handed the turn context. Kept in one file so no two contract files import
 * each other. Nothing here runs.
 * @module
 */

import type {
  ActionDefinition,
  ActorClaim,
  Diagnostic,
  GameDefinition,
  Goal,
  JsonSchemaObject,
  JsonValue,
  LevelDefinition,
  LoseCondition,
  Manifest,
  Rule,
  Theme,
} from "@gridponder/schema";
import type { EventDefinition, GameEvent } from "./events.js";
import type { Entity, KindInfo, Params, Pos } from "./model.js";
import type { SystemRole } from "./search-roles.js";
import type { AvatarState, Draft, GameState } from "./state.js";

/** A layer with its index and, for `exactly_one` layers, the entity that fills unset cells. */
export interface LayerInfo {
  readonly id: string;
  readonly index: number;
  readonly exactlyOne: boolean;
  /** The default entity of an `exactly_one` layer; `null` for `zero_or_one` layers. */
  readonly fill: Entity | null;
}

/**
 * A validated pack prepared for play: lookup tables resolved once, so turns never search by name
 * through the definition.
 */
export interface Pack {
  readonly manifest: Manifest;
  readonly game: GameDefinition;
  readonly theme: Theme | undefined;
  readonly levels: Readonly<Record<string, LevelDefinition>>;
  /** Level ids in play order (the `levelSequence`), then any level files not in the sequence. */
  readonly levelOrder: readonly string[];
  readonly layers: readonly LayerInfo[];
  readonly layerIndex: ReadonlyMap<string, number>;
  readonly kinds: ReadonlyMap<string, KindInfo>;
  readonly actions: ReadonlyMap<string, ActionDefinition>;
  /** The system, goal and lose condition types the pack is played with (see `Registry`). */
  readonly registry: Registry;
  /** The entity of a kind with the given params; param-less entities are shared singletons. */
  entity(kind: string, params?: Params | null): Entity;
}

/**
 * The outcome of loading a pack: the pack, or the diagnostics that refused it; with the level files
 * the validator found (`ValidationResult.levelFiles`), which a refused pack has no other way to tell.
 */
export type LoadResult = (
  | { ok: true; pack: Pack; diagnostics: Diagnostic[] }
  | { ok: false; pack?: undefined; diagnostics: Diagnostic[] }
) & { levelFiles?: string[] };

/**
 * A rule effect type: compiles one effect of a rule (its fields, as written under its key in
 * `then`) into a runner, once per pack. An effect that belongs to a system (`release_from_emitter`)
 * is listed in that system's definition (`SystemDefinition.effects`).
 */
export interface EffectDefinition<F = Record<string, unknown>> {
  /** The effect's key in a rule's `then` entry (`{ "destroy": { … } }`). */
  readonly type: string;
  /**
   * A JSON Schema (draft-07) for the value under its key; the validator checks every use in a pack's
   * rules against it. Without one, any value is accepted. Only for keys the DSL does not define (see
   * `SystemDefinition.configSchema`).
   */
  readonly configSchema?: JsonSchemaObject;
  compile(pack: Pack, fields: F): EffectRunner;
}

/**
 * A rule condition type: compiles one condition (the value under its key in `where` or `if`) into a
 * test, once per pack. `nested` compiles a condition inside it (`not`, `all_of`).
 */
export interface ConditionDefinition<F = unknown> {
  /** The condition's key (`{ "cell": { … } }`). */
  readonly type: string;
  /** A JSON Schema for the value under its key, for keys the DSL does not define (see `EffectDefinition`). */
  readonly configSchema?: JsonSchemaObject;
  compile(pack: Pack, fields: F, nested: (condition: unknown) => Test): Test;
}

/** What a registry is made of; every part is optional. */
export interface RegistryParts {
  readonly systems?: readonly SystemDefinition<never>[];
  readonly goals?: readonly GoalDefinition<never>[];
  readonly loseConditions?: readonly LoseConditionDefinition<never>[];
  readonly effects?: readonly EffectDefinition<never>[];
  readonly conditions?: readonly ConditionDefinition<never>[];
  readonly events?: readonly EventDefinition[];
}

/**
 * The system, goal and lose condition types a pack is played with, by type name. A pack is loaded
 * with one (the built-in registry unless one is given) and keeps it: every session, search and tool
 * that plays the pack uses it, and a pack using a type it lacks is refused.
 */
export interface Registry {
  readonly systems: ReadonlyMap<string, SystemDefinition<never>>;
  readonly goals: ReadonlyMap<string, GoalDefinition<never>>;
  readonly loseConditions: ReadonlyMap<string, LoseConditionDefinition<never>>;
  /** Rule effect types by key, the effects of its systems included. */
  readonly effects: ReadonlyMap<string, EffectDefinition<never>>;
  /** Rule condition types by key, the conditions of its systems included. */
  readonly conditions: ReadonlyMap<string, ConditionDefinition<never>>;
  /** Event types by name, the events of its systems included. */
  readonly events: ReadonlyMap<string, EventDefinition>;
  /**
   * A new registry with these types added; this one is left as it is. Throws {@link RegistryError}
   * for a type already registered: a definition never silently replaces another.
   */
  extend(parts: RegistryParts): Registry;
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

/** What a system's actors claim (see `SystemBehaviour.actorClaims`). */
export interface ActorClaims {
  readonly claim: ActorClaim | undefined;
  readonly groundLayer: string;
  /** Moves each owner may make, by owner kind; `undefined` for no per-owner budget. */
  readonly budgets: Readonly<Record<string, number>> | undefined;
  readonly budgetVariable: string;
}

/** A piece a system has selected (an actor to move next): its cell and its kind. */
export interface SelectedPiece {
  readonly at: Pos;
  readonly kind: string;
}

/**
 * The rule a system pushes objects by: which objects move on when walked into, onto which ground, and
 * which held items remove which objects instead (see `pushDestination` and `settlementOf`).
 */
export interface PushRule {
  readonly pushableTags: readonly string[];
  readonly validTargetTags: readonly string[];
  readonly toolInteractions: readonly {
    readonly item: string;
    readonly targetTag: string;
    readonly consumeItem?: boolean;
    readonly animation?: string;
  }[];
}

/**
 * What a system type declares for searches, in one field (`SystemBehaviour.search`): the relaxed
 * models and pruning facts of the solver are built from these declarations only, never from how a
 * system is implemented. Every declaration is optional and may claim too little, never too much: a
 * declaration left out counts as the weakest promise.
 */
export interface SearchDeclarations<C = Record<string, unknown>> {
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
   * for slides and teleports. A system that moves the avatar on after another system's step in the same
   * turn counts that step too (a belt that carries it one cell on after its step: 2), since the level's
   * reach is the largest its systems declare. A system that leaves this out counts as `Infinity`.
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
   * state (a portal standing on void ground sends the avatar there). A system that leaves this out
   * counts as `false`.
   */
  readonly keepsVoidCells?: boolean | ((config: C, pack: Pack, start: GameState) => boolean);
  /**
   * Its promise about solid objects (see `SolidObjects`) with this config in this level, or `null` for
   * none. A system that leaves this out promises nothing.
   */
  solidObjects?(config: C, pack: Pack, level: LevelRuntime): SolidObjects | null;
  /**
   * The layers (by id) whose contents a turn of this system never reads: it does the same whatever
   * they hold, except that it may move a cell's content as a whole to another cell, the cells chosen
   * without looking at them (a region turned under the overlay). Searches use it to play a level with
   * some of those entities taken away (see `contentBlindLayers`). A system that leaves this out
   * counts as reading every layer.
   */
  blindTo?(config: C, pack: Pack): readonly string[];
  /**
   * The role this system plays in the relaxed models searches build (see `SystemRole`) with this
   * config, or `null` when the config fits no role. A system that leaves this out plays none, so
   * levels using it are searched without those models.
   */
  role?(config: C, pack: Pack): SystemRole | null;
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
   * What searches may know about this system (see {@link SearchDeclarations}). Only searches read it;
   * play never does. A system type that leaves it out promises nothing, so searches treat it as able to
   * do anything and prune less.
   */
  readonly search?: SearchDeclarations<C>;
  /**
   * The rule this system pushes objects by with this config, for other systems whose moves push too
   * (a slide pushing a crate ahead): they follow the first such system of the level. A system type
   * that leaves this out pushes nothing.
   */
  pushRule?(config: C): PushRule;
  /**
   * The cells this system's actors claim as they move, for goals that weigh claims (`balance`): the
   * claim policy, the layer claimed cells lie on, per-owner move budgets and the variable that counts
   * moves left. A system type that leaves this out claims no cells.
   */
  actorClaims?(config: C): ActorClaims;
  /**
   * Presentation: the piece this system has selected in `state` (its cell and kind), for views to
   * highlight, or `null` when none is. A system type that leaves this out selects nothing.
   */
  selectedPiece?(config: C, state: GameState): SelectedPiece | null;
  /**
   * Input: the actions this system plays whose `direction` names an axis rather than a way, so that
   * opposite directions do the same (a diagonal swap swaps the same two cells named from either end).
   * Views then read a swipe or key along either end of an axis the action accepts. A system type that
   * leaves this out has none.
   */
  axisActions?(config: C): readonly string[];
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

/**
 * A system type the engine can play: its type name, its hooks (one per phase it takes part in:
 * `action`, `movement`, `cascade`, `npc`) and what searches may know about it (see
 * {@link SystemBehaviour}). The built-in types are defined this way too.
 */
export interface SystemDefinition<C = Record<string, unknown>> extends SystemBehaviour<C> {
  /**
   * Its config's defaults: a pack's `config` and a level's overrides are merged over them. The
   * built-in types take the defaults the DSL documents.
   */
  readonly defaults?: Readonly<Record<string, JsonValue>>;
  /**
   * A JSON Schema (draft-07) for its `config` in `game.json` and in a level's `systemOverrides`; the
   * validator checks a pack against it. Without one, any JSON object is accepted. Only for types the
   * DSL does not define: the built-in types are checked by the DSL's own schema.
   */
  readonly configSchema?: JsonSchemaObject;
  /** Rule effects that belong to this system type, registered with it. */
  readonly effects?: readonly EffectDefinition<never>[];
  /** Rule conditions that belong to this system type, registered with it. */
  readonly conditions?: readonly ConditionDefinition<never>[];
  /** Event types this system type adds to the DSL's, registered with it. */
  readonly events?: readonly EventDefinition[];
}

/** A goal entry of a level, as the engine reads it: its id, its type and its type's `config`. */
export interface GoalEntry {
  readonly id: string;
  readonly type: string;
  readonly config?: unknown;
}

/** How far a goal is: done or not, and progress from 0 to 1. */
export interface GoalStatus {
  readonly id: string;
  readonly type: string;
  readonly done: boolean;
  readonly progress: number;
}

/**
 * A goal compiled for one level: evaluates it against the state after a turn. Compiled when the level
 * is prepared, so a turn looks nothing up by goal (kind tables, layer indices, memory keys).
 */
export type GoalCheck = (ctx: TurnContext, events: readonly GameEvent[]) => GoalStatus;

/** A goal type: compiles a level's goal of this type for its board (`width` × `height`). */
export interface GoalDefinition<G extends GoalEntry = GoalEntry> {
  readonly type: string;
  /** A JSON Schema for its `config`, for types the DSL does not define (see `SystemDefinition`). */
  readonly configSchema?: JsonSchemaObject;
  compile(pack: Pack, goal: G, width: number, height: number): GoalCheck;
  /**
   * The level variables a goal of this type reads, for views that show them (a HUD). A type that
   * leaves this out reads none.
   */
  variablesRead?(goal: G): readonly string[];
  /** What searches may know about a goal of this type (see {@link GoalSearchDeclarations}). */
  readonly search?: GoalSearchDeclarations<G>;
  /**
   * Presentation: a sentence telling the player what a goal of this type asks ("Reach the exit"), for
   * goals without text of their own; `words` names kinds and tags as the view shows them. A type that
   * leaves this out is shown by its type name.
   */
  describe?(goal: G, words: PresentationWords): string;
}

/** How a view names things, for the sentences goal and lose condition types make. */
export interface PresentationWords {
  /** A kind's player-facing name. */
  kind(kind: string): string;
  /** The player-facing names of the kinds carrying a tag. */
  tagged(tag: string): readonly string[];
  /** An identifier as words ("movesLeft" → "Moves left"). */
  humanize(text: string): string;
}

/**
 * What a goal type declares for searches: conditions a goal of it can only be met under, each a promise
 * about its check. Searches bound the moves left, or see goals that can no longer be met, with them;
 * every declaration is optional, and one left out only makes them prune less.
 */
export interface GoalSearchDeclarations<G extends GoalEntry = GoalEntry> {
  /**
   * When a goal is met exactly while the avatar stands on a cell holding an entity of `kind` or
   * carrying `tag` (on any layer), that target; else `null`. Searches bound the moves left by the
   * distance to such cells.
   */
  avatarTarget?(goal: G): AvatarTarget | null;
  /**
   * The cells of a `width` × `height` board a goal names, with what each should hold: it is met exactly
   * when every named cell that wants a kind holds an entity of that kind with those params (a cell
   * wanting `null` may have to be empty). Views draw them as the goal's target grid too.
   */
  cellTargets?(goal: G, width: number, height: number): readonly CellTarget[];
  /**
   * When a goal is met exactly once no entity of `kind` (or carrying `tag`, on `layer` when given) is
   * left on the board, that selection; else `null`.
   */
  clears?(goal: G): ClearedSelection | null;
  /**
   * When a goal can be met only while every cell holding a `markerKind` entity on `markerLayer` holds
   * on `checkLayer` an entity `accepts` takes, that check; else `null`.
   */
  markerCheck?(goal: G): MarkerCheck | null;
  /**
   * Whether a goal reads only the kinds, tags, layers and variables its config names (and where the
   * avatar stands): searches then know entities it does not name cannot change it.
   */
  readonly readsOnlyWhatConfigNames?: boolean;
}

/** One cell a goal names (`GoalSearchDeclarations.cellTargets`): its layer, cell and wanted content. */
export interface CellTarget {
  readonly layerId: string;
  /** The cell, row-major. */
  readonly cell: number;
  /** The kind wanted; `null` for an empty cell. */
  readonly kind: string | null;
  /** The params the entity must have exactly; `null` for none (an entity without params). */
  readonly params: Readonly<Record<string, JsonValue>> | null;
}

/** What a clearing goal counts (`GoalSearchDeclarations.clears`). */
export interface ClearedSelection {
  readonly kind?: string;
  readonly tag?: string;
  readonly layer?: string;
}

/** A check a goal makes under every marker (`GoalSearchDeclarations.markerCheck`). */
export interface MarkerCheck {
  readonly markerLayer: string;
  readonly markerKind: string;
  readonly checkLayer: string;
  accepts(entity: Entity | null | undefined): boolean;
  /**
   * When `accepts` takes exactly the entities of one kind whose param has one value, those three: the
   * solver's joining-boxes bound reads the value a box's walls must add up to.
   */
  readonly wants?: { readonly kind: string; readonly param: string; readonly value: JsonValue };
}

/** Where the avatar must stand to meet a goal: a cell holding an entity of `kind` or carrying `tag`. */
export interface AvatarTarget {
  readonly kind?: string;
  readonly tag?: string;
}

/** A lose condition entry of a level: its type, its optional id and its type's `config`. */
export interface LoseConditionEntry {
  readonly id?: string;
  readonly type: string;
  readonly config?: unknown;
}

/** A lose condition type: whether a condition of this type holds after a turn. */
export interface LoseConditionDefinition<L extends LoseConditionEntry = LoseConditionEntry> {
  readonly type: string;
  /** A JSON Schema for its `config`, for types the DSL does not define (see `SystemDefinition`). */
  readonly configSchema?: JsonSchemaObject;
  holds(ctx: TurnContext, condition: L): boolean;
  /** The level variables a condition of this type reads (see `GoalDefinition.variablesRead`). */
  variablesRead?(condition: L): readonly string[];
  /**
   * The number of actions after which a condition of this type ends the level, when that is all it
   * does (a move limit a HUD counts down); else `null`. A type that leaves this out sets no limit.
   */
  actionLimit?(condition: L): number | null;
  /** What searches may know about a condition of this type. */
  readonly search?: {
    /** Whether a condition reads only the kinds, tags, layers and variables its config names. */
    readonly readsOnlyWhatConfigNames?: boolean;
  };
  /**
   * Presentation: a sentence telling the player why the level was lost to a condition of this type
   * ("Out of moves: …"). A type that leaves this out is told by its type name.
   */
  describe?(condition: L, words: PresentationWords): string;
}

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

/** A level prepared for play: merged system configs, compiled rules, its goals. */
export interface LevelRuntime {
  readonly id: string;
  readonly def: LevelDefinition;
  readonly width: number;
  readonly height: number;
  readonly systems: readonly SystemInstance[];
  readonly rules: RuleBook;
  readonly goals: readonly Goal[];
  /** The goals compiled for this level, in the same order. */
  readonly goalChecks: readonly GoalCheck[];
  readonly loseConditions: readonly LoseCondition[];
  /** The lose conditions compiled for this level, in the same order: whether each holds after a turn. */
  readonly loseChecks: readonly ((ctx: TurnContext) => boolean)[];
  readonly maxCascadeDepth: number;
  /**
   * One `[x, y]` per cell (row-major), shared by every state that stores a position. Read-only: they
   * are not frozen at run time (reading a frozen array's elements is about ten times slower in V8), so
   * changing one would change every state and level of that board size.
   */
  readonly cells: readonly Pos[];
  /**
   * Interned avatar states by cell (see `avatarState` in ops): a long history then shares them. Made
   * when the avatar first moves, and a cell's list when the avatar first stands there.
   * A cache of the engine's, filled while playing; not part of the public API.
   * @internal
   */
  avatars: (AvatarState[] | undefined)[] | null;
  /**
   * Frozen action objects already checked for this level, with their resolution (`null` until the
   * first): a search replays the same few action objects millions of times. Frozen, so they cannot
   * change after the check.
   * A cache of the engine's, filled while playing; not part of the public API.
   * @internal
   */
  resolvedActions: Map<object, ResolvedAction> | null;
  /** The enabled systems that take part in each phase, in `game.json` order. */
  readonly phases: {
    readonly action: readonly SystemInstance[];
    readonly movement: readonly SystemInstance[];
    readonly cascade: readonly SystemInstance[];
    readonly npc: readonly SystemInstance[];
  };
}

/** A compiled condition: a pure test of the event and the state. */
export type Test = (draft: Draft, event: GameEvent | null) => boolean;

/** A compiled effect. It resolves its references when it runs, and skips itself when one resolves to nothing. */
export type EffectRunner = (ctx: TurnContext, event: GameEvent | null) => void;

/** A compiled value: a literal, or a reader of live state. `undefined` from a reader means "resolves to nothing". */
export type ValueReader = (draft: Draft, event: GameEvent | null) => unknown;

/** A rule ready to run. `order` is its position in evaluation order, which also keys its `once` mark. */
export interface CompiledRule {
  readonly id: string;
  readonly order: number;
  readonly on: string;
  readonly once: boolean;
  readonly where: Test | null;
  readonly when: Test | null;
  readonly effects: readonly EffectRunner[];
  /** The rule as written, for analyses of what a level can ever do (see `pending-move.ts`). */
  readonly source: Rule;
}

/** Rules grouped by the event type they listen to, each group in evaluation order. */
export interface RuleBook {
  readonly all: readonly CompiledRule[];
  readonly byEvent: ReadonlyMap<string, readonly CompiledRule[]>;
  /**
   * The same groups as a list of event types and their rules: a game's rules listen to a few types,
   * and comparing an event's type with each is cheaper than a map lookup on every event of a turn.
   */
  readonly types: readonly string[];
  readonly groups: readonly (readonly CompiledRule[])[];
}
