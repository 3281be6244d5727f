import type { JsonValue } from "@gridponder/schema";
import type { GoalStatus, LevelRuntime, Pack, ResolvedAction } from "../contract/runtime.js";
import type { GameState } from "../contract/state.js";
import { type CanonicalState, canonicalState, stableStringify } from "./canonical.js";
import { boardState, prepareLevel } from "./level.js";
import { type GameAction, goalProgressOf, loadCascade, runTurn, type TurnResult } from "./turn.js";

/** An action with its params, as `legalActions()` lists them. */
export type ActionInput = { action: string } & Record<string, JsonValue>;

/**
 * One step of the undo (or redo) history: the state before it, the action as the engine ran it (not
 * the caller's object, which may change later), and the older steps.
 */
interface HistoryEntry {
  readonly state: GameState;
  readonly action: ResolvedAction;
  readonly previous: HistoryEntry | null;
}

/**
 * A play session of one level: the current state, the history behind it (undo) and ahead of it
 * (redo). States are immutable and share structure, so the history is cheap to keep.
 */
export class Session {
  readonly level: LevelRuntime;
  /** The state right after loading (after the load-time cascade). */
  readonly initial: GameState;
  // The undo history is a linked list, newest first: each entry only points at older ones, which keeps
  // the garbage collector's work per turn small even when the history holds millions of states.
  private past: HistoryEntry | null = null;
  private future: HistoryEntry | null = null;
  private current: GameState;
  private legal: ActionInput[] | undefined;

  constructor(
    readonly pack: Pack,
    levelId: string,
  ) {
    const start = startOf(pack, levelId);
    this.level = start.level;
    this.initial = start.initial;
    this.current = this.initial;
  }

  get state(): GameState {
    return this.current;
  }

  get won(): boolean {
    return this.current.won;
  }

  get lost(): boolean {
    return this.current.lost;
  }

  get actionCount(): number {
    return this.current.actionCount;
  }

  /** Whether there is an action to undo. */
  get canUndo(): boolean {
    return this.past !== null;
  }

  /** Whether there is an undone action to redo. */
  get canRedo(): boolean {
    return this.future !== null;
  }

  /** The accepted actions that led from the initial state to the current one. */
  get actions(): ActionInput[] {
    const out: ActionInput[] = [];
    for (let e = this.past; e !== null; e = e.previous) out.push({ ...e.action.params } as ActionInput);
    return out.reverse();
  }

  /** Plays an action. A rejected action changes nothing; an accepted one clears the redo history. */
  act(action: GameAction): TurnResult {
    const result = runTurn(this.pack, this.level, this.current, action);
    if (result.accepted && result.action !== null) {
      this.past = { state: this.current, action: result.action, previous: this.past };
      this.future = null;
      this.current = result.state;
    }
    return result;
  }

  /** What an action would do, without playing it. */
  preview(action: GameAction): TurnResult {
    return runTurn(this.pack, this.level, this.current, action);
  }

  /** Steps back one accepted action. Returns false when there is nothing to undo. */
  undo(): boolean {
    const last = this.past;
    if (last === null) return false;
    this.past = last.previous;
    this.future = { state: this.current, action: last.action, previous: this.future };
    this.current = last.state;
    return true;
  }

  /** Replays the last undone action. Returns false when there is nothing to redo. */
  redo(): boolean {
    const next = this.future;
    if (next === null) return false;
    this.future = next.previous;
    this.past = { state: this.current, action: next.action, previous: this.past };
    this.current = next.state;
    return true;
  }

  /** Starts the level over: the initial state, with no history (`once` rules may fire again). */
  reset(): void {
    this.past = null;
    this.future = null;
    this.current = this.initial;
  }

  /** Plays actions in order from the current state and returns each turn's result. */
  replay(actions: readonly GameAction[]): TurnResult[] {
    return actions.map((a) => this.act(a));
  }

  /**
   * Every syntactically possible action: each declared action with every combination of its params'
   * values (directions and enums from their lists, positions over the whole board). Integer params
   * have no finite list, so actions with them are left out.
   */
  legalActions(): ActionInput[] {
    if (this.legal) return this.legal;
    const out: ActionInput[] = [];
    for (const def of this.pack.game.actions) {
      let combos: Record<string, JsonValue>[] = [{}];
      let finite = true;
      for (const [name, spec] of Object.entries(def.params ?? {})) {
        let values: JsonValue[];
        if (spec.type === "direction" || spec.type === "enum") values = [...spec.values];
        else if (spec.type === "position") {
          values = [];
          for (let y = 0; y < this.level.height; y++)
            for (let x = 0; x < this.level.width; x++) values.push([x, y]);
        } else {
          finite = false;
          break;
        }
        combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
      }
      if (finite) for (const c of combos) out.push({ action: def.id, ...c });
    }
    this.legal = out;
    return out;
  }

  /** Goal progress of the current state. */
  goalProgress(): GoalStatus[] {
    return goalProgressOf(this.pack, this.level, this.current);
  }

  /** The current state in the conformance format. */
  canonicalState(): CanonicalState {
    return canonicalState(this.pack, this.current, this.level.width, this.level.height);
  }

  /** A compact string identifying the current state (see {@link stateKey}). */
  stateKey(): string {
    return stateKey(this.pack, this.current);
  }
}

const starts = new WeakMap<Pack, Map<string, { level: LevelRuntime; initial: GameState }>>();

/**
 * Forgets the prepared levels of a pack (or only the one named), so the next session of each prepares
 * it again (the benchmark's cold workload; a long-running host could free memory with it).
 */
export function forgetPreparedLevels(pack: Pack, levelId?: string): void {
  if (levelId === undefined) starts.delete(pack);
  else starts.get(pack)?.delete(levelId);
}

/**
 * A level prepared for play and its state after loading, computed once per pack and level: both are
 * immutable, and solvers and replays create many sessions of the same level.
 */
function startOf(pack: Pack, levelId: string): { level: LevelRuntime; initial: GameState } {
  let byLevel = starts.get(pack);
  if (!byLevel) {
    byLevel = new Map();
    starts.set(pack, byLevel);
  }
  let start = byLevel.get(levelId);
  if (!start) {
    const level = prepareLevel(pack, levelId);
    start = { level, initial: loadCascade(pack, level, boardState(pack, level)) };
    byLevel.set(levelId, start);
  }
  return start;
}

const kindCodes = new WeakMap<Pack, Map<string, string>>();
const CODE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-.";

/** Fixed-width codes for a pack's kinds, so that a row of cells reads back unambiguously. */
function codesOf(pack: Pack): Map<string, string> {
  let codes = kindCodes.get(pack);
  if (!codes) {
    const kinds = [...pack.kinds.keys()];
    let width = 1;
    while (CODE_ALPHABET.length ** width < kinds.length) width++;
    codes = new Map(
      kinds.map((k, i) => {
        let code = "";
        for (let w = 0, n = i; w < width; w++, n = Math.floor(n / CODE_ALPHABET.length))
          code = CODE_ALPHABET[n % CODE_ALPHABET.length] + code;
        return [k, code];
      }),
    );
    kindCodes.set(pack, codes);
  }
  return codes;
}

/**
 * A compact, stable key of everything that decides how play continues: board, avatar, variables,
 * overlay, multi-cell objects, goal and rule memory, win/lose. The action count is left out, so states
 * reached by paths of different lengths share a key (solvers track depth themselves).
 */
export function stateKey(pack: Pack, state: GameState): string {
  const codes = codesOf(pack);
  let key = "";
  for (const cells of state.layers) key += `${layerKey(codes, cells)}|`;
  const a = state.avatar;
  key += a.enabled && a.position ? `${a.position[0]},${a.position[1]},${a.facing},${a.item ?? ""}|` : "-|";
  key += `${jsonKey(state.variables)}|`;
  if (state.overlay) key += `${state.overlay.position[0]},${state.overlay.position[1]}|`;
  if (state.multiCellObjects.length > 0) key += `${jsonKey(state.multiCellObjects)}|`;
  if (Object.keys(state.memory).length > 0) key += `${jsonKey(state.memory)}|`;
  if (state.firedOnce.length > 0) key += `${state.firedOnce.join(",")}|`;
  return key + (state.won ? "W" : state.lost ? "L" : "");
}

// Committed layers, variables and the like are immutable and shared by the states that did not
// change them, so their part of a key is computed once per object: a search computing a key for
// every state it reaches mostly re-reads layers it has seen.
const layerKeys = new WeakMap<object, string>();
const jsonKeys = new WeakMap<object, string>();

function layerKey(
  codes: Map<string, string>,
  cells: readonly ({ kind: string; params: unknown } | null)[],
): string {
  let s = layerKeys.get(cells);
  if (s === undefined) {
    s = "";
    for (const e of cells) {
      if (!e) s += "_";
      else {
        s += codes.get(e.kind) ?? "?";
        if (e.params) s += jsonKey(e.params as object);
      }
    }
    layerKeys.set(cells, s);
  }
  return s;
}

function jsonKey(value: object): string {
  let s = jsonKeys.get(value);
  if (s === undefined) {
    s = stableStringify(value);
    jsonKeys.set(value, s);
  }
  return s;
}
