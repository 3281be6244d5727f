import type { LevelGraph } from "./explore.js";

/**
 * Per node: the fewest actions from it to a won state within the graph, or -1 when no won state is
 * reachable from it (a dead end). Found backwards, breadth-first from every won state. In an
 * incomplete graph a distance is only an upper bound and -1 means "none found".
 */
export function winDistances(graph: LevelGraph): Int32Array {
  const { size, edges, target } = graph;
  // Predecessor lists in compressed rows.
  const inDegree = new Int32Array(size + 1);
  for (let e = 0; e < target.length; e++) {
    const slot = (target[e] as number) + 1;
    inDegree[slot] = (inDegree[slot] as number) + 1;
  }
  for (let n = 0; n < size; n++) inDegree[n + 1] = (inDegree[n + 1] as number) + (inDegree[n] as number);
  const fill = inDegree.slice(0, size);
  const from = new Int32Array(target.length);
  for (let n = 0; n < size; n++)
    for (let e = edges[n] as number; e < (edges[n + 1] as number); e++) {
      const t = target[e] as number;
      from[fill[t] as number] = n;
      fill[t] = (fill[t] as number) + 1;
    }
  const dist = new Int32Array(size).fill(-1);
  const queue = new Int32Array(size);
  let tail = 0;
  for (let n = 0; n < size; n++)
    if (graph.ending[n] === 1) {
      dist[n] = 0;
      queue[tail++] = n;
    }
  for (let head = 0; head < tail; head++) {
    const n = queue[head] as number;
    const d = (dist[n] as number) + 1;
    for (let i = inDegree[n] as number; i < (inDegree[n + 1] as number); i++) {
      const p = from[i] as number;
      if (dist[p] !== -1) continue;
      dist[p] = d;
      queue[tail++] = p;
    }
  }
  return dist;
}

/**
 * How many distinct shortest winning action sequences start at node 0 (two actions reaching the same
 * state are two sequences, as the solver counts them), or 0 when none is known. A float: levels whose
 * moves commute have astronomically many.
 */
export function shortestWinCount(graph: LevelGraph, dist: Int32Array): number {
  const start = dist[0] as number;
  if (start < 0) return 0;
  // Nodes by distance, nearest first, so each node's successors on a shortest path are counted first.
  const byDistance: number[][] = Array.from({ length: start + 1 }, () => []);
  for (let n = 0; n < graph.size; n++) {
    const d = dist[n] as number;
    if (d >= 0 && d <= start) byDistance[d]?.push(n);
  }
  const ways = new Float64Array(graph.size);
  for (const n of byDistance[0] ?? []) ways[n] = 1;
  for (let d = 1; d <= start; d++)
    for (const n of byDistance[d] ?? []) {
      let sum = 0;
      for (let e = graph.edges[n] as number; e < (graph.edges[n + 1] as number); e++) {
        const t = graph.target[e] as number;
        if (dist[t] === d - 1) sum += ways[t] as number;
      }
      ways[n] = sum;
    }
  return ways[0] as number;
}
