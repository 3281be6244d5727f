import { Session } from "@gridponder/engine";
import { PENDING_MOVE_MEMORY } from "@gridponder/engine/search-contract";
import { describe, expect, it } from "vitest";
import { avatarReach, hasFreeTurns } from "../../src/models/index.js";
import { FUZZ_PACKS, FUZZ_TRACES, PACKS, TRACES, tracedLevels } from "./corpus.js";

const manhattan = (a: readonly number[], b: readonly number[]) =>
  Math.abs((a[0] as number) - (b[0] as number)) + Math.abs((a[1] as number) - (b[1] as number));

/**
 * Plays every run of every trace (both corpora, the reference engine's random walks included) and
 * checks the system traits searches rely on: no turn carries the avatar further than `avatarReach`
 * (or onto the cell a pending blocked step was aimed at), and a turn that is accepted without counting
 * as an action happens only where `hasFreeTurns` says it may.
 */
describe("level traits hold on every traced turn", () => {
  for (const [corpus, packs, traces] of [
    ["shared", PACKS, TRACES],
    ["fuzz", FUZZ_PACKS, FUZZ_TRACES],
  ] as const) {
    it(`in the ${corpus} traces`, async () => {
      const problems: string[] = [];
      let moves = 0;
      let bounded = 0;
      let free = 0;
      for await (const { name, pack, trace } of tracedLevels(packs, traces)) {
        const level = new Session(pack, trace.level).level;
        const reach = avatarReach(level);
        const freeTurns = hasFreeTurns(level);
        if (reach < Number.POSITIVE_INFINITY) bounded++;
        for (const [run, { actions }] of Object.entries(trace.runs)) {
          const session = new Session(pack, trace.level);
          actions.forEach((action, step) => {
            const before = session.state;
            const pending = (before.memory[PENDING_MOVE_MEMORY] as { to?: readonly number[] } | undefined)
              ?.to;
            const result = session.act(action);
            if (!result.accepted) return;
            const after = session.state;
            const from = before.avatar.position;
            const to = after.avatar.position;
            if (from && to && (from[0] !== to[0] || from[1] !== to[1])) {
              moves++;
              const far = manhattan(from, to);
              const toPending = pending !== undefined && manhattan(pending, to) === 0;
              if (far > reach && !toPending)
                problems.push(`${name}/${trace.level} ${run}@${step}: moved ${far} > reach ${reach}`);
            }
            if (after.actionCount === before.actionCount) {
              free++;
              if (!freeTurns) problems.push(`${name}/${trace.level} ${run}@${step}: a free turn`);
            }
          });
        }
      }
      console.log(`${corpus}: ${moves} avatar moves, ${bounded} levels of bounded reach, ${free} free turns`);
      expect(problems).toEqual([]);
      expect(moves).toBeGreaterThan(1_000);
      expect(bounded).toBeGreaterThan(20);
    }, 300_000);
  }
});
