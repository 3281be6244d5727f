import {
  type ActionInput,
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  Session,
  stableStringify,
} from "@gridponder/engine";
import { PENDING_MOVE_MEMORY } from "@gridponder/engine/search-contract";
import {
  actionBoundLayers,
  actionLimitOf,
  goalSupply,
  hasFreeTurns,
  type OriginFreeTeleport,
  originFreeTeleports,
  pendingMoveKey,
} from "./models/index.js";
import { finishLanes, LANES, mixInto, mixLane, startLanes, textLanes } from "./tables/fingerprint.js";
import { LayerTable } from "./tables/layer-table.js";

/**
 * A level seen as a graph for search: the start state, the actions to try from every state, the
 * successor of a state under an action, and the key that identifies states.
 */
export interface SearchSpace {
  readonly pack: Pack;
  readonly level: LevelRuntime;
  readonly start: GameState;
  readonly actions: readonly ActionInput[];
  /**
   * The state after an action, or `null` when the engine rejects it or when no win can follow it (the
   * board holds too few of a kind the goals need and nothing creates: see the engine's `goalSupply`).
   */
  next(state: GameState, action: ActionInput): GameState | null;
  /** Whether no action sequence from this state can win, as far as the engine's analyses tell. */
  dead(state: GameState): boolean;
  /** How many integers a key has. */
  readonly keyWidth: number;
  /**
   * Writes the state's key into `out` (at least `keyWidth` long): equal for states with the same
   * future, different otherwise (within this search space).
   */
  encode(state: GameState, out: Int32Array): void;
  /**
   * Writes into `out` the key `state` would have with layer `layer` holding `cells` and with neither
   * won nor lost: the key of an abstraction of the state that differs in one layer, without making
   * that state (abstraction heuristics look up one per state they estimate). `cells` is read by content
   * during the call, so the caller may reuse one array for every call.
   */
  encodeWithLayer(state: GameState, layer: number, cells: readonly (Entity | null)[], out: Int32Array): void;
  /**
   * Announces the state about to be expanded and its key, so the parts its successors share with it
   * are numbered without looking at their content. Optional; keys are the same without it.
   */
  prime(state: GameState, key: Int32Array): void;
  /**
   * A layer that only some actions touch (see the engine's `actionBoundLayers`): its key field (the
   * layer's index), and per action whether that action may touch it. `null` when the level has none.
   */
  readonly bound: { readonly field: number; readonly touches: readonly boolean[] } | null;
  /**
   * The successor `child` of a state that differs from `from` only in the bound layer, turned into the
   * successor of `from` under an action that does not touch that layer: `from`'s layer put in its place.
   */
  rebase(child: GameState, from: GameState): GameState;
  /**
   * Per action (by index): the origin-free teleport it performs (see the engine's
   * `originFreeTeleports`), or `null`.
   */
  readonly teleports: readonly (OriginFreeTeleport | null)[];
  /**
   * Writes the state's 128-bit content fingerprint into `out` (4 integers; see `fingerprint.ts`): the
   * same for states with the same key in any search of this level, in any thread, whose parts it
   * numbered in another order. Parallel searches identify states by it. `key`: the state's key, when
   * the caller has just encoded it (saves encoding it again).
   */
  fingerprint(state: GameState, out: Int32Array, key?: Int32Array): void;
  /** Rewrites a key so that it no longer tells the avatar's cell (its item and presence stay). */
  forgetAvatarCell(key: Int32Array): void;
  /** The key as text, for tests and debugging. */
  key(state: GameState): string;
}

/**
 * Whether states that differ only in their action count can have different futures: the level has a
 * move limit and some turn does not count as a move (selecting an actor), so the count is no longer
 * the search depth and has to be part of a state's identity.
 */
function countMatters(pack: Pack, level: LevelRuntime): boolean {
  const limited = level.loseConditions.some((c) => actionLimitOf(pack, c) !== null);
  return limited && hasFreeTurns(level);
}

/**
 * Gives each distinct content of a state part (a layer, the variables, ...) a small number, so a key is
 * a handful of integers. Parts are immutable and a successor shares every part its turn did not change
 * with the state it came from; so before a state is expanded its parts and their numbers are remembered
 * (one per slot), and most parts of its successors are then recognised by identity alone.
 */
class Interner {
  private readonly byContent = new Map<string, number>();
  private readonly lastPart: (object | null)[] = [];
  private readonly lastId: number[] = [];

  id(slot: number, part: object, number: (part: object) => number): number {
    if (this.lastPart[slot] === part) return this.lastId[slot] as number;
    const id = number(part);
    this.lastPart[slot] = part;
    this.lastId[slot] = id;
    return id;
  }

  /** Records that `part` (in `slot`) has number `id`. */
  remember(slot: number, part: object, id: number): void {
    this.lastPart[slot] = part;
    this.lastId[slot] = id;
  }

  /** The number of a piece of text (1, 2, ...); 0 is left for "nothing". */
  text(text: string): number {
    let id = this.byContent.get(text);
    if (id === undefined) {
      id = this.byContent.size + 1;
      this.byContent.set(text, id);
    }
    return id;
  }
}

/** Choices of a search space. */
export interface SearchSpaceOptions {
  /**
   * Whether successors the engine's analyses call dead (see `SearchSpace.dead`) are dropped. Default
   * `true`; tests turn it off to check those analyses against exhaustive search.
   */
  readonly dropDead?: boolean;
}

/** A frozen copy of an action whose params (a tapped cell's position) are frozen too. */
function deepFrozen(action: ActionInput): ActionInput {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(action))
    copy[name] = Array.isArray(value) ? Object.freeze([...value]) : value;
  return Object.freeze(copy) as ActionInput;
}

export function searchSpace(pack: Pack, levelId: string, options: SearchSpaceOptions = {}): SearchSpace {
  const session = new Session(pack, levelId);
  const { level } = session;
  const withCount = countMatters(pack, level);
  const parts = new Interner();
  const json = (part: object) => parts.text(stableStringify(part));
  // A pending move counts by what it can still do (see the engine's `pendingMoveKey`).
  const pendingKey = pendingMoveKey(pack, level, session.initial);
  // Memory but the pending move, as text; a state's memory object is often its predecessor's.
  let lastMemory: Readonly<Record<string, unknown>> | null = null;
  let lastMemoryText = "";
  let lastMemoryId = 0;
  const otherMemory = (memory: Readonly<Record<string, unknown>>): string => {
    if (memory === lastMemory || sameButPending(memory, lastMemory)) return lastMemoryText;
    const keys: string[] = [];
    for (const k in memory) if (k !== PENDING_MOVE_MEMORY) keys.push(k);
    keys.sort();
    let text = "";
    for (const k of keys) {
      const v = memory[k];
      text += `${JSON.stringify(k)}:${typeof v === "number" || typeof v === "boolean" ? String(v) : stableStringify(v)},`;
    }
    lastMemory = memory;
    lastMemoryText = text;
    lastMemoryId = text === "" ? 0 : parts.text(`|r${text}`);
    return text;
  };
  let lastRest = "";
  let lastRestId = 0;
  const layers = pack.layers.length;
  const cells = level.width * level.height;
  const layerTables = pack.layers.map(() => new LayerTable(cells, pack.kinds.size));
  const layerNumber = layerTables.map((table) => (part: object) => table.id(part as never));
  const items = new Map<string | null, number>([[null, 0]]);
  const itemOf = (item: string | null): number => {
    let n = items.get(item);
    if (n === undefined) {
      n = items.size;
      items.set(item, n);
    }
    return n;
  };
  // Items by number: at most one per kind, plus "none".
  const itemBase = pack.kinds.size + 2;
  const variablesSlot = layers;
  // Key layout: one number per layer, then the avatar (cell and item; facing is left out, as no system,
  // rule or goal reads it), the pending move with the terminal flag, the variables, and the rest.
  const encode = (state: GameState, out: Int32Array): void => {
    for (let i = 0; i < layers; i++) out[i] = parts.id(i, state.layers[i] as object, layerNumber[i] as never);
    encodeBeyondLayers(state, out);
  };
  const encodeBeyondLayers = (state: GameState, out: Int32Array): void => {
    const a = state.avatar;
    out[layers] =
      a.enabled && a.position
        ? 1 + (a.position[1] * level.width + a.position[0]) * itemBase + itemOf(a.item)
        : 0;
    out[layers + 1] = pendingKey(state) * 3 + (state.won ? 1 : state.lost ? 2 : 0);
    out[layers + 2] = parts.id(variablesSlot, state.variables, json);
    out[layers + 3] = rest(state);
  };
  // Overlay, structures, memory beyond the pending move, once-rules and the action count: rarely all
  // empty at once in the games that have them, so they share one interned text.
  const rest = (state: GameState): number => {
    const memory = otherMemory(state.memory);
    // The common case, memory alone: its number is kept with it.
    if (!state.overlay && state.multiCellObjects.length === 0 && state.firedOnce.length === 0 && !withCount)
      return lastMemoryId;
    let k = "";
    if (state.overlay) k += `o${state.overlay.position[0]},${state.overlay.position[1]}`;
    if (state.multiCellObjects.length > 0) k += `|m${parts.id(layers + 1, state.multiCellObjects, json)}`;
    if (memory !== "") k += `|r${memory}`;
    if (state.firedOnce.length > 0) k += `|f${state.firedOnce.join(",")}`;
    if (withCount) k += `#${state.actionCount}`;
    if (k === "") return 0;
    if (k !== lastRest) {
      lastRest = k;
      lastRestId = parts.text(k);
    }
    return lastRestId;
  };
  // Content fingerprints of the key's numbered parts, by number: the same content gives the same
  // lanes in any search, whatever number this one gave it.
  const textLanesById = new Map<number, Int32Array>();
  const lanesOfText = (id: number, text: () => string): Int32Array => {
    let lanes = textLanesById.get(id);
    if (lanes === undefined) {
      lanes = new Int32Array(LANES);
      textLanes(text(), lanes);
      textLanesById.set(id, lanes);
    }
    return lanes;
  };
  const restLanesById = new Map<number, Int32Array>();
  const restText = (state: GameState): string => {
    let k = "";
    if (state.overlay) k += `o${state.overlay.position[0]},${state.overlay.position[1]}`;
    if (state.multiCellObjects.length > 0) k += `|m${stableStringify(state.multiCellObjects)}`;
    const memory = otherMemory(state.memory);
    if (memory !== "") k += `|r${memory}`;
    if (state.firedOnce.length > 0) k += `|f${state.firedOnce.join(",")}`;
    if (withCount) k += `#${state.actionCount}`;
    return k;
  };
  const fingerprintKey = new Int32Array(layers + 4);
  const partLanes = new Int32Array(LANES);
  const fingerprint = (state: GameState, out: Int32Array, key?: Int32Array): void => {
    // The key, when the caller has just encoded the state, else encoded here.
    if (key === undefined) encode(state, fingerprintKey);
    else fingerprintKey.set(key);
    startLanes(out);
    for (let i = 0; i < layers; i++) {
      (layerTables[i] as LayerTable).lanesOf(fingerprintKey[i] as number, partLanes, 0);
      for (let l = 0; l < LANES; l++) mixLane(out, 0, l, partLanes[l] as number);
    }
    const a = state.avatar;
    const item = a.item === null ? 0 : 1 + (pack.kinds.get(a.item)?.index ?? pack.kinds.size);
    mixInto(
      out,
      0,
      a.enabled && a.position ? 1 + (a.position[1] * level.width + a.position[0]) * itemBase + item : 0,
    );
    mixInto(out, 0, fingerprintKey[layers + 1] as number);
    const variables = fingerprintKey[layers + 2] as number;
    const varLanes = lanesOfText(variables, () => stableStringify(state.variables));
    for (let l = 0; l < LANES; l++) mixLane(out, 0, l, varLanes[l] as number);
    const restId = fingerprintKey[layers + 3] as number;
    let restLanes = restLanesById.get(restId);
    if (restLanes === undefined) {
      restLanes = new Int32Array(LANES);
      textLanes(restText(state), restLanes);
      restLanesById.set(restId, restLanes);
    }
    for (let l = 0; l < LANES; l++) mixLane(out, 0, l, restLanes[l] as number);
    finishLanes(out);
  };
  const actions = session.legalActions().map(deepFrozen);
  const boundLayer = actionBoundLayers(pack, level)[0];
  const bound =
    boundLayer === undefined
      ? null
      : { field: boundLayer.layer, touches: actions.map((a) => boundLayer.actions.has(a.action)) };
  if ((cells + 1) * itemBase > 0x7fffffff) throw new RangeError(`level ${levelId} is too large to search`);
  const teleportList = originFreeTeleports(pack, level);
  const teleports = actions.map((a) => teleportList.find((t) => t.action === a.action) ?? null);
  const keyWidth = layers + 4;
  const supply = goalSupply(pack, level, session.initial);
  const dead = (state: GameState): boolean => supply !== null && !state.won && supply.short(state);
  const dropDead = options.dropDead ?? true;
  const scratch = new Int32Array(keyWidth);
  return {
    pack,
    level,
    start: session.initial,
    // Deep-frozen, so the engine may remember that it has checked them (see `LevelRuntime.resolvedActions`)
    // rather than copy a tapped cell's position on every turn.
    actions,
    next(state, action) {
      const result = runTurn(pack, level, state, action);
      return result.accepted && !(dropDead && dead(result.state)) ? result.state : null;
    },
    dead,
    keyWidth,
    encode,
    encodeWithLayer(state, layer, cells, out) {
      // The replaced layer is never numbered: it would fill the table with contents no key holds.
      for (let i = 0; i < layers; i++)
        if (i !== layer) out[i] = parts.id(i, state.layers[i] as object, layerNumber[i] as never);
      // Numbered by content alone: the caller's array may be the same with other contents.
      out[layer] = (layerTables[layer] as LayerTable).id(cells as never);
      encodeBeyondLayers(state, out);
      const flags = out[layers + 1] as number;
      out[layers + 1] = flags - (flags % 3);
    },
    bound,
    rebase(child, from) {
      const field = bound?.field ?? -1;
      if (field < 0 || child.layers[field] === from.layers[field]) return child;
      const layers = child.layers.slice();
      layers[field] = from.layers[field] as (typeof layers)[number];
      return { ...child, layers };
    },
    prime(state, key) {
      for (let i = 0; i < layers; i++) parts.remember(i, state.layers[i] as object, key[i] as number);
      parts.remember(variablesSlot, state.variables, key[layers + 2] as number);
    },
    teleports,
    fingerprint,
    forgetAvatarCell(key) {
      const avatar = key[layers] as number;
      key[layers] = avatar === 0 ? 0 : 1 + ((avatar - 1) % itemBase);
    },
    key(state) {
      encode(state, scratch);
      return scratch.join(".");
    },
  };
}

/** Whether two memories hold the same entries (by identity) apart from the pending move. */
function sameButPending(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>> | null,
): boolean {
  if (b === null) return false;
  let n = 0;
  for (const k in a) {
    if (k === PENDING_MOVE_MEMORY) continue;
    if (!Object.hasOwn(b, k) || a[k] !== b[k]) return false;
    n++;
  }
  for (const k in b) if (k !== PENDING_MOVE_MEMORY) n--;
  return n === 0;
}
