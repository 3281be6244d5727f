import { join } from "node:path";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { beforeAll, describe, expect, it } from "vitest";
import { type GameState, loadPack, type Pack, Session } from "../src/index.js";

/**
 * Behaviours found by differential fuzzing against the reference engine (`tools/fuzz/`), each pinned
 * on a small board of its own. The README's "Behaviour the DSL documents leave open" lists them.
 */

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

type Cell = string | Record<string, unknown> | null;
type Legend = Record<string, { readonly layer: string; readonly cell: Cell }>;

/** A level from rows of symbols; `@` is the avatar (on the default ground), `.` the default ground. */
function level(id: string, rows: readonly string[], legend: Legend, layers: readonly string[], extra = {}) {
  const width = rows[0]?.length ?? 0;
  const board: Record<string, Cell[][]> = {};
  for (const layer of layers) board[layer] = rows.map(() => new Array<Cell>(width).fill(null));
  let avatar: Record<string, unknown> = { enabled: false };
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === "@") avatar = { enabled: true, position: [x, y], facing: "right" };
      const entry = legend[ch];
      const layerRows = entry ? board[entry.layer] : undefined;
      if (entry && layerRows?.[y]) layerRows[y][x] = entry.cell;
    });
  });
  const ground = board.ground;
  for (const row of ground ?? []) for (let x = 0; x < row.length; x++) row[x] ??= "floor";
  return {
    id,
    title: id,
    board: { size: [width, rows.length], layers: board },
    state: { avatar, variables: { never: 0 } },
    goals: [
      {
        id: "never",
        type: "variable_threshold",
        config: { variable: "never", comparison: "gte", target: 1 },
      },
    ],
    solution: { goldPath: [] },
    ...extra,
  };
}

async function packOf(game: Record<string, unknown>, levels: Record<string, unknown>[]): Promise<Pack> {
  const base = await readPackFolder(MINI);
  const files: PackFiles = {
    "manifest.json": base["manifest.json"] ?? "",
    "assets/cover.png": base["assets/cover.png"] ?? "",
  };
  files["game.json"] = JSON.stringify({
    ...game,
    levelSequence: levels.map((l) => ({ type: "level", ref: l.id })),
  });
  for (const l of levels) files[`levels/${l.id}.json`] = JSON.stringify(l);
  const loaded = loadPack(files);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics, null, 1));
  return loaded.pack;
}

/** The kinds on a layer as rows of symbols (`.` for empty), using the legend backwards. */
function rowsOf(pack: Pack, state: GameState, session: Session, layer: string, legend: Legend): string[] {
  const li = pack.layerIndex.get(layer) ?? -1;
  const { width, height } = session.level;
  const symbolOf = (kind: string) =>
    Object.entries(legend).find(
      ([, v]) => v.layer === layer && (typeof v.cell === "string" ? v.cell : v.cell?.kind) === kind,
    )?.[0] ?? "?";
  const out: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = "";
    for (let x = 0; x < width; x++) {
      const e = state.layers[li]?.[y * width + x];
      row += e ? symbolOf(e.kind) : ".";
    }
    out.push(row);
  }
  return out;
}

const move = (direction: string) => ({ action: "move", direction }) as never;
const MOVE_ACTION = {
  id: "move",
  params: { direction: { type: "direction", values: ["up", "down", "left", "right"] } },
};
const FLOOR = { floor: { layer: "ground", tags: ["walkable"], symbol: "." } };

/** Game layers: floor ground, then the given `zero_or_one` layers. */
const layersOf = (...ids: string[]) => [
  { id: "ground", occupancy: "exactly_one", default: "floor" },
  ...ids.map((id) => ({ id, occupancy: "zero_or_one" })),
];

/** A game of number tiles on a floor: the given ground kinds besides the floor, and the given systems. */
const numberGame = (groundKinds: Record<string, unknown>, systems: unknown[]) => ({
  layers: layersOf("objects"),
  actions: [MOVE_ACTION],
  entityKinds: {
    ...FLOOR,
    ...groundKinds,
    number: { layer: "objects", tags: ["mergeable"], symbol: "n", symbolParam: "value" },
  },
  systems,
});

describe("portals", () => {
  const legend: Legend = {
    A: { layer: "portals", cell: { kind: "portal", channel: "a" } },
    C: { layer: "objects", cell: "crate" },
    R: { layer: "objects", cell: "rock" },
    c: { layer: "objects", cell: "coin" },
  };
  const layers = ["ground", "portals", "objects"];
  let pack: Pack;
  const boards: Record<string, string[]> = {
    chain: ["..A..", "...A.", "....A@"],
    blockedExit: ["..A..", "....A@"],
    pushIn: ["..A...", "...AC@"],
    loadCarry: ["..A..", "....A"],
    coinAtExit: ["..A..", "....A@"],
    facingSlide: ["..A...", "......", "...A.."],
    pushOntoPartner: ["@AA..", "....."],
  };

  beforeAll(async () => {
    const kinds = {
      ...FLOOR,
      portal: { layer: "portals", tags: ["teleport"], symbol: "O", params: { channel: { type: "string" } } },
      crate: { layer: "objects", tags: ["solid", "pushable"], symbol: "C" },
      rock: { layer: "objects", tags: ["solid"], symbol: "R" },
      coin: { layer: "objects", tags: [], symbol: "c" },
      ice: { layer: "ground", tags: ["walkable", "slippery"], symbol: "I" },
    };
    const levels = Object.entries(boards).map(([id, rows]) => {
      const width = Math.max(...rows.map((r) => r.length));
      return level(
        id,
        rows.map((r) => r.padEnd(width, ".")),
        legend,
        layers,
      );
    });
    // Objects on portal cells, which the row strings cannot hold beside the portal.
    const onPortal = (id: string, x: number, y: number, kind: string) => {
      const l = levels.find((v) => v.id === id) as { board: { layers: Record<string, Cell[][]> } };
      const row = l.board.layers.objects?.[y];
      if (row) row[x] = kind;
    };
    onPortal("blockedExit", 2, 0, "rock");
    onPortal("blockedExit", 4, 1, "crate"); // keeps the rock from being carried over at load
    onPortal("loadCarry", 4, 1, "crate");
    onPortal("coinAtExit", 2, 0, "coin");
    onPortal("pushOntoPartner", 1, 0, "crate");
    const slide = levels.find((v) => v.id === "facingSlide") as {
      board: { layers: Record<string, Cell[][]> };
      state: Record<string, unknown>;
    };
    const ground = slide.board.layers.ground?.[2];
    if (ground) ground[3] = ground[4] = "ice";
    slide.state = { avatar: { enabled: true, position: [2, 0], facing: "right" }, variables: { never: 0 } };
    pack = await packOf(
      {
        layers: layersOf("portals", "objects"),
        actions: [MOVE_ACTION],
        entityKinds: kinds,
        systems: [
          { id: "nav", type: "avatar_navigation", config: { solidHandling: "delegate" } },
          { id: "push", type: "push_objects", config: { pushableTags: ["pushable"] } },
          { id: "portals", type: "portals", config: {} },
          { id: "ice", type: "ice_slide", config: {} },
        ],
        defaults: { maxCascadeDepth: 6 },
      },
      levels,
    );
  });

  it("a portal leads to the first other portal of its key, and teleports chain without going straight back", () => {
    const s = new Session(pack, "chain");
    const r = s.act(move("left")); // onto the third portal: to the first, which leads on to the second
    expect(r.accepted).toBe(true);
    expect(s.state.avatar.position).toEqual([3, 1]);
    const hops = r.events.filter((e) => e.type === "avatar_entered").map((e) => e.position);
    expect(hops).toEqual([
      [4, 2],
      [2, 0],
      [3, 1],
    ]);
  });

  it("a solid object on the exit keeps the avatar on the portal it entered", () => {
    const s = new Session(pack, "blockedExit");
    // Each portal's partner is occupied, so nothing was carried at load.
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["..R...", "....C."]);
    s.act(move("left")); // pushes the crate off the portal and steps on; the rock holds the exit
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["..R...", "...C.."]);
    expect(s.state.avatar.position).toEqual([4, 1]);
  });

  it("a crate pushed onto a portal comes out of the partner, and stays there", () => {
    const s = new Session(pack, "pushIn");
    const r = s.act(move("left"));
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["..C...", "......"]);
    const placed = r.events.filter((e) => e.type === "object_placed");
    expect(placed.at(-1)).toMatchObject({ position: [2, 0], fromPosition: [3, 1], wasTeleported: true });
  });

  it("a move that goes nowhere on a portal still teleports, and the avatar leaves the exit the way it faces", () => {
    const s = new Session(pack, "facingSlide");
    s.act(move("up")); // the board edge: no step, facing stays right
    expect(s.state.avatar.position).toEqual([5, 2]);
  });

  it("the avatar's teleport is decided before objects are carried in the same cascade pass", () => {
    const s = new Session(pack, "pushOntoPartner");
    // The crate is pushed off the first portal onto its partner; the avatar steps onto the first
    // portal, whose exit the crate holds; the crate is then carried back onto the avatar's cell.
    s.act(move("right"));
    expect(s.state.avatar.position).toEqual([1, 0]);
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual([".C...", "....."]);
  });

  it("at load, an object on a portal other than the first is carried to the first", () => {
    const s = new Session(pack, "loadCarry");
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["..C..", "....."]);
  });

  it("at load, an object on the first portal goes there and back; a non-solid object on an exit lets the avatar through", () => {
    const s = new Session(pack, "coinAtExit");
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["..c...", "......"]);
    s.act(move("left"));
    expect(s.state.avatar.position).toEqual([2, 0]);
  });
});

describe("slide_merge", () => {
  const legend: Legend = {
    "#": { layer: "ground", cell: "pillar" },
    _: { layer: "ground", cell: "void" },
    O: { layer: "ground", cell: { kind: "gate", channel: "g" } },
    "1": { layer: "objects", cell: { kind: "number", value: 1 } },
    "2": { layer: "objects", cell: { kind: "number", value: 2 } },
  };
  let pack: Pack;

  /** Tiles on top of special ground: the rows give the ground, `tiles` the tiles as [x, y, value]. */
  function board(id: string, ground: string, tiles: [number, number, number][]) {
    const l = level(id, [ground], legend, ["ground", "objects"]) as {
      board: { layers: Record<string, Cell[][]> };
    };
    const row = l.board.layers.objects?.[0];
    for (const [x, , value] of tiles) if (row) row[x] = { kind: "number", value };
    return l;
  }

  beforeAll(async () => {
    pack = await packOf(
      numberGame(
        {
          void: { layer: "ground", tags: [], symbol: "_" },
          pillar: { layer: "ground", tags: ["solid"], symbol: "#" },
          gate: { layer: "ground", tags: ["teleport"], symbol: "O", params: { channel: { type: "string" } } },
        },
        [{ id: "slide", type: "slide_merge", config: {} }],
      ),
      [
        board("onPillar", "...#", [
          [0, 0, 1],
          [3, 0, 1],
        ]),
        board("emptyPillar", "...#", [[0, 0, 1]]),
        board("onVoid", "..._", [
          [0, 0, 1],
          [3, 0, 1],
        ]),
        board("gate", ".O...", [[0, 0, 1]]),
      ],
    );
  });

  const values = (s: Session) => {
    const li = pack.layerIndex.get("objects") ?? -1;
    return (s.state.layers[li] ?? []).map((e) => (e ? Number(e.params?.value) : 0));
  };

  it("a tile standing on a blocker still takes a merge; an empty blocker cell stops tiles before it", () => {
    const a = new Session(pack, "onPillar");
    a.act(move("right"));
    expect(values(a)).toEqual([0, 0, 0, 2]);
    const b = new Session(pack, "emptyPillar");
    b.act(move("right"));
    expect(values(b)).toEqual([0, 0, 1, 0]);
  });

  it("a tile standing on void takes no merge", () => {
    const s = new Session(pack, "onVoid");
    s.act(move("right"));
    expect(values(s)).toEqual([0, 0, 1, 1]);
  });

  it("a sliding tile stops on a teleport-tagged cell, with no teleport system in the game", () => {
    const s = new Session(pack, "gate");
    s.act(move("right"));
    expect(values(s)).toEqual([0, 1, 0, 0, 0]);
    s.act(move("right")); // leaving the gate is free
    expect(values(s)).toEqual([0, 0, 0, 0, 1]);
  });
});

describe("queued_emitters: two-exit pipes", () => {
  let pack: Pack;
  /** A pipe along the top row with a free cell beyond each exit, or (`atEdge`) its first exit facing off the board. */
  const pipe = (
    id: string,
    slots: (number | null)[],
    blocked: readonly [boolean, boolean],
    atEdge = false,
  ) => {
    const n = slots.length;
    const shift = atEdge ? 1 : 0;
    const width = n + 2 - shift;
    const l = level(id, [".".repeat(width), ".".repeat(width)], {}, ["ground", "objects"]) as {
      board: { layers: Record<string, Cell[][]>; multiCellObjects?: unknown[] };
    };
    const row = l.board.layers.objects?.[0];
    if (row && blocked[0]) row[0] = { kind: "number", value: 100 };
    if (row && blocked[1]) row[n + 1 - shift] = { kind: "number", value: 200 };
    l.board.multiCellObjects = [
      {
        id: "p",
        kind: "pipe",
        cells: Array.from({ length: n }, (_, i) => [i + 1 - shift, 0]),
        params: {
          exitPosition: [1 - shift, 0],
          exitDirection: "left",
          exit2Position: [n - shift, 0],
          exit2Direction: "right",
          queue: slots.filter((v) => v !== null),
          pipeSlots: slots,
        },
      },
    ];
    return l;
  };

  beforeAll(async () => {
    pack = await packOf(
      numberGame({ pipe: { layer: "ground", tags: ["solid"], symbol: "p" } }, [
        { id: "slide", type: "slide_merge", config: { mergePredicate: "same_kind" } },
        { id: "pipes", type: "queued_emitters", config: {} },
      ]),
      [
        pipe("bothBlocked", [3, 1, 2, 4], [true, true]),
        pipe("secondBlocked", [3, 1, 2, 4], [false, true]),
        pipe("offBoard", [3, 2, null], [false, false], true),
      ],
    );
  });

  const slotsAfterOneTurn = (id: string) => {
    const s = new Session(pack, id);
    s.act(move("up")); // nothing can slide up from the top row: only the pipe acts
    return s.state.multiCellObjects[0]?.params.pipeSlots;
  };

  it("an exit facing off the board still releases its item, which is gone", () => {
    const s = new Session(pack, "offBoard");
    const r = s.act(move("up"));
    expect(r.events.filter((e) => e.type === "item_released")).toHaveLength(1);
    expect(s.state.multiCellObjects[0]?.params.pipeSlots).toEqual([null, 2, null]);
    const li = pack.layerIndex.get("objects") ?? -1;
    expect(s.state.layers[li]?.every((e) => e === null)).toBe(true);
  });

  it("an item stepping toward exit 2 into a slot whose item stays put is lost", () => {
    expect(slotsAfterOneTurn("bothBlocked")).toEqual([3, 1, null, 4]);
    expect(slotsAfterOneTurn("secondBlocked")).toEqual([1, null, null, 4]);
  });
});

describe("line_of_sight", () => {
  let pack: Pack;
  const legend: Legend = {
    L: { layer: "lamps", cell: "lamp" },
    b: { layer: "objects", cell: "beacon" },
  };

  beforeAll(async () => {
    pack = await packOf(
      {
        layers: layersOf("lamps", "objects"),
        actions: [MOVE_ACTION],
        entityKinds: {
          ...FLOOR,
          lamp: { layer: "lamps", tags: ["lamp"], symbol: "L" },
          beacon: { layer: "objects", tags: ["signal"], symbol: "b" },
        },
        systems: [
          { id: "nav", type: "avatar_navigation", config: {} },
          {
            id: "sight",
            type: "line_of_sight",
            config: {
              triggerEvents: ["avatar_entered"],
              sourceLayer: "lamps",
              sourceTags: ["lamp"],
              targetTags: ["signal"],
              maxMatches: 0,
            },
          },
        ],
        // Written as JSON text: a literal object with a `then` key reads as a thenable to the linter.
        rules: [
          JSON.parse(
            '{"id":"count","on":"line_of_sight_detected","then":[{"increment_variable":{"name":"seen","amount":1}}]}',
          ),
        ],
      },
      [
        {
          ...level("twoLamps", ["L.b", "...", "@.L"], legend, ["ground", "lamps", "objects"]),
          state: {
            avatar: { enabled: true, position: [0, 2], facing: "right" },
            variables: { seen: 0, never: 0 },
          },
        },
        {
          ...level("firstTarget", ["..b", "L..", "..L", "b@."], legend, ["ground", "lamps", "objects"]),
          state: {
            avatar: { enabled: true, position: [1, 3], facing: "right" },
            variables: { seen: 0, never: 0 },
          },
          systemOverrides: { sight: { maxMatches: 1 } },
        },
      ],
    );
  });

  it("with maxMatches 1 the target first in board order wins, whichever source sees it", () => {
    const s = new Session(pack, "firstTarget");
    const r = s.act(move("up"));
    const seen = r.events.filter((e) => e.type === "line_of_sight_detected");
    expect(seen.map((e) => e.position)).toEqual([[2, 0]]);
    expect(seen[0]?.sourcePosition).toEqual([2, 2]);
  });

  it("a target two sources see is reported once", () => {
    const s = new Session(pack, "twoLamps");
    const r = s.act(move("up"));
    expect(r.events.filter((e) => e.type === "line_of_sight_detected")).toHaveLength(1);
    expect(s.state.variables.seen).toBe(1);
  });
});

describe("balance lose conditions", () => {
  let pack: Pack;
  const legend: Legend = {
    "#": { layer: "ground", cell: "rockface" },
    M: { layer: "walkers", cell: "mint" },
    S: { layer: "walkers", cell: "sage" },
  };
  const withClaims = (l: ReturnType<typeof level>, rows: readonly string[]) => {
    const marks = rows.map((r) =>
      [...r].map((c) => (c === "M" ? "mint_land" : c === "S" ? "sage_land" : null)),
    );
    (l.board.layers as Record<string, Cell[][]>).land = marks;
    return {
      ...l,
      goals: [
        {
          id: "fair",
          type: "balance",
          config: {
            layer: "land",
            owners: ["mint_land", "sage_land"],
            claimableLayer: "ground",
            claimableKind: "floor",
          },
        },
      ],
      loseConditions: [{ type: "balance_budget_exhausted", config: { goalId: "fair" } }],
    };
  };
  const board = (id: string, rows: string[]) =>
    withClaims(level(id, rows, legend, ["ground", "walkers", "land"]), rows);

  beforeAll(async () => {
    pack = await packOf(
      {
        layers: layersOf("walkers", "land"),
        actions: [MOVE_ACTION, { id: "tap_cell", params: { position: { type: "position" } } }],
        entityKinds: {
          ...FLOOR,
          rockface: { layer: "ground", tags: ["solid"], symbol: "#" },
          mint: { layer: "walkers", tags: ["actor"], symbol: "M" },
          sage: { layer: "walkers", tags: ["actor"], symbol: "S" },
          mint_land: { layer: "land", tags: [], symbol: "m" },
          sage_land: { layer: "land", tags: [], symbol: "s" },
        },
        systems: [
          {
            id: "walkers",
            type: "individual_actors",
            config: {
              actorLayer: "walkers",
              budgets: { mint: 3, sage: 3 },
              claim: { layer: "land", map: { mint: "mint_land", sage: "sage_land" } },
            },
          },
        ],
      },
      [board("even", ["M...", "...S"]), board("odd", ["M...", ".#.S"])],
    );
  });

  it("an odd number of claimable cells between two owners loses on the first turn, even a selection", () => {
    const odd = new Session(pack, "odd");
    expect(odd.state.lost).toBe(false);
    const r = odd.act({ action: "tap_cell", position: [0, 0] } as never);
    expect(r.accepted).toBe(true);
    expect(odd.state.lost).toBe(true);
    const even = new Session(pack, "even");
    even.act({ action: "tap_cell", position: [0, 0] } as never);
    expect(even.state.lost).toBe(false);
  });
});

describe("region_transform without blockOnVoid", () => {
  it("moves nothing into or out of a void cell: the cell a void cell would feed keeps its entity", async () => {
    const legend: Legend = {
      _: { layer: "ground", cell: "void" },
      g: { layer: "objects", cell: "green" },
      r: { layer: "objects", cell: "red" },
    };
    const pack = await packOf(
      {
        layers: layersOf("objects"),
        actions: [MOVE_ACTION, { id: "rotate" }],
        entityKinds: {
          ...FLOOR,
          void: { layer: "ground", tags: [], symbol: "_" },
          green: { layer: "objects", tags: [], symbol: "g" },
          red: { layer: "objects", tags: [], symbol: "r" },
        },
        systems: [
          { id: "cursor", type: "overlay_cursor", config: { size: [2, 2] } },
          {
            id: "turn",
            type: "region_transform",
            config: { blockOnVoid: false, operations: { spin: { type: "rotate", action: "rotate" } } },
          },
        ],
      },
      [
        {
          ...level("spin", ["._", "gr"], legend, ["ground", "objects"]),
          state: {
            avatar: { enabled: false },
            overlay: { position: [0, 0], size: [2, 2] },
            variables: { never: 0 },
          },
        },
      ],
    );
    const s = new Session(pack, "spin");
    s.act({ action: "rotate" } as never);
    // Clockwise: green (0,1) → (0,0) and red (1,1) → (0,1); the void cell (1,0) feeds (1,1), so (1,1)
    // keeps its red tile, which now stands in two cells.
    expect(rowsOf(pack, s.state, s, "objects", legend)).toEqual(["g.", "rr"]);
    // So a red tile (any kind of the layer) can grow in number: the solver's `creatableKinds` says so
    // (its test, `packages/solver/test/models/creatable-kinds.test.ts`, plays this level).
  });
});

describe("overlay_cursor with anchorToAvatar (where this engine follows the documents, not the reference)", () => {
  it("puts the overlay's top-left (even sizes) or centre (odd sizes) where the avatar stands", async () => {
    const game = (size: number) => ({
      layers: layersOf("objects"),
      actions: [MOVE_ACTION],
      entityKinds: { ...FLOOR },
      systems: [
        { id: "nav", type: "avatar_navigation", config: {} },
        { id: "cursor", type: "overlay_cursor", config: { size: [size, size], anchorToAvatar: true } },
      ],
    });
    const board = (size: number) => ({
      ...level("open", ["@....", ".....", ".....", "....."], {}, ["ground", "objects"]),
      state: {
        avatar: { enabled: true, position: [0, 0], facing: "right" },
        overlay: { position: [0, 0], size: [size, size] },
        variables: { never: 0 },
      },
    });
    const even = new Session(await packOf(game(2), [board(2)]), "open");
    even.act(move("right"));
    even.act(move("down"));
    expect(even.state.overlay?.position).toEqual([1, 1]);
    const odd = new Session(await packOf(game(3), [board(3)]), "open");
    odd.act(move("right"));
    odd.act(move("right"));
    odd.act(move("down"));
    expect(odd.state.overlay?.position).toEqual([1, 0]);
  });
});
