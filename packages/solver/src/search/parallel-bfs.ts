import type { ActionInput, GameState } from "@gridponder/engine";
import type { Limits } from "../limits.js";
import { kindNamesOf, type PackedStates, packStates, unpackState } from "../parallel/state-transfer.js";
import type { SearchSpace } from "../search-space.js";
import { LANES } from "../tables/fingerprint.js";
import { type SharedStateBuffers, SharedStates } from "../tables/shared-states.js";
import { Column, StateTable } from "../tables/state-table.js";
import type { Bound, SearchOutcome } from "../types.js";
import { searchOutcome, solvedAt } from "./bfs.js";

/** What one searcher reports of one layer to the others. */
export interface LayerBatch {
  /** The winning states it added. */
  readonly winners: Int32Array;
  /** The states it added for the next layer. */
  readonly next: number;
  /** States this searcher expanded in the layer. */
  readonly expanded: number;
  /** A bound this searcher hit during the layer, which stops every searcher after it. */
  readonly stop: Bound | null;
}

/**
 * How the searchers of one parallel search talk: every searcher calls `exchange` the same number of
 * times, in step, each time with its own message, and gets every searcher's message of that round
 * back, in searcher order (its own included). Typed arrays in a message may be handed over rather
 * than copied: a searcher does not touch a message after sending it.
 */
export interface SearchLink {
  readonly index: number;
  readonly count: number;
  exchange<T extends object>(message: T): Promise<readonly T[]>;
}

/** States one searcher hands to others to even out the next layer's work. */
interface Shipment {
  readonly states: PackedStates;
  /** Per state: its id, and the searcher it goes to. */
  readonly nodes: Int32Array;
  readonly to: Int32Array;
}

/** What searcher 0 sends the others once the first layers, which it searches alone, are done. */
interface Start {
  readonly buffers: SharedStateBuffers | null;
  /** The outcome, when those layers settled the search. */
  readonly outcome: SearchOutcome | null;
  readonly depth: number;
  readonly expanded: number;
  /** The size of the frontier handed out, and the number of states met. */
  readonly frontier: number;
  readonly size: number;
  readonly shipment: Shipment | null;
}

/** Below this many states of difference, a layer's shares are left uneven: shipping costs more. */
const SHIP_AT_LEAST = 256;

/** Frontier size from which the searchers split the work; below it searcher 0 plays the layers alone. */
const SPLIT_PER_SEARCHER = 64;

/**
 * Breadth-first search shared by several searchers (threads), each running this function on its own
 * copy of the level with a `SearchLink` to the others. It answers exactly what `breadthFirst` answers
 * (optimal length, number of optimal solutions up to the cap, states seen and expanded, the same
 * bounds), with one optimal solution that may differ from the one `breadthFirst` picks.
 *
 * The states met live in shared memory (`SharedStates`), keyed by content fingerprints (identical in
 * all threads, unlike part numbers): a searcher that adds a state owns it and expands it in the next
 * layer; one that meets a state another added in the same layer adds its shortest paths to it. So no
 * searcher repeats another's bookkeeping. Searcher 0 plays the first layers alone, until the frontier
 * has a few dozen states per searcher, then hands out shares; after each layer the searchers say what
 * they found, and hand states over when their shares of the next layer are far apart.
 */
export async function parallelBreadthFirst(
  space: SearchSpace,
  limits: Limits,
  countLimit: number,
  link: SearchLink,
  /** The smallest difference between shares worth shipping states for (tests set it low). */
  shipAtLeast = SHIP_AT_LEAST,
): Promise<SearchOutcome> {
  const cap = countLimit + 1;
  const { actions } = space;
  const fp = new Int32Array(LANES);
  const key = new Int32Array(space.keyWidth);
  const cellsPerState = space.start.layers.length * space.level.width * space.level.height;
  // Every state this searcher has met, by its exact key, with its id: a state met again needs no
  // fingerprint.
  const byKey = new StateTable(space.keyWidth);
  const place = new Column(-1);
  // Searcher 0's table from the start; the others get it once the work is shared.
  let states = SharedStates.create(link.index === 0 ? 1 << 12 : 0);
  let expanded = 0;
  /** The pack's kind names by index, to unpack shipped states (made on the first shipment). */
  let kinds: string[] | undefined;
  const outcome = (
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome> = {},
  ) => searchOutcome(status, bound, expanded, states.size, extra);

  /** The frontier: states, their ids, and their entries in `byKey`. */
  let frontier: GameState[] = [space.start];
  let nodes: number[] = [0];
  let frontierKeys: number[] = [];
  const enter = (state: GameState, id: number): number => {
    space.encode(state, key);
    let k = byKey.find(key);
    if (k < 0) k = byKey.add(key);
    place.set(k, id);
    return k;
  };

  /** Expands this searcher's frontier at `depth`; the states it added go to `found`. */
  const expandLayer = (depth: number, found: Found): { stop: Bound | null; expanded: number } => {
    let stop: Bound | null = null;
    let layerExpanded = 0;
    for (let f = 0; f < frontier.length && stop === null; f++) {
      const node = nodes[f] as number;
      const state = frontier[f] as GameState;
      layerExpanded++;
      stop = limits.tick(depth, expanded + layerExpanded, states.size);
      if (stop) break;
      if (states.size > limits.maxStates) {
        stop = "maxStates";
        break;
      }
      byKey.keyOf(frontierKeys[f] as number, key);
      space.prime(state, key);
      const paths = states.paths(node);
      for (let a = 0; a < actions.length; a++) {
        const child = space.next(state, actions[a] as ActionInput);
        if (child === null || child.lost) continue;
        space.encode(child, key);
        let k = byKey.find(key);
        let id: number;
        if (k >= 0) id = place.get(k);
        else {
          k = byKey.add(key);
          space.fingerprint(child, fp, key);
          id = states.findOrAdd(fp, depth + 1, node, a, paths);
          if (id < 0) {
            // New: this searcher expands it next, unless it wins.
            id = -id - 1;
            place.set(k, id);
            if (child.won) found.winners.push(id);
            else {
              found.states.push(child);
              found.nodes.push(id);
              found.keys.push(k);
            }
            continue;
          }
          place.set(k, id);
        }
        // Met before: another shortest way into a state of the layer being built adds its paths.
        if (states.depth(id) === depth + 1) states.addPaths(id, paths, cap);
      }
    }
    return { stop, expanded: layerExpanded };
  };

  const solved = (depth: number, winners: readonly number[]): SearchOutcome =>
    outcome("solved", null, solvedAt(depth + 1, winners, countLimit, actions, states));

  // Searcher 0 alone, while the layers are small.
  let depth = 0;
  let settled: SearchOutcome | null = null;
  if (link.index === 0) {
    space.fingerprint(space.start, fp);
    states.findOrAdd(fp, 0, -1, -1, 1);
    frontierKeys = [enter(space.start, 0)];
    if (space.start.won)
      settled = outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });
    for (; settled === null; depth++) {
      if (depth >= limits.maxDepth) {
        settled = outcome("bounded", "maxDepth", { lowerBound: depth + 1 });
        break;
      }
      if (frontier.length >= SPLIT_PER_SEARCHER * link.count) break;
      room(frontier.length * actions.length);
      const found = new Found();
      const layer = expandLayer(depth, found);
      expanded += layer.expanded;
      if (layer.stop !== null) settled = outcome("bounded", layer.stop, { lowerBound: depth + 1 });
      else if (found.winners.length > 0) settled = solved(depth, found.winners);
      else if (found.states.length === 0) settled = outcome("unsolvable", null, { lowerBound: null });
      else [frontier, nodes, frontierKeys] = [found.states, found.nodes, found.keys];
    }
  }
  /** Makes room for `more` states (searcher 0 only, between layers). */
  function room(more: number): void {
    if (states.needsRoom(states.size, more)) states = states.grown(2 * (states.size + more));
  }

  // The others get the states, the layer reached, and their shares of the frontier.
  const shares = link.index === 0 && settled === null ? shareOut(frontier.length, link.count) : null;
  const starts = await link.exchange<Start>(
    link.index === 0
      ? {
          buffers: states.buffers,
          outcome: settled,
          depth,
          expanded,
          frontier: frontier.length,
          size: states.size,
          shipment:
            shares === null
              ? null
              : {
                  states: packStates(
                    frontier.filter((_, i) => (shares[i] as number) !== 0),
                    cellsPerState,
                  ),
                  nodes: Int32Array.from(nodes.filter((_, i) => (shares[i] as number) !== 0)),
                  to: Int32Array.from(shares.filter((t) => t !== 0)),
                },
        }
      : { buffers: null, outcome: null, depth: 0, expanded: 0, frontier: 0, size: 0, shipment: null },
  );
  const start = starts[0] as Start;
  if (start.outcome !== null) return start.outcome;
  states = new SharedStates(start.buffers as SharedStateBuffers);
  depth = start.depth;
  expanded = start.expanded;
  if (link.index === 0) {
    const keep = (_: unknown, i: number) => (shares as Int32Array)[i] === 0;
    frontier = frontier.filter(keep);
    nodes = nodes.filter(keep);
    frontierKeys = frontierKeys.filter(keep);
  } else {
    frontier = [];
    nodes = [];
    frontierKeys = [];
  }
  receive(start.shipment);

  /** Takes the states of a shipment meant for this searcher into its frontier. */
  function receive(shipment: Shipment | null): void {
    if (shipment === null) return;
    const mine: number[] = [];
    shipment.to.forEach((dest, i) => {
      if (dest === link.index) mine.push(i);
    });
    if (mine.length === 0) return;
    kinds ??= kindNamesOf(space.pack);
    const cellCount = space.level.width * space.level.height;
    for (const i of mine) {
      const state = unpackState(space.pack, kinds, shipment.states, i, space.start.layers.length, cellCount);
      const node = shipment.nodes[i] as number;
      frontier.push(state);
      nodes.push(node);
      frontierKeys.push(enter(state, node));
    }
  }

  // Together: every searcher expands its share; a layer ends when all are done.
  let total = start.frontier;
  // The states met by the end of the last layer: every searcher knows it alike (the table's own count
  // may already include the next layer's first states of a faster searcher).
  let known = start.size;
  for (; ; depth++) {
    if (depth >= limits.maxDepth) return outcome("bounded", "maxDepth", { lowerBound: depth + 1 });
    // The next layer fits, whatever it holds (searcher 0 makes room while the others wait).
    if (states.needsRoom(known, total * actions.length)) {
      if (link.index === 0) room(total * actions.length);
      const [grown] = await link.exchange(link.index === 0 ? states.buffers : ({} as SharedStateBuffers));
      states = new SharedStates(grown as SharedStateBuffers);
    }
    const found = new Found();
    const layer = expandLayer(depth, found);
    const batches = await link.exchange<LayerBatch>({
      winners: Int32Array.from(found.winners),
      next: found.states.length,
      expanded: layer.expanded,
      stop: layer.stop,
    });
    let winners: number[] = [];
    const given = new Int32Array(link.count);
    batches.forEach((batch, b) => {
      expanded += batch.expanded;
      winners = winners.concat(Array.from(batch.winners));
      given[b] = batch.next;
      known += batch.next + batch.winners.length;
    });
    // A searcher stopped by a bound ends the search: what the finished layers prove is the answer.
    const stopped = batches.find((batch) => batch.stop !== null)?.stop ?? null;
    if (stopped !== null) return outcome("bounded", stopped, { lowerBound: depth + 1 });
    if (winners.length > 0) return solved(depth, winners);
    total = given.reduce((sum, n) => sum + n, 0);
    if (total === 0) return outcome("unsolvable", null, { lowerBound: null });
    frontier = found.states;
    nodes = found.nodes;
    frontierKeys = found.keys;
    // A share much larger than the others': hand the excess to the searchers with less, so no thread
    // waits for another at the end of the next layer. Every searcher plans the same moves.
    const moves = evenOut(given, link.count, shipAtLeast);
    if (moves.length > 0) {
      const shipped: GameState[] = [];
      const shippedNodes: number[] = [];
      const to: number[] = [];
      for (const move of moves) {
        if (move.from !== link.index) continue;
        for (let n = 0; n < move.count; n++) {
          shipped.push(frontier.pop() as GameState);
          shippedNodes.push(nodes.pop() as number);
          frontierKeys.pop();
          to.push(move.to);
        }
      }
      const shipments = await link.exchange<Shipment>({
        states: packStates(shipped, cellsPerState),
        nodes: Int32Array.from(shippedNodes),
        to: Int32Array.from(to),
      });
      for (const shipment of shipments) receive(shipment);
    }
  }
}

/** States a searcher added in a layer: winners, and the others with their ids and `byKey` entries. */
class Found {
  readonly winners: number[] = [];
  readonly states: GameState[] = [];
  readonly nodes: number[] = [];
  readonly keys: number[] = [];
}

/** Which searcher takes each state of the first shared frontier: round robin, searcher 0 first. */
function shareOut(size: number, count: number): Int32Array {
  const to = new Int32Array(size);
  for (let i = 0; i < size; i++) to[i] = i % count;
  return to;
}

/**
 * Moves that even out the searchers' shares (`loads`): from the largest to the smallest, while the
 * difference is worth a shipment. The same for every searcher that computes it.
 */
function evenOut(
  loads: Int32Array,
  count: number,
  atLeast: number,
): { from: number; to: number; count: number }[] {
  const left = Array.from(loads);
  const total = left.reduce((a, b) => a + b, 0);
  const moves: { from: number; to: number; count: number }[] = [];
  for (let round = 0; round < count * count; round++) {
    let hi = 0;
    let lo = 0;
    for (let w = 1; w < count; w++) {
      if ((left[w] as number) > (left[hi] as number)) hi = w;
      if ((left[w] as number) < (left[lo] as number)) lo = w;
    }
    const gap = (left[hi] as number) - (left[lo] as number);
    if (gap < Math.max(atLeast, total / count / 10) || gap < 2) break;
    const n = Math.floor(gap / 2);
    moves.push({ from: hi, to: lo, count: n });
    left[hi] = (left[hi] as number) - n;
    left[lo] = (left[lo] as number) + n;
  }
  return moves;
}
