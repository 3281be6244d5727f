/**
 * What a bot knows of a position that is not over: a score per seat from 0 to 1. Games say nothing of
 * strategy, so this reads only what the data holds: seats ranked by a seat variable (scores), else
 * material — each seat's share of the pieces on the board, weighted by `pieceValues` when given.
 * @module
 */
import type { MatchRuntime, Outcome } from "../runtime/runtime.js";

/** Each seat's reward for a finished game: 1 for a win, 0.5 for a draw, 0 for a loss. */
export function rewards(outcome: Outcome): number[] {
  return outcome.results.map((r) => (r === "win" ? 1 : r === "draw" ? 0.5 : 0));
}

/** A heuristic reward per seat for an unfinished position, each from 0 to 1. */
export function heuristic(r: MatchRuntime, pieceValues: Readonly<Record<string, number>> = {}): number[] {
  const g = r.g;
  const s = r.s;
  const n = g.seatCount;
  const material = new Array<number>(n).fill(0);
  const weights = g.typeNames.map((t) => pieceValues[t] ?? 1);
  for (let c = 0; c < s.cells.length; c++) {
    const p = s.cells[c] as number;
    if (p < 0) continue;
    const o = s.powner[p] as number;
    if (o >= 0 && o < n) material[o] = (material[o] as number) + (weights[s.ptype[p] as number] as number);
  }
  const ranking = g.end.find((e) => e.result.kind === "ranking")?.result;
  const scores =
    ranking?.kind === "ranking"
      ? Array.from({ length: n }, (_, seat) => ranking.score(r, seat) * (ranking.high ? 1 : -1))
      : material;
  const total = scores.reduce((a, b) => a + Math.abs(b), 0);
  if (total === 0) return new Array<number>(n).fill(0.5);
  // Each seat's lead over the mean, squeezed into (0, 1).
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  return scores.map((v) => 0.5 + (0.5 * (v - mean)) / (total + 1));
}
