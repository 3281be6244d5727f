import { join } from "node:path";
import { type GameState, Session } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { solveLevels } from "../dist/node.js";
// The team's threads start from the built files, so this test runs against dist (turbo builds first).
import { markerSearch } from "../dist/search/marker-bfs.js";
import { planLevel } from "../dist/solve.js";
import type { Outbox } from "../src/parallel/marker-team.js";
import { Receiver, Shipper, VISIT } from "../src/parallel/state-courier.js";
import { searchSpace } from "../src/search-space.js";
import { corpusPack, FUZZ_PACKS, PACKS } from "./corpus.js";

/** States of a level met breadth-first from its start, up to `most`. */
function statesOf(space: ReturnType<typeof searchSpace>, most: number): GameState[] {
  const states = [space.start];
  const keys = new Set([space.key(space.start)]);
  for (let i = 0; i < states.length && states.length < most; i++) {
    for (const action of space.actions) {
      const next = space.next(states[i] as GameState, action);
      if (next === null) continue;
      const key = space.key(next);
      if (keys.has(key)) continue;
      keys.add(key);
      states.push(next);
    }
  }
  return states;
}

describe("state courier", () => {
  it.each([
    ["twinseed", "tw_020"],
    ["number_cells", "nc_004"],
    ["fx_sliding_blocks", "sb_002"],
    ["fx_line_of_sight", "los_002"],
  ])("sends %s %s states across a box and rebuilds them whole (params, memory)", async (name, level) => {
    const pack = await corpusPack(name);
    const space = searchSpace(pack, level);
    const states = statesOf(space, 3000);
    const layers = space.keyWidth - 4;
    const cells = space.level.width * space.level.height;
    // No marker layer to leave out here: -1.
    const shipper = new Shipper(layers, cells, -1);
    const receiver = new Receiver(pack, layers, cells, -1, []);
    const box: Outbox = { data: new Int32Array(1 << 22), length: 1 };
    const key = new Int32Array(space.keyWidth);
    states.forEach((state, n) => {
      space.encode(state, key);
      shipper.ship(box, n, state, key);
      box.data.set([VISIT, n, n % 7, n + 1], box.length);
      box.length += 4;
    });
    const got: GameState[] = [];
    const visits: number[][] = [];
    receiver.read(
      box.data,
      box.length,
      (n, state) => {
        got[n] = state;
      },
      (n, marker, paths) => visits.push([n, marker, paths]),
    );
    expect(got.length).toBe(states.length);
    for (let n = 0; n < states.length; n++) {
      const sent = states[n] as GameState;
      const rebuilt = got[n] as GameState;
      expect(space.key(rebuilt)).toBe(space.key(sent));
      expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(sent));
      // The engine plays on from a rebuilt state exactly as from the one sent.
      for (const action of space.actions) {
        const a = space.next(sent, action);
        const b = space.next(rebuilt, action);
        expect(b === null ? null : space.key(b)).toBe(a === null ? null : space.key(a));
      }
    }
    expect(visits).toEqual(states.map((_, n) => [n, n % 7, n + 1]));
  });
});

describe("best-first marker search by a team of threads", () => {
  // Team sizes per level: the long fuzz level with the larger team only, which plays ahead the most.
  const cases: [string, string, number[]][] = [
    [PACKS, "tw_016", [2, 3]],
    [PACKS, "tw_004", [2, 3]],
    [FUZZ_PACKS, "tw_023_m0", [3]],
  ];
  it.each(cases.map(([corpus, level, teams]) => [level, corpus, teams] as const))(
    "matches one thread's best-first search on twinseed %s: optimum, optima, states expanded and reached; its solution wins",
    async (level, corpus, teams) => {
      const dir = join(corpus, "twinseed");
      const { loadPackFolder } = await import("@gridponder/engine/node");
      const loaded = await loadPackFolder(dir);
      if (!loaded.ok) throw new Error("the pack must load");
      // A team's lead skips the unpruned run (see `markerProof`): its search is the best-first search
      // alone, within the gold path's length, after the table. Counting without a budget, both expand
      // the whole last total, wherever their dives proved the optimum (`marker-dive.conformance.test.ts`).
      const exact = { maxCountStates: Number.POSITIVE_INFINITY };
      const plan = planLevel(loaded.pack, level, exact);
      if (plan.known === null) throw new Error("the level must have a heuristic");
      plan.known.prepare?.(Number.POSITIVE_INFINITY);
      const alone = markerSearch(plan.space, plan.countLimit, plan.known)?.bestFirst(
        plan.limits,
        plan.gold?.length ?? null,
      );
      if (alone === null || alone === undefined || alone === "inconsistent")
        throw new Error("the best-first search must settle the level");
      for (const workers of teams) {
        const [team] = await solveLevels(dir, [level], { workers, ...exact });
        if (team === undefined) throw new Error("no result");
        expect(team.threads).toBe(workers);
        expect(team.status).toBe("solved");
        expect(team.optimalLength).toBe(alone.optimalLength);
        expect(team.optimalCount).toBe(alone.optimalCount);
        expect(team.statesExpanded).toBe(alone.statesExpanded);
        expect(team.statesSeen).toBe(alone.statesSeen);
        const session = new Session(loaded.pack, level);
        for (const action of team.solution ?? []) expect(session.act(action).accepted).toBe(true);
        expect(session.won).toBe(true);
        expect(team.solution?.length).toBe(alone.optimalLength);
      }
    },
  );

  it("stops every thread when a limit stops one, with what the finished totals prove", async () => {
    const dir = join(PACKS, "twinseed");
    // A state count, not a clock, stops it: the team's search of tw_020 sees far more than 100,000 states,
    // and only the search counts them (the table before it does not), so the bound falls in the search.
    const [result] = await solveLevels(dir, ["tw_020"], { workers: 2, maxStates: 100_000 });
    expect(result?.status).toBe("bounded");
    expect(result?.bound).toBe("maxStates");
    expect(result?.threads).toBe(2);
    // Its start estimate is 8 and its optimum 32: what the finished totals prove lies between.
    expect(result?.lowerBound).toBeGreaterThanOrEqual(8);
    expect(result?.lowerBound).toBeLessThanOrEqual(32);
  });
});
