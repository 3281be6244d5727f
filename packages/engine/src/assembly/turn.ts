import type { JsonValue } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { WorkingDraft } from "../board/draft.js";
import { isPos } from "../board/geometry.js";
import { frozenCopy, isDeepFrozen } from "../board/json.js";
import type { GameEvent } from "../contract/events.js";
import type { Entity } from "../contract/model.js";
import type {
  CompiledRule,
  GoalCheck,
  GoalStatus,
  LevelRuntime,
  Pack,
  PendingMove,
  ResolvedAction,
  RuleBook,
  SystemContext,
  SystemInstance,
  TurnContext,
  TurnScratch,
} from "../contract/runtime.js";
import type { Draft, GameState } from "../contract/state.js";

/** An action as callers write it: `{ action: "move", direction: "up" }`, or a gold-path shorthand string. */
export type GameAction = { readonly action: string; readonly [param: string]: JsonValue } | string;

/** What one turn did. A rejected turn changes nothing. */
export interface TurnResult {
  readonly accepted: boolean;
  /** Why the turn was rejected. */
  readonly reason?: string;
  readonly events: readonly GameEvent[];
  readonly won: boolean;
  readonly lost: boolean;
  readonly loseReason: string | null;
  readonly goalProgress: readonly GoalStatus[];
  /** The state after the turn (the same state when rejected). */
  readonly state: GameState;
  /**
   * The action as the engine ran it (its id, and its params with `action`), frozen; `null` when the
   * turn was refused before the action was checked (the level is over) or it is not a valid action.
   * Not the caller's object, so changing that later changes nothing here.
   */
  readonly action: ResolvedAction | null;
}

const CARDINALS = new Set(["up", "down", "left", "right"]);

type ActionDef = NonNullable<ReturnType<Pack["actions"]["get"]>>;
type ParamSpec = NonNullable<ActionDef["params"]>[string];

/** An action's declared params, prepared once per pack for the check that runs on every turn. */
interface ActionCheck {
  readonly declared: Readonly<Record<string, ParamSpec>>;
  readonly params: readonly {
    readonly name: string;
    readonly spec: ParamSpec;
    readonly values: ReadonlySet<unknown> | null;
    /** For a param taking a value from a list, each value's place in it (see `sharedKey`). */
    readonly places: ReadonlyMap<unknown, number> | null;
  }[];
  /**
   * Resolutions of valid inputs, shared by every input that writes the same action: for an action
   * whose params each take a value from a list (a direction, an enum) or a cell, one per combination
   * of values, keyed as `sharedKey` numbers them. A turn then builds no resolution of its own, and an
   * input changed after its turn cannot reach the engine's copy. `null` for an action with an integer
   * param (no finite list).
   */
  readonly shared: Map<number, ResolvedAction> | null;
}
/** A pack's action checks by action id, and the resolutions of shorthand strings already seen. */
interface PackActions {
  readonly checks: Map<string, ActionCheck>;
  /** A shorthand names a fixed action, so its resolution never changes (bounded: see `resolveAction`). */
  readonly shorthands: Map<string, ResolvedAction>;
}
const packActions = new WeakMap<Pack, PackActions>();
// The last pack looked up: a session plays one pack, and a WeakMap lookup per turn is measurable.
let lastPack: Pack | null = null;
let lastActions: PackActions | null = null;

function actionsOf(pack: Pack): PackActions {
  if (pack === lastPack && lastActions !== null) return lastActions;
  let found = packActions.get(pack);
  if (!found) {
    const checks = new Map<string, ActionCheck>();
    for (const [actionId, def] of pack.actions) {
      const declared = def.params ?? {};
      const params = Object.entries(declared).map(([name, spec]) => {
        const listed = spec.type === "direction" || spec.type === "enum";
        return {
          name,
          spec,
          values: listed ? new Set<unknown>(spec.values) : null,
          places: listed ? new Map<unknown, number>(spec.values.map((v, i) => [v, i])) : null,
        };
      });
      // Every combination must get its own safe integer (see `sharedKey`).
      let combinations = 1;
      for (const p of params)
        combinations *=
          p.places !== null
            ? p.places.size
            : p.spec.type === "position"
              ? CELL_KEYS
              : Number.POSITIVE_INFINITY;
      const finite = combinations <= Number.MAX_SAFE_INTEGER;
      checks.set(actionId, { declared, params, shared: finite ? new Map() : null });
    }
    found = { checks, shorthands: new Map() };
    packActions.set(pack, found);
  }
  lastPack = pack;
  lastActions = found;
  return found;
}

/**
 * Checks an action against the game's declared actions and turns it into a resolved action, or
 * explains why it is not one (unknown action, missing, extra or invalid params).
 */
export function resolveAction(
  pack: Pack,
  level: LevelRuntime,
  input: unknown,
): ResolvedAction | { error: string } {
  const actions = actionsOf(pack);
  if (typeof input === "string") {
    const known = actions.shorthands.get(input);
    if (known !== undefined) return known;
  } else if (typeof input === "object" && input !== null && level.resolvedActions !== null) {
    const known = level.resolvedActions.get(input);
    if (known !== undefined) return known;
  }
  let raw: Record<string, unknown>;
  if (typeof input === "string") {
    // Frozen, so that the resolution of a shorthand can be remembered (below) and shared.
    raw = Object.freeze(CARDINALS.has(input) ? { action: "move", direction: input } : { action: input });
  } else if (input !== null && typeof input === "object" && !Array.isArray(input)) {
    raw = input as Record<string, unknown>;
  } else {
    return { error: 'an action is an object like { action: "move", direction: "up" }' };
  }
  const id = raw.action;
  if (typeof id !== "string") return { error: 'the action has no "action" id' };
  const check = actions.checks.get(id);
  if (!check) return { error: `unknown action ${JSON.stringify(id)}` };
  const { shared } = check;
  if (shared !== null) {
    // A combination already resolved is valid (`sharedKey` checks a cell against this level): only
    // extra keys could still make the input wrong.
    const key = sharedKey(check, level, raw);
    const known = key === undefined ? undefined : shared.get(key);
    if (known !== undefined && ownKeyCount(raw) === check.params.length + 1) {
      if (typeof input === "string" && actions.shorthands.size < 256) actions.shorthands.set(input, known);
      return known;
    }
  }
  for (const { name, spec, values } of check.params) {
    const value = own(raw, name);
    if (value === undefined)
      return { error: `action ${JSON.stringify(id)} needs the param ${JSON.stringify(name)}` };
    if (values !== null) {
      if (!values.has(value))
        return { error: `${JSON.stringify(value)} is not a valid ${name} for ${JSON.stringify(id)}` };
    } else if (spec.type === "position") {
      if (
        !isPos(value) ||
        value[0] < 0 ||
        value[1] < 0 ||
        value[0] >= level.width ||
        value[1] >= level.height
      )
        return { error: `${JSON.stringify(value)} is not a cell of the board` };
    } else if (spec.type === "integer" && !Number.isInteger(value)) {
      return { error: `${name} must be an integer` };
    }
  }
  // Every declared param is present, so the input has extra keys exactly when it has more keys.
  if (ownKeyCount(raw) !== check.params.length + 1) {
    const extra = Object.keys(raw).find((name) => name !== "action" && !Object.hasOwn(check.declared, name));
    return { error: `action ${JSON.stringify(id)} has no param ${JSON.stringify(extra)}` };
  }
  const key = shared === null ? undefined : sharedKey(check, level, raw);
  if (shared !== null && key !== undefined) {
    let known = shared.get(key);
    if (known === undefined) {
      // A deep copy: a cell param is the caller's array, which may change later.
      const params = frozenCopy(raw) as Readonly<Record<string, JsonValue>>;
      known = Object.freeze({ id, params });
      shared.set(key, known);
    }
    if (typeof input === "string" && actions.shorthands.size < 256) actions.shorthands.set(input, known);
    return known;
  }
  // An input that can still change (not deep-frozen) is copied, so the resolution it yields stays as
  // checked.
  const fixed = raw !== input || isDeepFrozen(input);
  const params = (fixed ? raw : frozenCopy(raw)) as Readonly<Record<string, JsonValue>>;
  const resolved: ResolvedAction = Object.freeze({ id, params });
  // Only deep-frozen inputs are remembered (nothing in them can change later), and only a bounded
  // few: callers that freeze their actions (a search tapping every cell) reuse them. (Every shorthand resolves above: a
  // shorthand's action has no params or one from a list.)
  if (fixed && typeof input === "object") {
    const remembered = level.resolvedActions ?? new Map<object, ResolvedAction>();
    level.resolvedActions = remembered;
    if (remembered.size < 256) remembered.set(input as object, resolved);
  }
  return resolved;
}

/** How many keys a cell param takes in `sharedKey`: a board side is at most 256 cells (the schema's cap). */
const CELL_KEYS = 256 * 256;

/**
 * What keys an input's shared resolution: its params' values numbered in mixed radix (a listed value
 * by its place in the list, a cell by its coordinates). `undefined` when a value is not one of its
 * param's (an unlisted value, a cell off this level's board): the input is then checked in full.
 */
function sharedKey(
  check: ActionCheck,
  level: LevelRuntime,
  raw: Record<string, unknown>,
): number | undefined {
  let key = 0;
  for (const { name, places } of check.params) {
    const value = raw[name];
    if (places !== null) {
      const place = places.get(value);
      if (place === undefined) return undefined;
      key = key * places.size + place;
    } else {
      // A cell: the only other kind of param with a shared resolution.
      if (!isPos(value)) return undefined;
      const [x, y] = value;
      // -0 is a valid coordinate but not the same value as 0: it gets no shared resolution.
      if (x < 0 || y < 0 || x >= level.width || y >= level.height || Object.is(x, -0) || Object.is(y, -0))
        return undefined;
      key = key * CELL_KEYS + x * 256 + y;
    }
  }
  return key;
}

/** How many own enumerable keys an object has, without building their list (this runs on turns). */
function ownKeyCount(object: object): number {
  let n = 0;
  for (const key in object) if (Object.hasOwn(object, key)) n++;
  return n;
}

const NO_EVENTS: readonly GameEvent[] = Object.freeze([]);

/**
 * One turn in progress: the working copy of the state (it is its own `draft`), the event log and the
 * sink of the current cascade pass. It is also the turn's scratch (`turn`) and the context every
 * system and effect receives, so a turn allocates one object for all of them.
 */
class TurnRun extends WorkingDraft implements TurnContext, TurnScratch {
  readonly draft: Draft;
  readonly events: GameEvent[] = [];
  pendingMove: PendingMove | null;
  /** The pending move the turn started with (from the state's memory). */
  private readonly pendingBefore: PendingMove | null;
  /** Whether a cascade pass is collecting the events it causes, and those collected so far. */
  private collecting = false;
  private produced: GameEvent[] | null = null;
  /** How many `actor_selected` events the turn has: a turn of nothing else is not a move. */
  selections = 0;
  /** Set when a system vetoes the action, so the turn need not search its events for one. */
  veto: GameEvent | null = null;
  /** Whether the NPC phase is running (see `resolve`). */
  npcPhase = false;
  /** The system being run. */
  id = "";
  config: never = undefined as never;
  prepared: unknown = undefined;

  constructor(
    readonly pack: Pack,
    readonly level: LevelRuntime,
    state: GameState,
    readonly action: ResolvedAction | null,
  ) {
    super(state, level.width, level.height);
    this.draft = this;
    this.pendingBefore = this.memory<PendingMove>(PENDING_MOVE) ?? null;
    this.pendingMove = this.pendingBefore;
  }

  /** Records the pending move in the state's memory when the turn changed it (see `PENDING_MOVE`). */
  keepPendingMove(): void {
    const move = this.pendingMove;
    if (move === this.pendingBefore) return;
    if (move === null) this.deleteMemory(PENDING_MOVE);
    else this.setMemory(PENDING_MOVE, move);
  }

  get turn(): TurnScratch {
    return this;
  }

  emit(event: GameEvent): void {
    this.events.push(event);
    if (this.collecting) {
      if (this.produced === null) this.produced = [event];
      else this.produced.push(event);
    }
    const { type } = event;
    if (type === "actor_selected") this.selections++;
    else if (type === "action_vetoed" && this.veto === null) this.veto = event;
  }

  forSystem(system: SystemInstance): SystemContext<never> {
    this.id = system.id;
    this.config = system.config as never;
    this.prepared = system.prepared;
    return this;
  }

  resolve(events: readonly GameEvent[]): void {
    if (!this.npcPhase || events.length === 0) return;
    const { id, config, prepared } = this;
    this.npcPhase = false;
    try {
      this.cascade(events);
    } finally {
      this.npcPhase = true;
      this.id = id;
      this.config = config;
      this.prepared = prepared;
    }
  }

  /** Phase 5: rules then cascade-phase systems, pass after pass, until quiet or the depth limit. */
  cascade(pending: readonly GameEvent[]): void {
    const { rules, maxCascadeDepth } = this.level;
    const cascading = this.level.phases.cascade;
    for (let pass = 0; pass < maxCascadeDepth && pending.length > 0; pass++) {
      this.collecting = true;
      this.produced = null;
      for (const event of pending) {
        const candidates = rulesFor(rules, event.type);
        if (candidates === null) continue;
        for (const rule of candidates) {
          if (rule.once && this.draft.firedOnce.includes(rule.order)) continue;
          if (rule.where && !rule.where(this.draft, event)) continue;
          if (rule.when && !rule.when(this.draft, event)) continue;
          if (rule.once) this.draft.firedOnce = [...this.draft.firedOnce, rule.order].sort((a, b) => a - b);
          for (const effect of rule.effects) effect(this, event);
        }
      }
      for (const system of cascading) system.behaviour.cascade?.(this.forSystem(system), pending);
      this.collecting = false;
      pending = this.produced ?? NO_EVENTS;
    }
  }
}

/** The rules listening to an event type, or `null` (see `RuleBook.types`). */
function rulesFor(rules: RuleBook, type: string): readonly CompiledRule[] | null {
  const { types } = rules;
  for (let i = 0; i < types.length; i++)
    if (types[i] === type) return rules.groups[i] as readonly CompiledRule[];
  return null;
}

function goalsOf(run: TurnRun, events: readonly GameEvent[]): GoalStatus[] {
  const checks = run.level.goalChecks;
  const out: GoalStatus[] = new Array(checks.length);
  for (let i = 0; i < checks.length; i++) out[i] = (checks[i] as GoalCheck)(run, events);
  return out;
}

// Shared by every rejected turn (the results are read-only): searches and fuzzers reject a lot.
const NO_GOALS: readonly GoalStatus[] = Object.freeze([]);

function rejected(
  state: GameState,
  reason: string,
  action: ResolvedAction | null = null,
  goalProgress: readonly GoalStatus[] = NO_GOALS,
): TurnResult {
  return {
    accepted: false,
    reason,
    events: NO_EVENTS,
    won: state.won,
    lost: state.lost,
    loseReason: state.loseReason,
    goalProgress,
    state,
    action,
  };
}

/**
 * A blocked move that nothing settled stays pending into later turns, as the reference traces show: a
 * rock bumped into without a pickaxe gives way on a later turn once the avatar holds one, and the
 * avatar then steps into its cell from wherever it is. The move is part of the state (undo, keys).
 */
/** The key under which a turn keeps a blocked move that nothing settled in the state's memory. */
export const PENDING_MOVE_MEMORY = "pendingMove";
const PENDING_MOVE = PENDING_MOVE_MEMORY;

/** Runs one turn: the seven phases of the DSL on a working copy, committed only if the turn stands. */
export function runTurn(pack: Pack, level: LevelRuntime, state: GameState, input: unknown): TurnResult {
  if (state.won) return rejected(state, "the level is already won");
  if (state.lost) return rejected(state, "the level is already lost");
  const action = resolveAction(pack, level, input);
  if ("error" in action) return rejected(state, action.error);

  const run = new TurnRun(pack, level, state, action);
  const { phases } = level;
  for (const system of phases.action) system.behaviour.action?.(run.forSystem(system), action);
  if (run.veto !== null) {
    const { reason } = run.veto;
    return rejected(state, typeof reason === "string" ? reason : "the action was vetoed", action);
  }
  for (const system of phases.movement) system.behaviour.movement?.(run.forSystem(system));
  // Without rules or cascade-phase systems the cascade could only pass the events along.
  if (level.rules.all.length > 0 || phases.cascade.length > 0) run.cascade(run.events.slice());
  run.npcPhase = true;
  for (const system of phases.npc) system.behaviour.npc?.(run.forSystem(system));
  run.npcPhase = false;

  const { draft } = run;
  const events = run.events;
  if (run.selections === 0 || run.selections !== events.length) draft.actionCount++;
  const goalProgress = goalsOf(run, events);
  let won = goalProgress.length > 0;
  for (const g of goalProgress) if (!g.done) won = false;
  draft.won = won;
  if (!draft.won) {
    for (let i = 0; i < level.loseConditions.length; i++) {
      const condition = level.loseConditions[i] as LevelRuntime["loseConditions"][number];
      if ((level.loseChecks[i] as (ctx: TurnContext) => boolean)(run)) {
        draft.lost = true;
        draft.loseReason = condition.id ?? condition.type;
        break;
      }
    }
  }
  run.emit({ type: "turn_ended", turnNumber: draft.actionCount });
  run.keepPendingMove();
  const next = draft.commit();
  return {
    accepted: true,
    events,
    won: next.won,
    lost: next.lost,
    loseReason: next.loseReason,
    goalProgress,
    state: next,
    action,
  };
}

/**
 * Level load: every entity on a `zero_or_one` layer is announced with `object_placed`, and those events
 * run through the cascade once, so "a crate placed on water becomes a bridge" holds from the start. The
 * events go cell by cell in row-major order, layers in `game.json` order within a cell (fuzz: a crate
 * on a portal at load, `fw_ice_003`).
 */
export function loadCascade(pack: Pack, level: LevelRuntime, state: GameState): GameState {
  // Nothing could react to the placements: no rule listens to them and no system cascades. Then the
  // announcements are skipped, which is most of what preparing such a level costs.
  if (!level.rules.byEvent.has("object_placed") && level.phases.cascade.length === 0) return state;
  const run = new TurnRun(pack, level, state, null);
  const placed: GameEvent[] = [];
  const ids: string[] = [];
  const layers: (readonly (Entity | null)[])[] = [];
  for (const layer of pack.layers) {
    if (layer.exactlyOne) continue;
    ids.push(layer.id);
    layers.push(run.layerCells(layer.index));
  }
  const size = level.width * level.height;
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < layers.length; j++) {
      const e = (layers[j] as readonly (Entity | null)[])[i];
      if (!e) continue;
      // The cell's shared position, as turns report positions (see `sharedPos` in ops).
      const position = level.cells[i];
      placed.push({ type: "object_placed", position, kind: e.kind, params: e.params ?? {}, layer: ids[j] });
    }
  }
  run.cascade(placed);
  return run.draft.commit();
}

/** Goal progress of a state, without changing it (goals that consume entities are not run). */
export function goalProgressOf(pack: Pack, level: LevelRuntime, state: GameState): GoalStatus[] {
  const run = new TurnRun(pack, level, state, null);
  return goalsOf(run, []);
}
