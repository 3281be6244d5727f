import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  actionKey,
  actionOf,
  determinize,
  mctsBot,
  type Observation,
  observe,
  seededRandom,
} from "../src/index.js";
import { sessionOf } from "./packs.js";

/** Plays `moves` random legal actions (chosen by index from `picks`) and returns the session. */
function randomGame(seats: number, seed: number, picks: number[]) {
  const s = sessionOf("eights", { seats, seed });
  for (const pick of picks) {
    if (s.outcome) break;
    const legal = s.legalActions();
    expect(s.act(legal[pick % legal.length] as (typeof legal)[number]).accepted).toBe(true);
  }
  return s;
}

/** Every card id a seat's observation names, wherever it shows. */
function idsSeen(o: Observation): Set<number> {
  const ids = new Set<number>();
  for (const z of o.zones) for (const p of z.pieces) if ("id" in p) ids.add(p.id);
  for (const a of o.legal ?? []) if (a.piece !== undefined) ids.add(a.piece);
  return ids;
}

describe("Eights", () => {
  test("deals 7 cards each to two seats, 5 to three to five, one card face up and the rest in the stock", () => {
    for (const seats of [2, 3, 4, 5]) {
      const o = sessionOf("eights", { seats }).observe(0);
      const hands = o.zones.filter((z) => z.id === "hand").map((z) => z.count);
      expect(hands).toEqual(new Array(seats).fill(seats === 2 ? 7 : 5));
      expect(o.zones.find((z) => z.id === "discard")?.count).toBe(1);
      expect(o.zones.find((z) => z.id === "stock")?.count).toBe(52 - 1 - hands.reduce((a, b) => a + b, 0));
    }
  });
  test("the same seed and the same moves give the same game; another seed another deal", () => {
    const picks = Array.from({ length: 300 }, (_, i) => (i * 7919) % 101);
    const a = randomGame(3, 42, picks);
    const b = randomGame(3, 42, picks);
    expect(b.log).toEqual(a.log);
    expect(b.observe(null)).toEqual(a.observe(null));
    expect([0, 1, 2].map((seat) => b.observe(seat))).toEqual([0, 1, 2].map((seat) => a.observe(seat)));
    // A replay of the log from a fresh session reaches the same position.
    const c = sessionOf("eights", { seats: 3, seed: 42 });
    expect(c.replay(a.log)).toBe(a.log.length);
    expect(c.observe(null)).toEqual(a.observe(null));
    const other = sessionOf("eights", { seats: 3, seed: 43 }).observe(0);
    expect(other.zones.find((z) => z.seat === 0)?.pieces).not.toEqual(
      sessionOf("eights", { seats: 3, seed: 42 })
        .observe(0)
        .zones.find((z) => z.seat === 0)?.pieces,
    );
  });
  test("a seat's observation never holds a card of another hand or of the stock (random games)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.array(fc.nat(1000), { maxLength: 250 }),
        (seats, seed, picks) => {
          const s = randomGame(seats, seed, picks);
          const all = s.observe(null);
          for (let seat = 0; seat < seats; seat++) {
            const o = s.observe(seat);
            const seen = idsSeen(o);
            const text = JSON.stringify(o);
            for (const z of s.position.g.zones.keys()) void z;
            for (let slot = 0; slot < s.position.s.zones.length; slot++) {
              const zone = s.position.g.zones[s.position.g.slotZone[slot] as number];
              const owner = s.position.g.slotSeat[slot];
              const secret = zone?.id === "stock" || (zone?.id === "hand" && owner !== seat);
              if (!secret) continue;
              for (const card of s.position.s.zones[slot] as number[]) {
                expect(seen.has(card)).toBe(false);
                expect(text).not.toContain(`"id":${card},`);
              }
            }
            // Hidden cards carry nothing but the fact they are hidden.
            for (const z of o.zones)
              for (const p of z.pieces) if ("hidden" in p) expect(Object.keys(p)).toEqual(["hidden"]);
            // A spectator sees no hand at all.
            expect(
              all.zones.filter((z) => z.id === "hand").every((z) => z.pieces.every((p) => "hidden" in p)),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 150, seed: 20261130 },
    );
  });
  test("an eight is wild and names the next suit; drawing is refused while a card can be played", () => {
    const s = sessionOf("eights", { seats: 2, seed: 5 });
    const legal = s.legalActions();
    const canPlay = legal.some((a) => a.move === "play" || a.move === "play-eight");
    expect(legal.some((a) => a.move === "draw")).toBe(!canPlay);
    const eight = s
      .observe(s.current)
      .zones.find((z) => z.id === "hand" && z.seat === s.current)
      ?.pieces.find((p) => "attributes" in p && p.attributes.rank === "8");
    if (eight && "id" in eight) {
      const options = legal.filter((a) => a.piece === eight.id).map((a) => a.choices?.declare);
      expect(options).toEqual(["clubs", "diamonds", "hearts", "spades"]);
      s.act({ move: "play-eight", piece: eight.id, choices: { declare: "hearts" } });
      expect(s.observe(null).variables.suit).toBe("hearts");
    }
  });
  test("drawing empties the stock and then reshuffles the discard pile under its top card", () => {
    const s = randomGame(
      2,
      9,
      Array.from({ length: 400 }, (_, i) => i * 31),
    );
    // Over a long game the stock ran out at least once: every card is still in play, none twice.
    const o = s.observe(null);
    expect(o.zones.reduce((n, z) => n + z.count, 0)).toBe(52);
    expect(s.log.filter((k) => k.startsWith("draw")).length).toBeGreaterThan(30);
  });
  test("information-set MCTS never peeks: hidden cards dealt otherwise, the same choice", () => {
    for (const seed of [3, 4, 5, 6]) {
      const s = sessionOf("eights", { seats: 3, seed });
      const real = s.position;
      // The same position with the other seats' hands and the stock dealt again: what seat `me` sees
      // is unchanged, so its bot must choose the same move.
      const me = real.s.current;
      const other = determinize(real, me, seededRandom(seed * 31));
      const a = mctsBot({ iterations: 60, seed: 9 }).choose(real);
      const b = mctsBot({ iterations: 60, seed: 9 }).choose(other);
      expect(actionKey(actionOf(real.g, b))).toBe(actionKey(actionOf(real.g, a)));
      expect(other.s.zones).not.toEqual(real.s.zones);
      expect(observe(other, me, null)).toEqual(observe(real, me, null));
    }
  });
});
