import { join } from "node:path";
import type { ActionInput, GameState, Pack } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { searchSpace, solveLevel } from "../src/index.js";
import { Limits } from "../src/limits.js";
import { breadthFirst } from "../src/search/bfs.js";
import { PACKS } from "./corpus.js";

describe("state keys", () => {
  it("merge states that differ only in facing or in a pending move that can never fire", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    const pack: Pack = loaded.pack;
    const space = searchSpace(pack, "tw_013");
    const start = space.start;
    const turned = { ...start, avatar: { ...start.avatar, facing: "up" } };
    expect(space.key(turned)).toBe(space.key(start));
    // (1,1) is empty: a move "pending" into it can never be completed.
    const dead = {
      ...start,
      memory: { ...start.memory, pendingMove: { from: [1, 0], to: [1, 1], direction: "down" } },
    };
    expect(space.key(dead)).toBe(space.key(start));
    // (1,2) holds a seed basket: a pending push into it is alive.
    const live = {
      ...start,
      memory: { ...start.memory, pendingMove: { from: [0, 2], to: [1, 2], direction: "right" } },
    };
    expect(space.key(live)).not.toBe(space.key(start));
    // And the winning state differs from the same board not yet won.
    expect(space.key({ ...start, won: true })).not.toBe(space.key(start));
  });

  it("still prove the optimum of a level whose solutions use pending moves", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    // tw_007: 36 moves, solved in a couple of seconds; its gold path is one of the optima.
    const r = solveLevel(loaded.pack, "tw_007", { strategy: "bfs" });
    expect(r.status).toBe("solved");
    expect(r.optimalLength).toBe(36);
    expect(r.gold.wins).toBe(true);
    expect(r.gold.optimal).toBe(true);
  });
});

describe("grouped breadth-first search", () => {
  it("visits the same states and counts the same optima as a search that plays every turn", async () => {
    const loaded = await loadPackFolder(join(PACKS, "twinseed"));
    if (!loaded.ok) throw new Error("twinseed must load");
    const space = searchSpace(loaded.pack, "tw_005");
    expect(space.bound).not.toBeNull();
    let turns = 0;
    const next = (s: GameState, a: ActionInput) => {
      turns++;
      return space.next(s, a);
    };
    const counting = { ...space, next };
    const grouped = breadthFirst(counting, new Limits("tw_005", {}), 100);
    const groupedTurns = turns;
    turns = 0;
    const plain = breadthFirst({ ...counting, bound: null }, new Limits("tw_005", {}), 100);
    expect(grouped.optimalLength).toBe(plain.optimalLength);
    expect(grouped.optimalCount).toBe(plain.optimalCount);
    expect(grouped.statesSeen).toBe(plain.statesSeen);
    expect(grouped.statesExpanded).toBe(plain.statesExpanded);
    // The point of grouping: far fewer turns played.
    expect(groupedTurns).toBeLessThan(turns * 0.7);
  });
});
