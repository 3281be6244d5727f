import type { ActionInput, GameState, Pack } from "@gridponder/engine";
import { Int32List, type SearchSpace, searchSpace } from "@gridponder/solver";

/**
 * The states a level reaches from its start, as a graph: every state met (by the solver's state key,
 * so two states with the same future are one node), and per state the successor under each action the
 * engine accepts. Won and lost states end the level, so they have no successors. Node 0 is the start.
 */
export interface LevelGraph {
  /** Nodes in the order breadth-first search met them (so by depth from the start). */
  readonly size: number;
  /** Whether every reachable state was met; `false` when `maxStates` stopped the search first. */
  readonly complete: boolean;
  /** The actions tried from every state (the level's legal actions), by index. */
  readonly actions: readonly ActionInput[];
  /** Per node: 1 when the state is won, 2 when lost, else 0. */
  readonly ending: Uint8Array;
  /** Per node: its depth (fewest actions from the start). */
  readonly depth: Int32Array;
  /**
   * Successors in compressed rows: those of node `n` are `target[edges[n] .. edges[n + 1])`, played by
   * `action[...]` (an index into `actions`). Nodes not expanded (past a cap) have none.
   */
  readonly edges: Int32Array;
  readonly target: Int32Array;
  readonly action: Int32Array;
  /** Per node: whether it was expanded (its successors are known). */
  readonly expanded: Uint8Array;
  /** The state of a node, for tools that turn states into levels. */
  state(node: number): GameState;
}

/** Options of {@link exploreLevel}. */
export interface ExploreOptions {
  /** The most states kept; beyond it the graph is incomplete. Default 200,000. */
  readonly maxStates?: number;
  /** Which actions to try (all by default): the level played without some is a different graph. */
  readonly keepAction?: (action: ActionInput) => boolean;
}

/** The state key as a string, for a map: the solver's keys are short integer arrays. */
function keyText(space: SearchSpace, state: GameState, scratch: Int32Array): string {
  space.encode(state, scratch);
  let text = "";
  for (let i = 0; i < space.keyWidth; i++) text += `${scratch[i]},`;
  return text;
}

/**
 * Explores a level breadth-first from its start, without dropping states the solver's analyses call
 * dead (dead ends are what a designer wants counted here).
 */
export function exploreLevel(pack: Pack, levelId: string, options: ExploreOptions = {}): LevelGraph {
  const maxStates = options.maxStates ?? 200_000;
  const space = searchSpace(pack, levelId, { dropDead: false });
  const keep = options.keepAction ?? (() => true);
  const actionIndices = space.actions.flatMap((a, i) => (keep(a) ? [i] : []));
  const scratch = new Int32Array(space.keyWidth);
  const ids = new Map<string, number>();
  const states: GameState[] = [];
  const depth = new Int32List();
  const ending = new Int32List();
  const edges = new Int32List();
  const target = new Int32List();
  const action = new Int32List();
  let complete = true;
  const add = (state: GameState, d: number): number => {
    const key = keyText(space, state, scratch);
    const known = ids.get(key);
    if (known !== undefined) return known;
    if (states.length >= maxStates) return -1;
    const id = states.length;
    ids.set(key, id);
    states.push(state);
    depth.push(d);
    ending.push(state.won ? 1 : state.lost ? 2 : 0);
    return id;
  };
  add(space.start, 0);
  let node = 0;
  let expandedCount = 0;
  for (; node < states.length; node++) {
    edges.push(target.count);
    const state = states[node] as GameState;
    if (state.won || state.lost) continue;
    const d = (depth.view()[node] as number) + 1;
    for (const a of actionIndices) {
      const next = space.next(state, space.actions[a] as ActionInput);
      if (next === null) continue;
      const to = add(next, d);
      if (to < 0) {
        complete = false;
        continue;
      }
      target.push(to);
      action.push(a);
    }
    // A node whose successors did not all fit is left unexpanded, so no analysis mistakes it for a
    // state with fewer moves than it has.
    if (!complete) {
      target.count = edges.view()[node] as number;
      action.count = target.count;
      break;
    }
    expandedCount = node + 1;
  }
  // Rows of the nodes left unexpanded: empty.
  for (let n = edges.count; n < states.length; n++) edges.push(target.count);
  edges.push(target.count);
  const expanded = new Uint8Array(states.length);
  expanded.fill(1, 0, expandedCount);
  return {
    size: states.length,
    complete,
    actions: space.actions,
    ending: Uint8Array.from(ending.view()),
    depth: depth.view().slice(),
    edges: edges.view().slice(),
    target: target.view().slice(),
    action: action.view().slice(),
    expanded,
    state: (n) => states[n] as GameState,
  };
}
