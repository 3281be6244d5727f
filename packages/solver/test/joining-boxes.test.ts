import type { GameState, Pack } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { joiningBoxesHeuristic } from "../src/heuristics/joining-boxes-heuristic.js";
import { solveLevel } from "../src/index.js";
import { searchSpace } from "../src/search-space.js";
import { miniPack } from "./models/mini-pack.js";

/**
 * The joining-boxes bound (boxes with walls that join on the targets, as `sided_box` plays them) on
 * small boards of our own: it applies only where the level's declarations promise what it relies on,
 * and on every state reachable from a level's start it never exceeds the exact number of actions to
 * a win, computed backwards over the whole state graph.
 */

const GAME = {
  layers: [
    { id: "ground", occupancy: "exactly_one", default: "empty" },
    { id: "objects", occupancy: "zero_or_one" },
    { id: "markers", occupancy: "zero_or_one" },
  ],
  entityKinds: {
    empty: { layer: "ground", tags: ["walkable"], symbol: "." },
    void: { layer: "ground", tags: [], symbol: "#" },
    box: { layer: "objects", tags: ["sided"], params: { sides: { type: "integer" } }, symbol: "b" },
    rock: { layer: "objects", tags: ["solid"], symbol: "R" },
    portal: { layer: "objects", tags: ["teleport"], params: { channel: { type: "string" } }, symbol: "O" },
    target: { layer: "markers", tags: [], symbol: "X" },
  },
  actions: [
    { id: "move", params: { direction: { type: "direction", values: ["up", "down", "left", "right"] } } },
  ],
  systems: [
    {
      id: "boxes",
      type: "sided_box",
      config: { sidedTag: "sided", sidesParam: "sides", validGroundTags: ["walkable"] },
    },
    { id: "portals", type: "portals", config: { matchKey: "channel" } },
  ],
  defaults: { avatar: { enabled: true, facing: "right" } },
};

type Cell = string | Record<string, unknown> | null;

/**
 * A level from rows: `@` the avatar, `#` void, `R` a rock, `O` a portal, a hex digit a box with those
 * walls (up 1, right 2, down 4, left 8); the target cells are given apart.
 */
function level(id: string, rows: readonly string[], targets: readonly [number, number][]) {
  const width = (rows[0] ?? "").length;
  const grid = <T>(fill: T) => rows.map(() => new Array<T>(width).fill(fill));
  const ground = grid<Cell>("empty");
  const objects = grid<Cell>(null);
  const markers = grid<Cell>(null);
  let avatar: [number, number] = [0, 0];
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === "@") avatar = [x, y];
      else if (ch === "#") (ground[y] as Cell[])[x] = "void";
      else if (ch === "R") (objects[y] as Cell[])[x] = "rock";
      else if (ch === "O") (objects[y] as Cell[])[x] = { kind: "portal", channel: "a" };
      else if (/[0-9a-f]/.test(ch))
        (objects[y] as Cell[])[x] = { kind: "box", sides: Number.parseInt(ch, 16) };
    });
  });
  for (const [x, y] of targets) (markers[y] as Cell[])[x] = "target";
  return {
    id,
    title: id,
    board: { size: [width, rows.length], layers: { ground, objects, markers } },
    state: { avatar: { enabled: true, position: avatar, facing: "right" } },
    goals: [
      {
        id: "boxes",
        type: "param_match",
        config: {
          markerLayer: "markers",
          markerKind: "target",
          checkLayer: "objects",
          checkKind: "box",
          checkParam: "sides",
          checkValue: 15,
        },
      },
    ],
    solution: { goldPath: [] },
  };
}

/** Whole boxes walled in on their targets: above the corridor at odd columns, and below it from column 3. */
const WALLED = [
  ...Array.from({ length: 8 }, (_, i) => [2 * i + 1, 0] as [number, number]),
  ...Array.from({ length: 7 }, (_, i) => [2 * i + 3, 2] as [number, number]),
];

const LEVELS = [
  // Two halves to join on one target.
  level("halves", ["@....", ".3.c.", "....."], [[4, 2]]),
  // Two targets: one for the halves, one for a whole box; a void cell on the way.
  level(
    "two-targets",
    ["@.#.", ".3c.", ".f..", "...."],
    [
      [3, 3],
      [0, 3],
    ],
  ),
  // Seventeen boxes, more than the covers are enumerated for: the weaker bound per wall is used.
  level(
    "crowded",
    ["#f#f#f#f#f#f#f#f", "@...............", "3.#f#f#f#f#f#f#f", ".c##############", "..##############"],
    [...WALLED, [0, 4]],
  ),
  // A spare wall, and one box already whole on its target.
  level(
    "spare",
    ["@f..", ".5a.", "1..."],
    [
      [1, 0],
      [3, 2],
    ],
  ),
];

/** Every state reachable from the start, and the exact number of actions from each to a win. */
function exactDistances(pack: Pack, id: string) {
  const space = searchSpace(pack, id, { dropDead: false });
  const states: GameState[] = [space.start];
  const ids = new Map([[space.key(space.start), 0]]);
  const parents: number[][] = [[]];
  for (let i = 0; i < states.length; i++) {
    const state = states[i] as GameState;
    if (state.won) continue;
    for (const action of space.actions) {
      const next = space.next(state, action);
      if (next === null) continue;
      const key = space.key(next);
      let j = ids.get(key);
      if (j === undefined) {
        j = states.length;
        ids.set(key, j);
        states.push(next);
        parents.push([]);
      }
      (parents[j] as number[]).push(i);
    }
  }
  const distance = new Array<number>(states.length).fill(Number.POSITIVE_INFINITY);
  const queue: number[] = [];
  states.forEach((s, i) => {
    if (s.won) {
      distance[i] = 0;
      queue.push(i);
    }
  });
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q] as number;
    for (const p of parents[i] as number[]) {
      if (distance[p] !== Number.POSITIVE_INFINITY) continue;
      distance[p] = (distance[i] as number) + 1;
      queue.push(p);
    }
  }
  return { states, distance };
}

describe("joining-boxes heuristic", () => {
  let pack: Pack;
  beforeAll(async () => {
    pack = await miniPack(GAME, [...LEVELS, level("portal", ["@.O..", ".3.c.", "..O.."], [[4, 2]])]);
  });

  it.each(LEVELS.map((l) => l.id))("never estimates more than the exact distance on %s", (id) => {
    const h = joiningBoxesHeuristic(pack, searchSpace(pack, id).level);
    if (h === null) throw new Error(`no joining-boxes bound on ${id}`);
    const { states, distance } = exactDistances(pack, id);
    expect(states.length).toBeGreaterThan(100);
    const over: string[] = [];
    let informative = 0;
    states.forEach((s, i) => {
      const estimate = h.estimate(s);
      const exact = distance[i] as number;
      if (estimate > exact) over.push(`state ${i}: ${estimate} > ${exact}`);
      if (estimate > 0 && estimate < Number.POSITIVE_INFINITY) informative++;
    });
    console.log(
      `${id}: ${states.length} states, ${informative} with an estimate above 0, none above the exact distance`,
    );
    expect(over).toEqual([]);
    expect(distance[0]).toBeLessThan(Number.POSITIVE_INFINITY);
    // A bound that is 0 almost everywhere would pass the check above and prune nothing.
    expect(informative).toBeGreaterThan(states.length / 2);
  });

  it("finds the optimum and counts the optimal solutions as breadth-first search does, mostly with fewer states", () => {
    for (const { id } of LEVELS) {
      const guided = solveLevel(pack, id, { maxStates: 200_000 });
      const blind = solveLevel(pack, id, { maxStates: 200_000, strategy: "bfs" });
      expect(guided.heuristic).toBe("joining-boxes spans");
      expect(guided.status).toBe("solved");
      expect([guided.optimalLength, guided.optimalCount]).toEqual([blind.optimalLength, blind.optimalCount]);
      // On the crowded level's 1,795 states the weaker bound (and A*'s counting pass) does not pay.
      if (id !== "crowded") expect(guided.statesExpanded).toBeLessThan(blind.statesExpanded);
    }
  });

  it("does not apply where a portal stands, or where a rule moves boxes", async () => {
    expect(joiningBoxesHeuristic(pack, searchSpace(pack, "portal").level)).toBeNull();
    const moving = await miniPack(
      {
        ...GAME,
        rules: [
          {
            id: "shove",
            on: "avatar_entered",
            // biome-ignore lint/suspicious/noThenProperty: a rule's effects are its `then` field.
            then: [{ move_entity: { from: [1, 1], to: [2, 1], layer: "objects" } }],
          },
        ],
      },
      [LEVELS[0] as ReturnType<typeof level>],
    );
    expect(joiningBoxesHeuristic(moving, searchSpace(moving, "halves").level)).toBeNull();
  });
});
