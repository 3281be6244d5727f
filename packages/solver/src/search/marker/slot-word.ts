/**
 * A (core, marker) slot is one 32-bit word: the depth it was first reached at in the high half, the
 * number of shortest paths to it (capped) in the low 15 bits, and whether the best-first search has
 * expanded it in bit 15; one word, so a visit touches one cache line.
 */
export const UNSEEN = 0xffff;
export const NEVER_REACHED = 0xffff0000;
export const EXPANDED = 0x8000;
/** Path counts stop below the expanded bit. */
export const MOST_PATHS = 0x7fff;
export const depthOf = (word: number): number => word >>> 16;
export const pathsOf = (word: number): number => word & MOST_PATHS;
export const slotWord = (depth: number, paths: number): number => ((depth << 16) | paths) >>> 0;

/**
 * A copy of `old`, `length` long, with the new entries set to `fill`: written even when `fill` is 0,
 * as these arrays are read before they are written.
 */
export function enlarged<A extends Int8Array | Uint8Array | Int32Array | Uint32Array | Float64Array>(
  old: A,
  length: number,
  fill: number,
): A {
  const next = new (old.constructor as new (length: number) => A)(length);
  next.fill(fill, old.length);
  next.set(old);
  return next;
}
