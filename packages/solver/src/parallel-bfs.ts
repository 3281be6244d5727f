import type { ActionInput, GameState } from "@gridponder/engine";
import { searchOutcome } from "./bfs.js";
import { LANES } from "./fingerprint.js";
import type { Limits } from "./limits.js";
import type { SearchSpace } from "./search-space.js";
import { Column, StateTable } from "./state-table.js";
import { type PackedStates, packStates, unpackStates } from "./state-transfer.js";
import type { Bound, SearchOutcome } from "./types.js";

/** What one searcher found in one layer: its new states, as fingerprints and bookkeeping. */
export interface LayerBatch {
  /** `LANES` integers per state (see `SearchSpace.fingerprint`). */
  readonly fingerprints: Int32Array;
  /** Per state: shortest paths into it from this searcher's states (capped), its parent's node, the action. */
  readonly paths: Int32Array;
  readonly parents: Int32Array;
  readonly vias: Int32Array;
  /** Per state: 1 when it wins. */
  readonly won: Uint8Array;
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
  /** Per state: the replica node, and the searcher it goes to. */
  readonly nodes: Int32Array;
  readonly to: Int32Array;
}

/** Below this many states of difference, a layer's shares are left uneven: shipping costs more. */
const SHIP_AT_LEAST = 256;

/** Frontier size from which the searchers split the work; below it each plays the whole layer. */
const SPLIT_PER_SEARCHER = 64;

/**
 * Breadth-first search shared by several searchers (threads), each running this function on its own
 * copy of the level with a `SearchLink` to the others. It answers exactly what `breadthFirst` answers
 * (optimal length, number of optimal solutions up to the cap, states seen and expanded, the same
 * bounds), with one optimal solution that may differ from the one `breadthFirst` picks.
 *
 * Every searcher keeps a replica of the states seen, keyed by content fingerprints (identical in all
 * threads, unlike part numbers). The first layers, until the frontier has a few dozen states per
 * searcher, are played by every searcher alike; then each searcher expands its share of the frontier
 * (by fingerprint) and, from there on, the states it discovers. After each layer the searchers swap
 * their new states (fingerprint, path count, parent, action) and merge them in searcher order, so the
 * replicas stay identical; a state two searchers found is kept by one of them (the one its
 * fingerprint names, if that one has it), and its path counts add up.
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
  const seen = new StateTable(LANES);
  const parent = new Column(-1);
  const via = new Column(-1);
  const paths = new Column(1);
  const fp = new Int32Array(LANES);
  const { actions } = space;
  let expanded = 0;
  const outcome = (
    status: SearchOutcome["status"],
    bound: Bound | null,
    extra: Partial<SearchOutcome> = {},
  ) => searchOutcome(status, bound, expanded, seen.size, extra);
  space.fingerprint(space.start, fp);
  seen.add(fp);
  if (space.start.won)
    return outcome("solved", null, { optimalLength: 0, solution: [], optimalCount: 1, lowerBound: 0 });

  const solved = (depth: number, winners: readonly number[]): SearchOutcome => {
    let total = 0;
    for (const w of winners) total = Math.min(cap, total + paths.get(w));
    const solution: ActionInput[] = [];
    for (let n = winners[0] as number; n > 0; n = parent.get(n))
      solution.push(actions[via.get(n)] as ActionInput);
    solution.reverse();
    return outcome("solved", null, {
      optimalLength: depth + 1,
      lowerBound: depth + 1,
      solution,
      optimalCount: Math.min(total, countLimit),
      countCapped: total > countLimit,
    });
  };

  let frontier: GameState[] = [space.start];
  let nodes: number[] = [0];
  // Once the searchers share the work: every state this searcher has met, by its exact key, with its
  // place (`place`): its id in the replica, or -(i + 1) for entry i of the batch being built.
  const byKey = new StateTable(space.keyWidth);
  const place = new Column(0);
  const key = new Int32Array(space.keyWidth);
  let frontierKeys: number[] = [];
  let shared = false;
  for (let depth = 0; ; depth++) {
    if (depth >= limits.maxDepth) return outcome("bounded", "maxDepth", { lowerBound: depth + 1 });
    if (!shared) {
      // Every searcher plays the whole layer, in the same order, so their replicas agree without a word.
      const next: GameState[] = [];
      const nextNodes: number[] = [];
      const winners: number[] = [];
      // Ids from here on were found in this layer.
      const floor = seen.size;
      // Every searcher expands the same states: searcher 0 counts them for the search.
      if (link.index === 0) expanded += frontier.length;
      for (let f = 0; f < frontier.length; f++) {
        const node = nodes[f] as number;
        for (let a = 0; a < actions.length; a++) {
          const child = space.next(frontier[f] as GameState, actions[a] as ActionInput);
          if (child === null || child.lost) continue;
          space.fingerprint(child, fp);
          const known = seen.find(fp);
          if (known >= 0) {
            if (known >= floor) paths.set(known, Math.min(cap, paths.get(known) + paths.get(node)));
            continue;
          }
          const id = seen.add(fp);
          parent.set(id, node);
          via.set(id, a);
          paths.set(id, paths.get(node));
          if (child.won) winners.push(id);
          else {
            next.push(child);
            nextNodes.push(id);
          }
        }
      }
      if (winners.length > 0) return solved(depth, winners);
      if (next.length === 0) return outcome("unsolvable", null, { lowerBound: null });
      if (seen.size > limits.maxStates) return outcome("bounded", "maxStates", { lowerBound: depth + 1 });
      if (next.length >= SPLIT_PER_SEARCHER * link.count) {
        shared = true;
        const mine = ownedBy(seen, nextNodes, link);
        frontier = mine.map((i) => next[i] as GameState);
        nodes = mine.map((i) => nextNodes[i] as number);
        frontierKeys = frontier.map((state, i) => {
          space.encode(state, key);
          const k = byKey.add(key);
          place.set(k, nodes[i] as number);
          return k;
        });
      } else {
        frontier = next;
        nodes = nextNodes;
      }
      continue;
    }

    // Each searcher expands its own share and collects the new states it finds. States it met before
    // are known by their exact key (`byKey`), so a fingerprint is computed once per state met.
    const localPaths: number[] = [];
    const localParents: number[] = [];
    const localVias: number[] = [];
    const localWon: number[] = [];
    const localStates: GameState[] = [];
    /** Per new state of the layer: its entry in `byKey`. */
    const localKeys: number[] = [];
    const localPrints: number[] = [];
    let stop: Bound | null = null;
    let layerExpanded = 0;
    for (let f = 0; f < frontier.length && stop === null; f++) {
      const node = nodes[f] as number;
      const state = frontier[f] as GameState;
      layerExpanded++;
      stop = limits.tick(depth, expanded + layerExpanded, seen.size + localPaths.length);
      if (stop) break;
      byKey.keyOf(frontierKeys[f] as number, key);
      space.prime(state, key);
      for (let a = 0; a < actions.length; a++) {
        const child = space.next(state, actions[a] as ActionInput);
        if (child === null || child.lost) continue;
        space.encode(child, key);
        const met = byKey.find(key);
        if (met >= 0) {
          // Met before: in this layer's batch (its paths add up), or an older state of the replica.
          const where = place.get(met);
          if (where < 0) {
            const i = -where - 1;
            localPaths[i] = Math.min(cap, (localPaths[i] as number) + paths.get(node));
          }
          continue;
        }
        const k = byKey.add(key);
        space.fingerprint(child, fp, key);
        const old = seen.find(fp);
        if (old >= 0) {
          place.set(k, old);
          continue;
        }
        place.set(k, -(localPaths.length + 1));
        for (let l = 0; l < LANES; l++) localPrints.push(fp[l] as number);
        localKeys.push(k);
        localPaths.push(paths.get(node));
        localParents.push(node);
        localVias.push(a);
        localWon.push(child.won ? 1 : 0);
        localStates.push(child);
      }
    }
    const fingerprints = Int32Array.from(localPrints);
    const batches = await link.exchange<LayerBatch>({
      fingerprints,
      paths: Int32Array.from(localPaths),
      parents: Int32Array.from(localParents),
      vias: Int32Array.from(localVias),
      won: Uint8Array.from(localWon),
      expanded: layerExpanded,
      stop,
    });

    // Merge every batch, in searcher order, into the replica: the same ids in every searcher. Ids
    // from `floor` on are this layer's; `holders` tells which searchers found each of them.
    const floor = seen.size;
    let incoming = 0;
    for (const batch of batches) incoming += batch.paths.length;
    /** By id - floor: a bit per searcher that found the state. */
    const holders = new Int32Array(incoming);
    const mineAt: number[] = [];
    const winners: number[] = [];
    // A searcher stopped by a bound ends the search: what the finished layers prove is the answer, so
    // the layer is not merged.
    const stopped = batches.find((batch) => batch.stop !== null)?.stop ?? null;
    if (stopped !== null) {
      for (const batch of batches) expanded += batch.expanded;
      return outcome("bounded", stopped, { lowerBound: depth + 1 });
    }
    for (let b = 0; b < batches.length; b++) {
      const batch = batches[b] as LayerBatch;
      expanded += batch.expanded;
      const n = batch.paths.length;
      const prints = batch.fingerprints;
      for (let i = 0; i < n; i++) {
        for (let l = 0; l < LANES; l++) fp[l] = prints[i * LANES + l] as number;
        let id = seen.find(fp);
        if (id >= floor) {
          paths.set(id, Math.min(cap, paths.get(id) + (batch.paths[i] as number)));
          holders[id - floor] = (holders[id - floor] as number) | (1 << b);
        } else if (id < 0) {
          id = seen.add(fp);
          parent.set(id, batch.parents[i] as number);
          via.set(id, batch.vias[i] as number);
          paths.set(id, batch.paths[i] as number);
          holders[id - floor] = 1 << b;
          if (batch.won[i]) winners.push(id);
        }
        // (A state seen in an earlier layer cannot be in a batch: each searcher checked the replica.)
        if (b === link.index) {
          mineAt[i] = id;
          place.set(localKeys[i] as number, id);
        }
      }
    }
    if (winners.length > 0) return solved(depth, winners);
    if (incoming === 0) return outcome("unsolvable", null, { lowerBound: null });
    if (seen.size > limits.maxStates) return outcome("bounded", "maxStates", { lowerBound: depth + 1 });
    // Who expands each new state next: a state one searcher found stays with it; one several found
    // goes to whichever of them has been given the fewest so far, in id order, so the shares stay
    // even. Every searcher works this out alike from the merged layer.
    const keeper = new Int8Array(incoming);
    const given = new Int32Array(link.count);
    for (let j = 0; j < incoming; j++) {
      const mask = holders[j] as number;
      let best = -1;
      for (let w = 0; w < link.count; w++)
        if (mask & (1 << w) && (best < 0 || (given[w] as number) < (given[best] as number))) best = w;
      keeper[j] = best;
      given[best] = (given[best] as number) + 1;
    }
    frontier = [];
    nodes = [];
    frontierKeys = [];
    mineAt.forEach((id, i) => {
      if (keeper[id - floor] === link.index && !batchWon(batches, link.index, i)) {
        frontier.push(localStates[i] as GameState);
        nodes.push(id);
        frontierKeys.push(localKeys[i] as number);
      }
    });
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
      const cellsPerState = space.start.layers.length * space.level.width * space.level.height;
      const shipments = await link.exchange<Shipment>({
        states: packStates(shipped, cellsPerState),
        nodes: Int32Array.from(shippedNodes),
        to: Int32Array.from(to),
      });
      for (const shipment of shipments) {
        const mine: number[] = [];
        shipment.to.forEach((dest, i) => {
          if (dest === link.index) mine.push(i);
        });
        if (mine.length === 0) continue;
        const states = unpackStates(
          space.pack,
          shipment.states,
          space.start.layers.length,
          space.level.width * space.level.height,
        );
        for (const i of mine) {
          const state = states[i] as GameState;
          const node = shipment.nodes[i] as number;
          space.encode(state, key);
          let k = byKey.find(key);
          if (k < 0) k = byKey.add(key);
          place.set(k, node);
          frontier.push(state);
          nodes.push(node);
          frontierKeys.push(k);
        }
      }
    }
  }
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

/** Whether entry `i` of searcher `b`'s batch wins (winners end the search, so they are never expanded). */
function batchWon(batches: readonly LayerBatch[], b: number, i: number): boolean {
  return (batches[b] as LayerBatch).won[i] === 1;
}

/** The positions of `ids` whose fingerprint names this searcher. */
function ownedBy(seen: StateTable, ids: readonly number[], link: SearchLink): number[] {
  const key = new Int32Array(LANES);
  const mine: number[] = [];
  ids.forEach((id, i) => {
    seen.keyOf(id, key);
    if (((key[0] as number) >>> 0) % link.count === link.index) mine.push(i);
  });
  return mine;
}
