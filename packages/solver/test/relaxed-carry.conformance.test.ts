import { type GameState, type Pack, Session } from "@gridponder/engine";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  BEYOND,
  type Distances,
  distanceAt,
  relaxedDistances,
} from "../src/heuristics/relaxed-carry/table.js";
import { relaxedCarryHeuristic, searchSpace } from "../src/index.js";
import {
  DEFAULT_MAX_ENTRIES,
  decode,
  type RelaxedCarry,
  type RelaxedCarryOptions,
  type RelaxedSpace,
  readyToFire,
  relaxedCarry,
} from "../src/models/index.js";
import { corpusPack } from "./corpus.js";

const ICE_LEVELS = ["tw_017", "tw_019", "tw_020", "tw_023", "tw_025"];

let twinseed: Pack;
beforeAll(async () => {
  twinseed = await corpusPack("twinseed");
}, 300_000);

/** A model whose pending moves are told apart by nothing (one region, the whole board). */
const ONE_REGION: RelaxedCarryOptions = { maxEntries: 1 };
/** Models that track no pickups, to compare carriers and regions alone. */
const NO_PICKUPS: RelaxedCarryOptions = { maxPickups: 0 };
const MODELS: [string, RelaxedCarryOptions][] = [
  ["regions (the default)", {}],
  ["one region", ONE_REGION],
  // By default only tw_020 tracks its pickups (a wall covers a plot there).
  ["tracking pickups", { maxPickups: 4 }],
];

function relaxedOf(level: string, options: RelaxedCarryOptions = {}): RelaxedCarry {
  const space = searchSpace(twinseed, level);
  const relaxed = relaxedCarry(twinseed, space.level, space.start, options);
  if (relaxed === null) throw new Error(`${level} must be a carry level`);
  return relaxed;
}

/** Turns checked by `checkTurns` in which a pending move ready to fire went off (or was replaced). */
let fires = 0;

/** The relaxed successors of a relaxed state, as a set. */
function successorsOf(relaxed: RelaxedCarry, index: number): Set<number> {
  const out = new Set<number>();
  relaxed.model.successors(index, (to) => out.add(to));
  return out;
}

/**
 * The same state with a pending move it lacks (any), or with its pending move ready to fire: it has
 * every relaxed move this one has (and fires), so a relaxed step to it bounds a real step to this one.
 */
function dominating(relaxed: RelaxedCarry, index: number): number[] {
  const { layout } = relaxed;
  const s = decode(layout, index, { pending: 0, mask: 0, combo: 0, marker: -1, avatar: 0 });
  if (readyToFire(s.pending)) return [];
  const values =
    s.pending === 0 ? Array.from({ length: layout.pendingValues - 1 }, (_, i) => i + 1) : [s.pending + 1];
  return values.map((p) => layout.index(p, s.mask, s.combo, s.marker, s.avatar, s.present));
}

/**
 * Checks that every engine turn among `states` maps onto the relaxed model: each image of the next
 * state (a set of its carriers as large as the plots left) is an image of this one, or a relaxed
 * successor of one (or that state with a greater pending value, see `dominating`). So a chain of
 * relaxed steps follows every play back from a goal image, and the least distance over a state's
 * images is a lower bound. Returns the number of turns checked.
 */
function checkTurns(level: string, relaxed: RelaxedCarry, states: readonly GameState[]): number {
  const space = searchSpace(twinseed, level);
  const memo = new Map<number, Set<number>>();
  const pendingOf = (index: number) =>
    decode(relaxed.layout, index, { pending: 0, mask: 0, combo: 0, marker: -1, avatar: 0 }).pending;
  const successorsMemo = (from: number) => {
    let successors = memo.get(from);
    if (successors === undefined) {
      successors = successorsOf(relaxed, from);
      memo.set(from, successors);
    }
    return successors;
  };
  let checked = 0;
  for (const state of states) {
    const froms = imagesOf(relaxed, state);
    for (const action of space.actions) {
      const next = space.next(state, action);
      if (next === null) continue;
      checked++;
      // Each image of the next state (a set of its carriers) comes from an image of this one.
      for (const to of imagesOf(relaxed, next)) {
        if (froms.some((from) => readyToFire(pendingOf(from))) && pendingOf(to) === 0) fires++;
        const reached = froms.some((from) => {
          const successors = successorsMemo(from);
          return to === from || successors.has(to) || dominating(relaxed, to).some((d) => successors.has(d));
        });
        if (reached) continue;
        throw new Error(
          `${level}: ${JSON.stringify(action)} from\n${space.key(state)}\nleads outside the relaxed model`,
        );
      }
    }
  }
  return checked;
}

/** A state's relaxed images, which must exist (the state falls inside the model). */
function imagesOf(relaxed: RelaxedCarry, state: GameState): number[] {
  const images = relaxed.imagesOf(state);
  expect(images).not.toBeNull();
  return images as number[];
}

/** The states of the first `depth` breadth-first layers, at most `cap` of them. */
function layers(level: string, depth: number, cap: number): GameState[] {
  const space = searchSpace(twinseed, level);
  const seen = new Set([space.key(space.start)]);
  let frontier = [space.start];
  const all = [space.start];
  for (let d = 0; d < depth && all.length < cap; d++) {
    const next: GameState[] = [];
    for (const state of frontier) {
      if (state.won) continue;
      for (const action of space.actions) {
        const child = space.next(state, action);
        if (child === null) continue;
        const key = space.key(child);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push(child);
      }
    }
    frontier = next;
    all.push(...next);
  }
  return all.slice(0, cap);
}

/** Checks that the model walks backwards over every step it walks forwards from states met in play. */
function walksBack(level: string, options: RelaxedCarryOptions): void {
  const relaxed = relaxedOf(level, options);
  const { layout, model } = relaxed;
  // Start from states met in play and their relaxed successors, two steps deep.
  const seeds = layers(level, 8, 800).flatMap((s) => imagesOf(relaxed, s));
  const sources = new Set<number>(seeds);
  for (const s of seeds) for (const t of successorsOf(relaxed, s)) sources.add(t);
  let edges = 0;
  for (const x of sources) {
    const s = decode(layout, x, { pending: 0, mask: 0, combo: 0, marker: -1, avatar: 0 });
    if (!layout.consistent(s.mask, s.combo)) continue;
    for (const y of successorsOf(relaxed, x)) {
      if (y === x) continue;
      let found = false;
      const virtuals: number[] = [];
      model.predecessors(
        y,
        (p) => {
          if (p === x) found = true;
        },
        (v) => virtuals.push(v),
      );
      for (const v of virtuals)
        model.virtualPredecessors(v, (p) => {
          if (p === x) found = true;
        });
      if (!found) throw new Error(`no way back from ${y} to ${x}`);
      edges++;
    }
  }
  expect(edges).toBeGreaterThan(10_000);
}

describe("relaxed carry model", () => {
  it("recognises the twinseed ice levels and nothing without a carrier goal", async () => {
    for (const level of ICE_LEVELS) expect(relaxedOf(level).carry.carrier).toBe("seed_basket");
    const flood = await corpusPack("flood_colors");
    const first = flood.levelOrder[0] as string;
    expect(relaxedCarryHeuristic(flood, searchSpace(flood, first).level)).toBeNull();
  });

  it.each(MODELS)(
    "covers every engine turn of the first breadth-first layers, pending-move fires included (%s)",
    (_, options) => {
      // The layers reach stale pending moves that fire after a pickup or a slide (tw_017, tw_019) and
      // baskets drowned on ice a torch melted (tw_020, tw_025).
      fires = 0;
      for (const level of ICE_LEVELS) {
        const relaxed = relaxedOf(level, options);
        const checked = checkTurns(level, relaxed, layers(level, 14, 8000));
        expect(checked).toBeGreaterThan(10_000);
      }
      expect(fires).toBeGreaterThan(100);
    },
    300_000,
  );

  it.each(MODELS)("covers the turns of the gold paths and of the shorter solutions (%s)", (_, options) => {
    const shorter: Record<string, string> = {
      tw_019:
        "right right down down clone left up right down clone down left left down left right up up left down left right right down left down down",
    };
    for (const level of ICE_LEVELS) {
      const relaxed = relaxedOf(level, options);
      const session = new Session(twinseed, level);
      const states = [session.state];
      const gold = twinseed.levels[level]?.solution?.goldPath ?? [];
      for (const step of gold) {
        session.act(step as never);
        states.push(session.state);
      }
      if (shorter[level]) {
        const replay = new Session(twinseed, level);
        for (const word of (shorter[level] as string).split(" ")) {
          replay.act((word === "clone" ? { action: "clone" } : { action: "move", direction: word }) as never);
          states.push(replay.state);
        }
      }
      expect(checkTurns(level, relaxed, states)).toBeGreaterThan(0);
    }
  });

  it.each(MODELS)(
    "walks backwards over every step it walks forwards (%s)",
    (_, options) => {
      // tw_020 has walls that only a tool removes.
      for (const level of ["tw_019", "tw_020"]) walksBack(level, options);
    },
    300_000,
  );

  it("fills distances that no step shortens by more than one", () => {
    const relaxed = relaxedOf("tw_019");
    const table = relaxedDistances(relaxed.model, 254);
    expect(table.complete).toBe(true);
    const dist = (x: number) => distanceAt(table, x);
    const states = layers("tw_019", 8, 3000);
    // Some set of each state's carriers can still plant the plots.
    for (const state of states) expect(Math.min(...imagesOf(relaxed, state).map(dist))).toBeLessThan(BEYOND);
    const seeds = states.flatMap((s) => imagesOf(relaxed, s)).filter((x) => dist(x) !== BEYOND);
    expect(seeds.length).toBeGreaterThan(3000);
    for (const x of seeds) {
      const d = dist(x);
      let best = BEYOND;
      for (const y of successorsOf(relaxed, x)) best = Math.min(best, dist(y));
      // Exactly one more than the best successor: the table is the relaxed shortest distance.
      expect(d).toBe(best + 1);
    }
  }, 300_000);

  it("cut short by a deadline, keeps every distance it filled and says how far it got", () => {
    const relaxed = relaxedOf("tw_019");
    const whole = relaxedDistances(relaxed.model, 254);
    // The fill reads the clock once before each layer. A clock that ticks once per reading makes the
    // deadline a count of layers, the same on any machine: with the deadline at 5 the readings 0..5
    // pass and the sixth stops the fill, six layers out.
    let readings = 0;
    const clock = vi.spyOn(performance, "now").mockImplementation(() => readings++);
    let cut: Distances;
    try {
      cut = relaxedDistances(relaxed.model, 254, 5);
    } finally {
      clock.mockRestore();
    }
    expect(whole.reached).toBeGreaterThan(6);
    expect(cut.complete).toBe(false);
    expect(cut.reached).toBe(6);
    expect(readings).toBe(7);
    // Filled entries are exact; the rest are more than `reached` steps away in the whole table.
    for (let i = 0; i < whole.stored.length; i += 97) {
      const d = distanceAt(cut, i);
      if (d !== BEYOND) expect(d).toBe(distanceAt(whole, i));
      else expect(distanceAt(whole, i)).toBeGreaterThan(cut.reached);
    }
  }, 300_000);

  it("never estimates more than the actions a known solution still needs", () => {
    const words =
      "right right down down clone left up right down clone down left left down left right up up left down left right right down left down down".split(
        " ",
      );
    const space = searchSpace(twinseed, "tw_019");
    const h = relaxedCarryHeuristic(twinseed, space.level);
    if (h === null) throw new Error("tw_019 must have the heuristic");
    const session = new Session(twinseed, "tw_019");
    words.forEach((word, i) => {
      expect(h.estimate(session.state)).toBeLessThanOrEqual(words.length - i);
      session.act((word === "clone" ? { action: "clone" } : { action: "move", direction: word }) as never);
    });
    expect(session.won).toBe(true);
    expect(h.estimate(session.state)).toBe(0);
  }, 300_000);

  it("holds as many carriers as plots, in a model ten times smaller that keeps its estimates", () => {
    const level = "tw_019";
    const relaxed = relaxedOf(level, { ...ONE_REGION, ...NO_PICKUPS });
    const space = searchSpace(twinseed, level);
    const every = relaxedCarry(twinseed, space.level, space.start, {
      ...ONE_REGION,
      ...NO_PICKUPS,
      everyCarrier: true,
    });
    if (every === null) throw new Error(`${level} must be a carry level`);
    // Three carriers for two plots: the sets of two carriers make a model 10 times smaller.
    expect(every.layout.maxBaskets).toBe(3);
    expect(relaxed.layout.maxBaskets).toBe(relaxed.carry.plots.length);
    expect(relaxed.layout.maxBaskets).toBe(2);
    expect(every.model.size / relaxed.model.size).toBeGreaterThan(10);
    const sets = relaxedDistances(relaxed.model, 254);
    const whole = relaxedDistances(every.model, 254);
    // Both are lower bounds (the backward fill may take shortcuts the forward model lacks, so neither
    // bounds the other state by state); the sets lose little: most states keep their estimate.
    let kept = 0;
    const states = layers(level, 10, 3000);
    for (const state of states) {
      const [all] = imagesOf(every, state);
      const least = Math.min(...imagesOf(relaxed, state).map((x) => distanceAt(sets, x)));
      if (least >= distanceAt(whole, all as number)) kept++;
    }
    expect(kept / states.length).toBeGreaterThan(0.95);
  }, 300_000);

  it("tells pending moves apart by region within its size, and estimates no less than with one region", () => {
    for (const level of ["tw_019", "tw_023"]) {
      const one = relaxedOf(level, { ...ONE_REGION, ...NO_PICKUPS });
      const regions = relaxedOf(level, NO_PICKUPS);
      expect(one.layout.regions.count).toBe(1);
      expect(one.layout.pendingValues).toBe(3);
      expect(regions.layout.regions.count).toBeGreaterThan(1);
      expect(regions.model.size).toBeLessThanOrEqual(DEFAULT_MAX_ENTRIES);
      const oneDist = relaxedDistances(one.model, 254);
      const regionDist = relaxedDistances(regions.model, 254);
      const h = (relaxed: RelaxedCarry, table: Distances, state: GameState) =>
        Math.min(...imagesOf(relaxed, state).map((x) => distanceAt(table, x)));
      // A fire lands in its target's region, not anywhere: each region step is a one-region step, so
      // no estimate falls; on the ice levels many rise (tw_023's start: 9 to 10).
      let higher = 0;
      const states = layers(level, 10, 3000);
      for (const state of states) {
        const a = h(one, oneDist, state);
        const b = h(regions, regionDist, state);
        expect(b).toBeGreaterThanOrEqual(a);
        if (b > a) higher++;
      }
      expect(higher).toBeGreaterThan(states.length / 10);
    }
  }, 300_000);

  it("works out the predecessors states share but for the marker once per group, with the same table", () => {
    const ungrouped = (space: RelaxedSpace): RelaxedSpace => ({
      size: space.size,
      virtualSize: space.virtualSize,
      goals: (emit) => space.goals(emit),
      predecessors: (index, rest, virtual) => space.predecessors(index, rest, virtual),
      virtualPredecessors: (v, rest) => space.virtualPredecessors(v, rest),
      groups: 0,
      groupOf: () => 0,
      groupPredecessors: () => {
        throw new Error("an ungrouped space has no groups");
      },
    });
    let random = 12345;
    const next = (n: number) => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random % n;
    };
    for (const [level, options] of [
      ["tw_019", {}],
      ["tw_023", ONE_REGION],
      ["tw_017", {}],
      // Pickups tracked: a marker that may stand on a wall is read when one is picked up behind it.
      ["tw_020", ONE_REGION],
      ["tw_023", { maxPickups: 4 }],
    ] as const) {
      const { model, layout, carry } = relaxedOf(level, options);
      const k = layout.avatarCells.length;
      expect(model.groups).toBe(model.size / (k + 1));
      if (level === "tw_020") {
        expect(layout.tracked.length).toBeGreaterThan(0);
        expect(carry.walls.some((w) => (layout.avatarIndex[w.cell] as number) >= 0)).toBe(true);
      }
      // A group's predecessors, for any choice of its states, are those of its states one by one.
      for (let trial = 0; trial < 400; trial++) {
        const index = next(model.size);
        const slot0 = index - (Math.floor(index / k) % (k + 1)) * k;
        const members = new Set([index]);
        for (let j = 0; j <= k; j++) if (next(3) === 0) members.add(slot0 + j * k);
        for (const m of members) expect(model.groupOf(m)).toBe(model.groupOf(index));
        const one = { rest: [] as number[], virtual: [] as number[] };
        for (const m of members)
          model.predecessors(
            m,
            (x) => one.rest.push(x),
            (v) => one.virtual.push(v),
          );
        const group = { rest: [] as number[], virtual: [] as number[] };
        model.groupPredecessors(
          index,
          (x) => members.has(x),
          (x) => group.rest.push(x),
          (v) => group.virtual.push(v),
        );
        expect(group.rest.sort((a, b) => a - b)).toEqual(one.rest.sort((a, b) => a - b));
        expect(group.virtual.sort((a, b) => a - b)).toEqual(one.virtual.sort((a, b) => a - b));
      }
      const grouped = relaxedDistances(model, 254);
      const plain = relaxedDistances(ungrouped(model), 254);
      expect(grouped.reached).toBe(plain.reached);
      expect(Buffer.compare(Buffer.from(grouped.stored), Buffer.from(plain.stored))).toBe(0);
    }
  }, 300_000);

  it("tracks the pickups and the walls only a tool removes, and estimates more for it", () => {
    const level = "tw_020";
    const relaxed = relaxedOf(level, ONE_REGION);
    const bare = relaxedOf(level, { ...ONE_REGION, ...NO_PICKUPS });
    const { carry, layout } = relaxed;
    const cell = (x: number, y: number) => y * carry.width + x;
    // The torch and both pickaxes; the wood on the plot at (2,0) cannot be pushed anywhere, the rocks
    // not at all: only the torch and a pickaxe remove them.
    expect(carry.pickups.map((p) => p.item).sort()).toEqual(["pickaxe", "pickaxe", "torch"]);
    expect(carry.walls).toEqual([
      { cell: cell(2, 0), items: ["torch"] },
      { cell: cell(1, 2), items: ["pickaxe"] },
      { cell: cell(3, 2), items: ["pickaxe"] },
    ]);
    expect(layout.tracked).toHaveLength(3);
    expect(relaxed.model.size).toBe(bare.model.size * 8);
    const torch = layout.pickupBit[cell(0, 4)] as number;
    expect(layout.wall(cell(2, 0), 0b111)).toBe(true);
    expect(layout.wall(cell(2, 0), 0b111 & ~(1 << torch))).toBe(false);
    expect(layout.wall(cell(1, 2), 1 << torch)).toBe(false);
    const withPickups = relaxedDistances(relaxed.model, 254);
    const without = relaxedDistances(bare.model, 254);
    const h = (r: RelaxedCarry, table: Distances, state: GameState) =>
      Math.min(...imagesOf(r, state).map((x) => distanceAt(table, x)));
    const start = searchSpace(twinseed, level).start;
    expect(h(bare, without, start)).toBe(8);
    expect(h(relaxed, withPickups, start)).toBe(12);
    // Over the first layers of play, estimates rise often and hardly ever fall (the backward fill may
    // take shortcuts the forward model lacks, so the two do not bound each other state by state).
    let higher = 0;
    let lower = 0;
    const states = layers(level, 10, 3000);
    for (const state of states) {
      const a = h(bare, without, state);
      const b = h(relaxed, withPickups, state);
      if (b > a) higher++;
      if (b < a) lower++;
    }
    expect(higher).toBeGreaterThan(states.length / 2);
    expect(lower).toBeLessThan(states.length / 100);
  }, 300_000);

  it.each([
    ["tw_017", {}],
    ["tw_023", {}],
    ["tw_023", { maxPickups: 4 }],
    ["tw_020", {}],
  ] as [string, RelaxedCarryOptions][])(
    "gives no relaxed state more than one plus its best successor's distance (%s, %j)",
    (level, options) => {
      // States all over the table, not only those near the start: a backward step the model missed
      // (a carrier pushed onto ice and sliding on two cells, with every carrier held) showed deep in
      // tw_023 as an estimate two above its successor's.
      const relaxed = relaxedOf(level, options);
      const table = relaxedDistances(relaxed.model, 254);
      const dist = (x: number) => distanceAt(table, x);
      let seed = 2024;
      const random = () => {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        return seed / 2 ** 32;
      };
      let checked = 0;
      while (checked < 20_000) {
        const x = Math.floor(random() * relaxed.model.size);
        if (dist(x) === BEYOND) continue;
        let best = BEYOND;
        for (const y of successorsOf(relaxed, x)) best = Math.min(best, dist(y));
        expect(dist(x)).toBeLessThanOrEqual(best + 1);
        checked++;
      }
    },
    300_000,
  );
});
