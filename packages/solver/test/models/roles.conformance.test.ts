import { join } from "node:path";
import {
  BUILTIN_SYSTEMS,
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  Session,
  type SystemInstance,
  stateKey,
} from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { directionDelta } from "@gridponder/engine/search-contract";
import { describe, expect, it } from "vitest";
import {
  areaGrowthLevel,
  contentBlindLayers,
  joiningBoxesLevel,
  levelRoles,
  maskOf,
  placementLevel,
  relaxedCarry,
} from "../../src/models/index.js";
import { FUZZ_PACKS, FUZZ_TRACES, PACKS, TRACES, tracedLevels } from "./corpus.js";

/** Every traced level of both corpora (random walks included), in order. */
async function* bothCorpora() {
  for (const [packs, traces] of [
    [PACKS, TRACES],
    [FUZZ_PACKS, FUZZ_TRACES],
  ] as const)
    for await (const traced of tracedLevels(packs, traces))
      yield { ...traced, level: new Session(traced.pack, traced.trace.level).level };
}

async function pack(name: string): Promise<Pack> {
  const loaded = await loadPackFolder(join(PACKS, name));
  if (!loaded.ok) throw new Error(`${name} must load`);
  return loaded.pack;
}

/** The level with each system instance replaced as `change` says (the engine's own level untouched). */
function withSystems(level: LevelRuntime, change: (s: SystemInstance) => SystemInstance): LevelRuntime {
  return { ...level, systems: level.systems.map(change) };
}

/** A system renamed to a type no model knows by name, keeping its hooks and declarations. */
const renamed = (s: SystemInstance): SystemInstance =>
  ({
    ...s,
    type: `custom_${s.type}`,
    behaviour: { ...s.behaviour, type: `custom_${s.type}` },
  }) as unknown as SystemInstance;

/** A system that keeps its hooks but declares no role. */
const roleless = (s: SystemInstance): SystemInstance => ({
  ...s,
  behaviour: { ...s.behaviour, search: { ...s.behaviour.search, role: undefined } },
});

describe("relaxed models follow the roles systems declare, not their type names", () => {
  it("a carry level on ice keeps its relaxed model under other type names and loses it without a role", async () => {
    const twinseed = await pack("twinseed");
    const session = new Session(twinseed, "tw_017");
    const level = session.level;
    const model = relaxedCarry(twinseed, level, session.initial);
    expect(model?.slippery).toBe(true);
    const other = relaxedCarry(twinseed, withSystems(level, renamed), session.initial);
    expect(other?.model.size).toBe(model?.model.size);
    expect(other?.imagesOf(session.initial)).toEqual(model?.imagesOf(session.initial));
    for (let i = 0; i < level.systems.length; i++) {
      const one = withSystems(level, (s) => (s === level.systems[i] ? roleless(s) : s));
      expect(levelRoles(twinseed, one)).toBeNull();
      expect(relaxedCarry(twinseed, one, session.initial)).toBeNull();
    }
  });

  it("a placement level is found by roles too", async () => {
    const twinseed = await pack("twinseed");
    const found = twinseed.levelOrder.filter((id) =>
      placementLevel(twinseed, new Session(twinseed, id).level),
    );
    expect(found.length).toBeGreaterThan(0);
    for (const id of found) {
      const level = new Session(twinseed, id).level;
      expect(placementLevel(twinseed, withSystems(level, renamed))).toEqual(placementLevel(twinseed, level));
      expect(placementLevel(twinseed, withSystems(level, roleless))).toBeNull();
    }
  });

  it("a joining-boxes level is found by roles, and not while a portal stands on the board", async () => {
    const boxes = await pack("box_builder");
    const found = boxes.levelOrder.filter((id) => {
      const session = new Session(boxes, id);
      return joiningBoxesLevel(boxes, session.level, session.initial) !== null;
    });
    expect(found.length).toBeGreaterThan(5);
    for (const id of found) {
      const { level, initial } = new Session(boxes, id);
      const analysis = joiningBoxesLevel(boxes, level, initial);
      expect(joiningBoxesLevel(boxes, withSystems(level, renamed), initial)).toEqual(analysis);
      for (let i = 0; i < level.systems.length; i++) {
        const one = withSystems(level, (s) => (s === level.systems[i] ? roleless(s) : s));
        expect(joiningBoxesLevel(boxes, one, initial)).toBeNull();
      }
    }
    const { level, initial } = new Session(boxes, found[0] as string);
    const portal = boxes.entity("portal", { channel: "a" });
    const layers = initial.layers.slice();
    const objects = boxes.layerIndex.get("objects") as number;
    layers[objects] = (initial.layers[objects] ?? []).map((e, i) => (i === 0 && e === null ? portal : e));
    expect(joiningBoxesLevel(boxes, level, { ...initial, layers })).toBeNull();
  });

  it("an area-growth level is found by roles, and a fill that turns cells into another kind plays none", async () => {
    const flood = await pack("flood_colors");
    const level = new Session(flood, flood.levelOrder[0] as string).level;
    const growth = areaGrowthLevel(flood, level);
    expect(growth?.actions.length).toBe(level.systems.length);
    expect(areaGrowthLevel(flood, withSystems(level, renamed))).toEqual(growth);
    expect(areaGrowthLevel(flood, withSystems(level, roleless))).toBeNull();
    const fill = BUILTIN_SYSTEMS.flood_fill;
    const config = level.systems[0]?.config as Record<string, unknown>;
    expect(fill?.search?.role?.(config as never, flood)?.role).toBe("area-growth");
    const elsewhere = { ...config, kindTransform: { cell_red: "cell_blue" } };
    expect(fill?.search?.role?.(elsewhere as never, flood)).toBeNull();
    expect(fill?.search?.role?.({ ...config, sourcePosition: "avatar" } as never, flood)).toBeNull();
  });
});

/** The four neighbours of a cell (row-major, `width` wide), -1 off the board's sides. */
const around = (i: number, width: number) => [
  i - width,
  i + width,
  i % width > 0 ? i - 1 : -1,
  i % width < width - 1 ? i + 1 : -1,
];

/**
 * The area-growth promise, checked on every traced turn of every level that plays only that role
 * (the shared and fuzz traces, the reference engine's random walks included): an accepted turn turns
 * only cells of the kinds its role absorbs into the area's kind, each joined to the area through
 * cells it took, and changes nothing else; a refused one changes nothing.
 */
describe("the area-growth role keeps its promise on every traced turn", () => {
  it("in the shared and fuzz traces", async () => {
    const problems: string[] = [];
    let turns = 0;
    let grown = 0;
    for await (const { name, pack, trace, level } of bothCorpora()) {
      const growth = areaGrowthLevel(pack, level);
      if (growth === null) continue;
      const roleOf = new Map(growth.actions.map((a, i) => [a, i]));
      const { width } = level;
      for (const { actions } of Object.values(trace.runs)) {
        const session = new Session(pack, trace.level);
        for (const action of actions) {
          const before = session.state;
          const result = session.act(action);
          const after = session.state;
          const id = typeof action === "string" ? action : (action as { action: string }).action;
          const role = roleOf.get(id);
          turns++;
          const where = `${name}/${trace.level} ${id}`;
          for (let l = 0; l < before.layers.length; l++) {
            const was = before.layers[l] as readonly (Entity | null)[];
            const now = after.layers[l] as readonly (Entity | null)[];
            const taken = new Set<number>();
            for (let i = 0; i < was.length; i++) {
              if (was[i]?.kind === now[i]?.kind) continue;
              const ok =
                result.accepted &&
                l === growth.layer &&
                now[i]?.kind === growth.areaKind &&
                role !== undefined &&
                growth.growthOf.get(was[i]?.kind ?? "") === role;
              if (!ok) problems.push(`${where}: cell ${i} of layer ${l} ${was[i]?.kind} -> ${now[i]?.kind}`);
              taken.add(i);
              grown++;
            }
            // Each taken cell reaches a cell of the old area through taken cells.
            const queue = [...taken].filter((i) =>
              around(i, width).some((n) => n >= 0 && n < was.length && was[n]?.kind === growth.areaKind),
            );
            const joined = new Set(queue);
            for (let q = 0; q < queue.length; q++)
              for (const n of around(queue[q] as number, width))
                if (taken.has(n) && !joined.has(n)) {
                  joined.add(n);
                  queue.push(n);
                }
            if (joined.size !== taken.size) problems.push(`${where}: cells taken apart from the area`);
          }
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(turns).toBeGreaterThan(1000);
    expect(grown).toBeGreaterThan(1000);
  }, 300_000);
});

/**
 * The joining-boxes promise, checked on every traced turn of every level the analysis takes (both
 * corpora, random walks included): the avatar moves at most one cell; at most one box moves, one cell
 * in the action's direction, from the avatar's cell or the cell it steps to, onto an empty cell or
 * into a box it then joins (the masks or'ed); no other box and no marker changes.
 */
describe("the joining-boxes role keeps its promise on every traced turn", () => {
  it("in the shared and fuzz traces", async () => {
    const problems: string[] = [];
    let turns = 0;
    let moved = 0;
    let joined = 0;
    for await (const { name, pack, trace, level } of bothCorpora()) {
      const start = new Session(pack, trace.level).initial;
      const analysis = joiningBoxesLevel(pack, level, start);
      if (analysis === null) continue;
      const { width } = level;
      const boxesOf = (state: GameState) => {
        const found = new Map<number, number>();
        (state.layers[analysis.layer] ?? []).forEach((e, i) => {
          if (e?.info.tags.has(analysis.jointTag)) found.set(i, maskOf(e.params, analysis.maskParam));
        });
        return found;
      };
      const cellOf = (p: readonly number[] | null) => (p ? (p[1] as number) * width + (p[0] as number) : -1);
      for (const { actions } of Object.values(trace.runs)) {
        const session = new Session(pack, trace.level);
        for (const action of actions) {
          const before = session.state;
          if (before.won || before.lost) break;
          session.act(action);
          const after = session.state;
          turns++;
          const where = `${name}/${trace.level} ${JSON.stringify(action)}`;
          const a = before.avatar.position;
          const b = after.avatar.position;
          if (a && b && Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) > 1)
            problems.push(`${where}: avatar jumped`);
          for (let l = 0; l < before.layers.length; l++)
            if (
              l !== analysis.layer &&
              pack.layers[l]?.id === "markers" &&
              before.layers[l] !== after.layers[l]
            )
              if (JSON.stringify(before.layers[l]) !== JSON.stringify(after.layers[l]))
                problems.push(`${where}: markers changed`);
          const was = boxesOf(before);
          const now = boxesOf(after);
          // The cells a box left, and the cells whose box is new or changed.
          const left = [...was.keys()].filter((i) => !now.has(i));
          const arrived = [...now.keys()].filter((i) => was.get(i) !== now.get(i));
          if (left.length === 0 && arrived.length === 0) continue;
          const direction = (action as { direction?: unknown }).direction;
          const step = typeof direction === "string" ? directionDelta(direction) : undefined;
          const from = left[0];
          if (!step || !a || from === undefined || left.length !== 1 || arrived.length !== 1) {
            problems.push(`${where}: boxes changed beyond one move`);
            continue;
          }
          const to = arrived[0] as number;
          const fromX = from % width;
          const ok =
            to === from + step[1] * width + step[0] &&
            fromX + step[0] === to % width &&
            (from === cellOf(a) || from === cellOf(a) + step[1] * width + step[0]) &&
            now.get(to) === ((was.get(from) as number) | (was.get(to) ?? 0));
          if (!ok) problems.push(`${where}: box ${from} -> ${to} breaks the promise`);
          moved++;
          if (was.has(to)) joined++;
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(turns).toBeGreaterThan(1000);
    console.log(`joining boxes: ${turns} turns, ${moved} box moves, ${joined} joins, all as promised`);
    expect(moved).toBeGreaterThan(200);
    expect(joined).toBeGreaterThan(20);
  }, 300_000);
});

/**
 * The promise of `blindTo`, checked on every traced turn of every level with a content-blind layer
 * (both corpora, random walks included): with the entities of one kind taken off that layer before
 * the turn, the engine accepts or refuses the turn alike, and the state it reaches is the real one
 * with that kind's entities taken off (goals and lose conditions aside, which read the layer).
 */
describe("content-blind layers keep their promise on every traced turn", () => {
  it("in the shared and fuzz traces", async () => {
    const problems: string[] = [];
    let checked = 0;
    let levels = 0;
    for await (const { name, pack, trace, level: real } of bothCorpora()) {
      const blind = [...contentBlindLayers(pack, real)].filter((l) => !pack.layers[l]?.exactlyOne);
      if (blind.length === 0) continue;
      levels++;
      const level: LevelRuntime = { ...real, goals: [], loseConditions: [] };
      for (const { actions } of Object.values(trace.runs)) {
        const session = new Session(pack, trace.level);
        for (const action of actions) {
          const before = session.state;
          const result = session.act(action);
          if (before.won || before.lost) break;
          for (const layer of blind) {
            const kinds = new Set((before.layers[layer] ?? []).flatMap((e) => (e ? [e.kind] : [])));
            for (const kind of kinds) {
              const without = (state: GameState): GameState => {
                const layers = state.layers.slice();
                layers[layer] = (state.layers[layer] ?? []).map((e) => (e?.kind === kind ? e : null));
                return { ...state, layers, won: false, lost: false, loseReason: null };
              };
              const abstract = runTurn(pack, level, without(before), action);
              checked++;
              const where = `${name}/${trace.level} ${JSON.stringify(action)} (${kind} on layer ${layer})`;
              if (abstract.accepted !== result.accepted) problems.push(`${where}: accepted differs`);
              else if (
                result.accepted &&
                stateKey(pack, without(abstract.state)) !== stateKey(pack, without(session.state))
              )
                problems.push(`${where}: states differ`);
            }
          }
        }
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(levels).toBeGreaterThan(10);
    expect(checked).toBeGreaterThan(10_000);
  }, 300_000);

  it("are none once a rule could read a cell, or a system does not declare itself blind", async () => {
    const flips = await pack("rotate_flip");
    const level = new Session(flips, flips.levelOrder[0] as string).level;
    const objects = flips.layerIndex.get("objects") as number;
    expect(contentBlindLayers(flips, level).has(objects)).toBe(true);
    const undeclared = withSystems(level, (s) => ({
      ...s,
      behaviour: { ...s.behaviour, search: { ...s.behaviour.search, blindTo: undefined } },
    }));
    expect(contentBlindLayers(flips, undeclared).size).toBe(0);
    const ruled = { ...level, rules: { ...level.rules, all: [{} as never] } } as LevelRuntime;
    expect(contentBlindLayers(flips, ruled).size).toBe(0);
  });
});
