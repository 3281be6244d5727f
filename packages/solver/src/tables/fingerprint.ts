/**
 * 128-bit content fingerprints: four independent 32-bit hash lanes. Two searches of the same level (in
 * different threads, which number state parts differently) give the same state the same fingerprint;
 * two different states share one with a probability near 2^-128 per pair, so even 10^9 states
 * (10^18 pairs) collide with a probability below 10^-20.
 */
export const LANES = 4;
const SEEDS = [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344];
const MULTIPLIERS = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f];

/** Mixes one 32-bit value into the lanes at `out[offset..offset+4)`. */
export function mixInto(out: Int32Array, offset: number, value: number): void {
  for (let l = 0; l < LANES; l++) mixLane(out, offset, l, value);
}

/** Mixes one 32-bit value into lane `lane` alone. */
export function mixLane(out: Int32Array, offset: number, lane: number, value: number): void {
  let h = (out[offset + lane] as number) ^ value;
  h = Math.imul(h, MULTIPLIERS[lane] as number);
  out[offset + lane] = (h << 15) | (h >>> 17);
}

/** Starts the lanes at `out[offset..offset+4)`. */
export function startLanes(out: Int32Array, offset = 0): void {
  for (let l = 0; l < LANES; l++) out[offset + l] = SEEDS[l] as number;
}

/** Final avalanche of each lane, so nearby inputs spread over the whole range. */
export function finishLanes(out: Int32Array, offset = 0): void {
  for (let l = 0; l < LANES; l++) {
    let h = out[offset + l] as number;
    h ^= h >>> 16;
    h = Math.imul(h, 0x7feb352d);
    h ^= h >>> 15;
    h = Math.imul(h, 0x846ca68b);
    h ^= h >>> 16;
    out[offset + l] = h;
  }
}

/** The lanes of a text, written at `out[offset..offset+4)`. */
export function textLanes(text: string, out: Int32Array, offset = 0): void {
  startLanes(out, offset);
  mixInto(out, offset, text.length);
  for (let i = 0; i < text.length; i++) mixInto(out, offset, text.charCodeAt(i));
  finishLanes(out, offset);
}
