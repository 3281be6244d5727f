import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { creatableKinds, fixedCells, goalSupply, movedLayers, targetLocks } from "../../src/models/index.js";
import { FUZZ_PACKS, FUZZ_TRACES, PACKS, TRACES, tracedLevels } from "./corpus.js";

/** How many entities of each kind a canonical state's layers hold. */
function kindCounts(state: { layers: Record<string, unknown[][]> }): Map<string, number> {
  const counts = new Map<string, number>();
  for (const grid of Object.values(state.layers))
    for (const row of grid)
      for (const cell of row) {
        const kind = typeof cell === "string" ? cell : (cell as { kind?: string } | null)?.kind;
        if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
  return counts;
}

async function loaded(dir: string): Promise<Pack> {
  const result = await loadPackFolder(dir);
  if (!result.ok) throw new Error(`${dir} must load`);
  return result.pack;
}

/**
 * Every step of every run of the reference engine's traces (both corpora): each kind whose count grew
 * is one `creatableKinds` names. The analysis may name too many kinds, never too few; that is what
 * lets a search call a state dead when a needed kind runs short.
 */
describe("creatableKinds names every kind a turn creates", () => {
  for (const [corpus, packs, traces] of [
    ["shared", PACKS, TRACES],
    ["fuzz", FUZZ_PACKS, FUZZ_TRACES],
  ] as const) {
    it(`in the ${corpus} traces`, async () => {
      let steps = 0;
      let levels = 0;
      const misses: string[] = [];
      for await (const { name, pack, trace } of tracedLevels(packs, traces)) {
        const creatable = creatableKinds(pack, new Session(pack, trace.level).level);
        if (creatable === null) continue;
        levels++;
        for (const [run, { states }] of Object.entries(trace.runs)) {
          for (let i = 1; i < states.length; i++) {
            const before = kindCounts(states[i - 1] as never);
            for (const [kind, n] of kindCounts(states[i] as never)) {
              if (n > (before.get(kind) ?? 0) && !creatable.has(kind))
                misses.push(`${name}/${trace.level} ${run}@${i - 1}: ${kind}`);
            }
            steps++;
          }
        }
      }
      console.log(`${corpus}: ${levels} levels with known creatable kinds, ${steps} steps checked`);
      expect(misses).toEqual([]);
      expect(levels).toBeGreaterThan(50);
      expect(steps).toBeGreaterThan(5_000);
    }, 300_000);
  }
});

/**
 * The same traces: on a layer `movedLayers` leaves out, a cell only takes a kind it did not hold by a
 * kind being created there (a kind `creatableKinds` names), never by an entity arriving from elsewhere.
 */
describe("movedLayers names every layer a turn moves entities on", () => {
  for (const [corpus, packs, traces] of [
    ["shared", PACKS, TRACES],
    ["fuzz", FUZZ_PACKS, FUZZ_TRACES],
  ] as const) {
    it(`in the ${corpus} traces`, async () => {
      let cells = 0;
      let levels = 0;
      const misses: string[] = [];
      for await (const { name, pack, trace } of tracedLevels(packs, traces)) {
        const level = new Session(pack, trace.level).level;
        const moved = movedLayers(pack, level);
        const creatable = creatableKinds(pack, level);
        if (moved === null || creatable === null) continue;
        levels++;
        const still = pack.layers.filter((l) => !moved.has(l.index)).map((l) => l.id);
        for (const [run, { states }] of Object.entries(trace.runs)) {
          for (let i = 1; i < states.length; i++) {
            const before = (states[i - 1] as { layers: Record<string, unknown[][]> }).layers;
            const after = (states[i] as { layers: Record<string, unknown[][]> }).layers;
            for (const id of still) {
              after[id]?.forEach((row, y) => {
                row.forEach((cell, x) => {
                  const kindOf = (c: unknown) =>
                    typeof c === "string" ? c : ((c as { kind?: string } | null)?.kind ?? null);
                  const now = kindOf(cell);
                  cells++;
                  if (now !== null && now !== kindOf(before[id]?.[y]?.[x]) && !creatable.has(now))
                    misses.push(`${name}/${trace.level} ${run}@${i - 1}: ${now} arrived at ${id} ${x},${y}`);
                });
              });
            }
          }
        }
      }
      console.log(`${corpus}: ${levels} levels, ${cells} cells of unmoved layers checked`);
      expect(misses).toEqual([]);
      expect(levels).toBeGreaterThan(50);
    }, 300_000);
  }
});

/** The same traces: a cell `fixedCells` names holds, on every layer, what it held at the start. */
describe("fixedCells names only cells that never change", () => {
  for (const [corpus, packs, traces] of [
    ["shared", PACKS, TRACES],
    ["fuzz", FUZZ_PACKS, FUZZ_TRACES],
  ] as const) {
    it(`in the ${corpus} traces`, async () => {
      let levels = 0;
      let checked = 0;
      const misses: string[] = [];
      for await (const { name, pack, trace } of tracedLevels(packs, traces)) {
        const session = new Session(pack, trace.level);
        const fixed = fixedCells(pack, session.level, session.initial);
        if (fixed === null) continue;
        levels++;
        for (const [run, { states }] of Object.entries(trace.runs)) {
          const first = (states[0] as { layers: Record<string, unknown[][]> }).layers;
          states.forEach((state, step) => {
            const layers = (state as { layers: Record<string, unknown[][]> }).layers;
            fixed.forEach((isFixed, cell) => {
              if (!isFixed) return;
              const x = cell % session.level.width;
              const y = Math.floor(cell / session.level.width);
              for (const id of Object.keys(layers)) {
                checked++;
                if (JSON.stringify(layers[id]?.[y]?.[x]) !== JSON.stringify(first[id]?.[y]?.[x]))
                  misses.push(`${name}/${trace.level} ${run}@${step}: ${id} ${x},${y}`);
              }
            });
          });
        }
      }
      console.log(`${corpus}: ${levels} levels with fixed cells, ${checked} cells checked`);
      expect(misses).toEqual([]);
      expect(levels).toBeGreaterThan(0);
    }, 300_000);
  }
});

describe("goalSupply", () => {
  it("calls a board dead when a target on a cell that never changes lacks its kind", async () => {
    const pack = await loaded(join(FUZZ_PACKS, "rotate_flip"));
    // A blue tile stands on the void cell (3,0) where the target wants yellow: it can never move.
    const session = new Session(pack, "rf_005_m1");
    const supply = goalSupply(pack, session.level, session.initial);
    expect(supply?.short(session.initial)).toBe(true);
    // Without the start state (so without fixed cells) nothing is known to be short there.
    expect(goalSupply(pack, session.level)?.short(session.initial) ?? false).toBe(false);
  });

  it("calls a board dead when a kind a board_match target needs is gone and nothing creates it", async () => {
    const pack = await loaded(join(FUZZ_PACKS, "rotate_flip"));
    // The mutant has lost its only lime tile; rotations and flips create no tile.
    const session = new Session(pack, "rf_002_m0");
    const supply = goalSupply(pack, session.level);
    expect(supply?.kinds).toContain("cell_lime");
    expect(supply?.short(session.initial)).toBe(true);
  });

  it("calls a board dead when a param_match marker on a cell that never changes holds a mismatch", async () => {
    const pack = await loaded(join(FUZZ_PACKS, "box_builder"));
    // A box target on the void cell (4,1) under a box with sides 6 of the 15 it wants: nothing enters
    // or leaves a void cell, so that box never changes.
    const session = new Session(pack, "bb_014_m1");
    expect(fixedCells(pack, session.level, session.initial)?.[1 * 6 + 4]).toBe(1);
    expect(goalSupply(pack, session.level, session.initial)?.short(session.initial)).toBe(true);
    // The level it was mutated from has its targets on open ground: nothing is pinned there.
    const original = await loaded(join(PACKS, "box_builder"));
    const start = new Session(original, "bb_014");
    expect(goalSupply(original, start.level, start.initial)?.short(start.initial) ?? false).toBe(false);
  });

  it("calls a board dead once the only tool that opens the walled-off target is used up", async () => {
    const pack = await loaded(join(FUZZ_PACKS, "carrot_quest"));
    // The carrot sits under a rock at (6,2); only a pickaxe breaks rock, and the level has one.
    const session = new Session(pack, "fw_005_m0");
    const locks = targetLocks(pack, session.level, session.initial);
    expect(locks?.items).toEqual(["pickaxe"]);
    const supply = goalSupply(pack, session.level, session.initial);
    const dead = () => supply?.short(session.state) ?? false;
    expect(dead()).toBe(false);
    // Right, then down onto the pickaxe: held, the rock can still go.
    for (const direction of ["right", "down", "up"]) session.act({ action: "move", direction });
    expect(session.state.avatar.item).toBe("pickaxe");
    expect(dead()).toBe(false);
    // Up into the rock at (4,2): the pickaxe breaks it and is gone, and no other lies anywhere.
    session.act({ action: "move", direction: "up" });
    expect(session.state.avatar.item).toBeNull();
    expect(dead()).toBe(true);
  });

  it("finds no lock where a system makes no promise about solid objects", async () => {
    const pack = await loaded(join(FUZZ_PACKS, "carrot_quest"));
    const level = new Session(pack, "fw_005_m0").level;
    const [first, ...rest] = level.systems as [(typeof level.systems)[number]];
    const { solidObjects: _, ...silent } = first.behaviour.search ?? {};
    const withSilent = {
      ...level,
      systems: [{ ...first, behaviour: { ...first.behaviour, search: silent } }, ...rest],
    };
    expect(targetLocks(pack, withSilent as never, new Session(pack, "fw_005_m0").initial)).toBeNull();
  });

  it("lets every state of a winning gold path through", async () => {
    for (const name of readdirSync(PACKS).filter((n) => n !== "gridponder-base")) {
      const pack = await loaded(join(PACKS, name));
      for (const id of pack.levelOrder) {
        const session = new Session(pack, id);
        const supply = goalSupply(pack, session.level, session.initial);
        if (supply === null) continue;
        const gold = (pack.levels[id]?.solution?.goldPath ?? []) as never[];
        expect(supply.short(session.state), `${name}/${id} start`).toBe(false);
        for (const action of gold) {
          session.act(action);
          expect(supply.short(session.state), `${name}/${id}`).toBe(false);
        }
      }
    }
  });

  it("is null where a rule may create any kind (a kind read from a cell)", async () => {
    const pack = await loaded(join(PACKS, "rotate_flip"));
    const level = new Session(pack, "rf_002").level;
    const withCopy = {
      ...level,
      rules: {
        ...level.rules,
        all: [
          ...level.rules.all,
          // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
          { source: { id: "copy", on: "turn_ended", then: [{ spawn: { kind: "$cell.objects.kind" } }] } },
        ],
      },
    } as never;
    expect(creatableKinds(pack, withCopy)).toBeNull();
    expect(goalSupply(pack, withCopy)).toBeNull();
  });
});
