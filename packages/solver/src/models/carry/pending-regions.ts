/**
 * Where a relaxed state remembers its pending move's target: the avatar cells split into regions, and
 * a pending move kept as the region of its target (with whether it fires on the next turn). A fire
 * then lands the avatar somewhere in that region, not anywhere on the board: with one cell a region
 * that is exactly the engine's fire, with one region the whole board.
 *
 * Regions are rectangular blocks of the board, as small as the count allows, so a fire's landing
 * cells lie close together.
 */
export interface PendingRegions {
  readonly count: number;
  /** Region per board cell; -1 where the avatar never stands. */
  readonly regionOf: Int32Array;
  /** The board cells of each region. */
  readonly cells: readonly Int32Array[];
}

/**
 * At most `most` regions over the avatar cells (`avatarCells`, board cells of a `width`-wide board):
 * each avatar cell its own region when `most` allows, otherwise the blocks of the smallest shape
 * (by width plus height, then by fewer blocks) that gives at most `most` non-empty blocks.
 */
export function pendingRegions(
  width: number,
  height: number,
  avatarCells: Int32Array,
  most: number,
): PendingRegions {
  const regionOf = new Int32Array(width * height).fill(-1);
  let best: { w: number; h: number; count: number } | null = null;
  for (let w = 1; w <= width; w++)
    for (let h = 1; h <= height; h++) {
      const count = blockCount(width, avatarCells, w, h);
      if (count > most) continue;
      if (best === null || w + h < best.w + best.h || (w + h === best.w + best.h && count < best.count))
        best = { w, h, count };
    }
  // One block as large as the board always fits (`most` is at least one).
  const { w, h } = best ?? { w: width, h: height };
  const numbers = new Map<number, number>();
  const cells: number[][] = [];
  for (const c of avatarCells) {
    const block = Math.floor(Math.floor(c / width) / h) * width + Math.floor((c % width) / w);
    let r = numbers.get(block);
    if (r === undefined) {
      r = cells.length;
      numbers.set(block, r);
      cells.push([]);
    }
    regionOf[c] = r;
    (cells[r] as number[]).push(c);
  }
  return { count: cells.length, regionOf, cells: cells.map((c) => Int32Array.from(c)) };
}

function blockCount(width: number, avatarCells: Int32Array, w: number, h: number): number {
  const blocks = new Set<number>();
  for (const c of avatarCells)
    blocks.add(Math.floor(Math.floor(c / width) / h) * width + Math.floor((c % width) / w));
  return blocks.size;
}
