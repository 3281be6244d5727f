import type { CarryLevel } from "./analysis.js";
import { carrierMoves } from "./layout.js";

/**
 * What stands between the plots and every carrier: for each plot, the cells a carrier can enter it
 * from (a push with the avatar behind the carrier, or a slide on from slippery ground) among the
 * cells a carrier can ever reach (`basketDomain`). A plot waits for a tool when it holds a wall,
 * or a pickup, or when every cell it can be entered from does: no carrier reaches it before the
 * avatar has taken a pickup (a pickup keeps carriers off its cell; a wall stands until a pickup of
 * its tool is taken). There the relaxed model tracks pickups by default (see `relaxedCarry`).
 */
export interface PlotGates {
  /** Some plot waits for a pickup to be taken. */
  readonly waits: boolean;
  /** The pickups (`CarryLevel.pickups` indices) on a plot or on every way into one. */
  readonly pickups: readonly number[];
}

export function plotGates(level: CarryLevel, basketDomain: Uint8Array): PlotGates {
  const pickupAt = new Map<number, number>();
  for (const [i, p] of level.pickups.entries()) pickupAt.set(p.cell, i);
  const wallAt = new Set(level.walls.filter((w) => w.items.length > 0).map((w) => w.cell));
  const blocked = (cell: number) => pickupAt.has(cell) || wallAt.has(cell);
  let waits = false;
  const pickups = new Set<number>();
  for (const plot of level.plots) {
    const entries = blocked(plot) ? [plot] : entriesOf(level, basketDomain, plot);
    if (entries.length === 0 || !entries.every(blocked)) continue;
    waits = true;
    for (const cell of entries) {
      const pickup = pickupAt.get(cell);
      if (pickup !== undefined) pickups.add(pickup);
    }
  }
  return { waits, pickups: [...pickups].sort((a, b) => a - b) };
}

/** The cells a carrier can move into `plot` from in one push or one step of a slide. */
function entriesOf(level: CarryLevel, basketDomain: Uint8Array, plot: number): number[] {
  const entries: number[] = [];
  for (let d = 0; d < 4; d++) {
    const from = level.neighbour[plot * 4 + d] as number;
    // From there the carrier moves back towards the plot, the opposite way.
    if (from >= 0 && basketDomain[from] === 1 && carrierMoves(level, from, d ^ 1)) entries.push(from);
  }
  return entries;
}
