import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type ActionInput, type Pack, Session, stableStringify } from "../src/index.js";
import { corpusLevels } from "./corpus.js";

interface Level {
  pack: Pack;
  id: string;
  legal: ActionInput[];
}

const levels: Level[] = [];

beforeAll(async () => {
  for (const { pack, id, session } of await corpusLevels())
    levels.push({ pack, id, legal: session.legalActions() });
}, 60_000);

const canonical = (s: Session) => stableStringify(s.canonicalState());

/** A random walk: indices into the level's legal actions (the same kind of walk the traces record). */
const walk = fc.array(fc.nat(), { minLength: 1, maxLength: 25 });

describe("engine properties over every corpus level", () => {
  it("covers every level of the corpus", () => {
    expect(levels.length).toBeGreaterThanOrEqual(104);
  });

  it("never throws on random action sequences, and undo restores every earlier state exactly", () => {
    for (const level of levels) {
      fc.assert(
        fc.property(walk, (picks) => {
          const session = new Session(level.pack, level.id);
          const seen = [canonical(session)];
          for (const pick of picks) {
            const action = level.legal[pick % level.legal.length] as ActionInput;
            if (session.act(action).accepted) seen.push(canonical(session));
          }
          for (let i = seen.length - 1; i > 0; i--) {
            expect(canonical(session)).toBe(seen[i]);
            expect(session.undo()).toBe(true);
          }
          expect(canonical(session)).toBe(seen[0]);
          expect(session.undo()).toBe(false);
        }),
        { numRuns: 15, seed: 42 },
      );
    }
  });

  it("replaying the recorded actions reproduces the final state, byte for byte", () => {
    for (const level of levels) {
      fc.assert(
        fc.property(walk, (picks) => {
          const a = new Session(level.pack, level.id);
          for (const pick of picks) a.act(level.legal[pick % level.legal.length] as ActionInput);
          const b = new Session(level.pack, level.id);
          const results = b.replay(a.actions);
          expect(results.every((r) => r.accepted)).toBe(true);
          expect(canonical(b)).toBe(canonical(a));
          expect(b.stateKey()).toBe(a.stateKey());
        }),
        { numRuns: 10, seed: 7 },
      );
    }
  });

  it("redo after undo returns to the same state; rejected actions change nothing", () => {
    for (const level of levels) {
      const session = new Session(level.pack, level.id);
      for (const action of level.legal.slice(0, 12)) {
        const before = canonical(session);
        const result = session.act(action);
        if (!result.accepted) {
          expect(canonical(session)).toBe(before);
          continue;
        }
        const after = canonical(session);
        expect(session.undo()).toBe(true);
        expect(canonical(session)).toBe(before);
        expect(session.redo()).toBe(true);
        expect(canonical(session)).toBe(after);
      }
    }
  });
});
