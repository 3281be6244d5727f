/**
 * Sampling what a seat cannot see: every piece hidden from the seat (in other seats' hands, in hidden
 * piles, under the top of a pile that shows only its top) is dealt again at random among the places
 * hidden pieces occupy, and the random numbers are reseeded. What the seat sees stays as it is, so the
 * sample is a position the seat cannot tell from the real one. Information-set search plays on these.
 * @module
 */
import type { CompiledZone } from "../contract.js";
import type { MatchRuntime } from "../runtime/runtime.js";

/** Whether the piece at `index` of zone slot `slot` is hidden from `seat`. */
export function hiddenFrom(r: MatchRuntime, slot: number, index: number, seat: number): boolean {
  const zone = r.g.zones[r.g.slotZone[slot] as number] as CompiledZone;
  const pile = r.s.zones[slot] as number[];
  switch (zone.visibility) {
    case "public":
      return false;
    case "top":
      return index !== pile.length - 1;
    case "owner":
      return r.g.slotSeat[slot] !== seat;
    default:
      return true;
  }
}

/** A copy of the position with the pieces hidden from `seat` shuffled among their places. */
export function determinize(r: MatchRuntime, seat: number, random: () => number): MatchRuntime {
  const copy = r.clone();
  const s = copy.s;
  const places: [number, number][] = [];
  const pieces: number[] = [];
  for (let slot = 0; slot < s.zones.length; slot++) {
    const pile = s.zones[slot] as number[];
    for (let i = 0; i < pile.length; i++)
      if (hiddenFrom(copy, slot, i, seat)) {
        places.push([slot, i]);
        pieces.push(pile[i] as number);
      }
  }
  // Dealt from the hidden pieces in id order, not in the order they really lie: the sample must not
  // depend on where a hidden piece really is.
  pieces.sort((a, b) => a - b);
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = pieces[i] as number;
    pieces[i] = pieces[j] as number;
    pieces[j] = t;
  }
  places.forEach(([slot, i], k) => {
    const p = pieces[k] as number;
    (s.zones[slot] as number[])[i] = p;
    s.pzone[p] = slot;
  });
  s.rng = Math.floor(random() * 4294967296) | 0;
  s.commit();
  return copy;
}
