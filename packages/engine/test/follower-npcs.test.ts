import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GameEvent, loadPack, type Pack, Session } from "../src/index.js";

/**
 * A game with NPCs on an `actors` layer. Boards are drawn in characters: `#` wall, `~` pit (ground
 * nothing walks on), `@` the avatar, `o` a plate (tagged `plate`, not solid), `g` the flag, and NPCs:
 * `f` follow_avatar, `s` seek_tag (plates), `r` flee_avatar, `>`/`<` patrol facing right/left.
 */
function game(config: Record<string, unknown> = {}, rules: unknown[] = []) {
  return {
    layers: [
      { id: "ground", occupancy: "exactly_one", default: "floor" },
      { id: "objects", occupancy: "zero_or_one" },
      { id: "actors", occupancy: "zero_or_one" },
    ],
    actions: [
      { id: "move", params: { direction: { type: "direction", values: ["up", "down", "left", "right"] } } },
      { id: "wait" },
    ],
    entityKinds: {
      floor: { layer: "ground", tags: ["walkable"], sprite: null, symbol: "." },
      pit: { layer: "ground", tags: [], sprite: null, symbol: "~" },
      wall: { layer: "objects", tags: ["solid"], sprite: null, symbol: "#" },
      plate: { layer: "objects", tags: ["plate"], sprite: null, symbol: "o" },
      flag: { layer: "objects", tags: ["goal_target"], sprite: null, symbol: "g" },
      spirit: {
        layer: "actors",
        tags: ["npc"],
        sprite: null,
        symbol: "S",
        params: {
          behavior: { type: "string", required: true },
          targetTag: { type: "string" },
          facing: { type: "direction" },
          id: { type: "string" },
        },
      },
    },
    systems: [
      {
        id: "walk",
        type: "avatar_navigation",
        config: { directions: ["up", "down", "left", "right"], validGroundTags: ["walkable"] },
      },
      { id: "npcs", type: "follower_npcs", config },
    ],
    rules,
    levelSequence: [{ type: "level", ref: "l" }],
  };
}

const NPC: Record<string, Record<string, string>> = {
  f: { behavior: "follow_avatar" },
  s: { behavior: "seek_tag", targetTag: "plate" },
  r: { behavior: "flee_avatar" },
  ">": { behavior: "patrol", facing: "right" },
  "<": { behavior: "patrol", facing: "left" },
};

function level(rows: string[], extra: Record<string, unknown> = {}) {
  const height = rows.length;
  const width = (rows[0] as string).length;
  const ground: unknown[] = [];
  const objects: unknown[] = [];
  const actors: unknown[] = [];
  let avatar: [number, number] = [0, 0];
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const position = [x, y];
      if (ch === "~") ground.push({ position, kind: "pit" });
      if (ch === "#") objects.push({ position, kind: "wall" });
      if (ch === "o") objects.push({ position, kind: "plate" });
      if (ch === "g") objects.push({ position, kind: "flag" });
      if (ch === "@") avatar = [x, y];
      const npc = NPC[ch];
      if (npc) actors.push({ position, kind: "spirit", ...npc });
    });
  });
  return {
    id: "l",
    board: {
      size: [width, height],
      layers: {
        ground: { format: "sparse", entries: ground },
        objects: { format: "sparse", entries: objects },
        actors: { format: "sparse", entries: actors },
      },
    },
    state: { avatar: { enabled: true, position: avatar, facing: "down" }, variables: { caught: 0 } },
    goals: [{ id: "flag", type: "reach_target", config: { targetKind: "flag" } }],
    solution: { goldPath: ["wait"] },
    ...extra,
  };
}

const MANIFEST = {
  dslVersion: "0.8",
  packVersion: 1,
  gameId: "test.npcs",
  title: "NPCs",
  version: "0.1.0",
  minEngineVersion: "0.8.0",
};

function packOf(
  rows: string[],
  config: Record<string, unknown> = {},
  rules: unknown[] = [],
  extra = {},
): Pack {
  const loaded = loadPack({
    "manifest.json": JSON.stringify(MANIFEST),
    "game.json": JSON.stringify(game(config, rules)),
    "levels/l.json": JSON.stringify(level(rows, extra)),
  });
  if (!loaded.ok)
    throw new Error(loaded.diagnostics.map((d) => `${d.file}${d.pointer}: ${d.message}`).join("\n"));
  return loaded.pack;
}

/** The NPCs on the board, as `x,y:behaviour[/facing]`, in reading order. */
function npcs(session: Session): string[] {
  const layer = session.pack.layerIndex.get("actors") as number;
  const cells = session.state.layers[layer] as readonly ({ params: Record<string, unknown> | null } | null)[];
  const width = session.level.width;
  const found: string[] = [];
  cells.forEach((e, i) => {
    if (!e) return;
    const facing = e.params?.facing ? `/${e.params.facing}` : "";
    found.push(`${i % width},${Math.floor(i / width)}:${e.params?.behavior}${facing}`);
  });
  return found;
}

const WAIT = { action: "wait" };
const move = (direction: string) => ({ action: "move", direction });

describe("follower_npcs", () => {
  it("follows the avatar one step a turn along a shortest path, round walls", () => {
    const session = new Session(
      packOf([
        "f#...", //
        ".#.#.",
        "...#@",
      ]),
      "l",
    );
    const trail: string[] = [];
    for (let i = 0; i < 5; i++) {
      session.act(WAIT);
      trail.push(...npcs(session));
    }
    expect(trail).toEqual([
      "0,1:follow_avatar",
      "0,2:follow_avatar",
      "1,2:follow_avatar",
      "2,2:follow_avatar",
      "2,1:follow_avatar",
    ]);
  });

  it("breaks ties between equally short steps in the configured direction order", () => {
    // Down and right both lead to the avatar in two steps.
    const board = ["f.", ".@"];
    const byDefault = new Session(packOf(board), "l");
    byDefault.act(WAIT);
    expect(npcs(byDefault)).toEqual(["1,0:follow_avatar"]); // up, right, down, left: right first
    const downFirst = new Session(packOf(board, { directions: ["down", "right", "up", "left"] }), "l");
    downFirst.act(WAIT);
    expect(npcs(downFirst)).toEqual(["0,1:follow_avatar"]);
  });

  it("stops next to the avatar when told to block, and catches it when told to catch", () => {
    const board = ["f.@", "..."];
    const blocking = new Session(packOf(board), "l");
    blocking.act(WAIT);
    blocking.act(WAIT);
    expect(npcs(blocking)).toEqual(["1,0:follow_avatar"]);
    expect(blocking.lost).toBe(false);

    // A rule turns the catch into a loss through a variable that a lose condition watches.
    // As JSON: a `then` key in an object literal makes it look like a promise to linters.
    const rules = JSON.parse(
      '[{ "id": "caught", "on": "npc_caught", "then": [{ "set_variable": { "name": "caught", "value": 1 } }] }]',
    );
    const lose = {
      loseConditions: [
        {
          id: "caught",
          type: "variable_threshold",
          config: { variable: "caught", target: 1, comparison: "gte" },
        },
      ],
    };
    const catching = new Session(packOf(board, { onAvatar: "catch" }, rules, lose), "l");
    catching.act(WAIT);
    expect(catching.lost).toBe(false);
    const second = catching.act(WAIT);
    expect(npcs(catching)).toEqual(["2,0:follow_avatar"]);
    expect(second.events.map((e) => e.type)).toContain("npc_caught");
    expect(catching.lost).toBe(true);
    expect(catching.state.loseReason).toBe("caught");
  });

  it("catches an avatar that walks onto it, without moving", () => {
    const session = new Session(packOf(["@f."], { onAvatar: "catch" }), "l");
    const result = session.act(move("right"));
    expect(result.accepted).toBe(true);
    expect(result.events.filter((e) => e.type.startsWith("npc_"))).toEqual([
      { type: "npc_caught", npcId: "spirit@1,0", kind: "spirit", position: [1, 0] },
    ]);
  });

  it("seeks the nearest cell with its target tag, ties in direction order", () => {
    const session = new Session(
      packOf([
        "o...s...", // the plate on the left is four steps away, the one below-right three
        "@#......",
        "......o.",
      ]),
      "l",
    );
    const trail: string[] = [];
    for (let i = 0; i < 3; i++) {
      session.act(WAIT);
      trail.push(...npcs(session));
    }
    // Right (5,0) and down (4,1) both bring it to 2 steps from (6,2): right is listed first.
    expect(trail).toEqual(["5,0:seek_tag", "6,0:seek_tag", "6,1:seek_tag"]);
    session.act(WAIT);
    expect(npcs(session)).toEqual(["6,2:seek_tag"]);
    // On the plate it stays.
    session.act(WAIT);
    expect(npcs(session)).toEqual(["6,2:seek_tag"]);
  });

  it("flees to where the avatar's path is longer, and stays when no step gets farther", () => {
    const session = new Session(packOf(["@.r..#", "~~~~~~"]), "l");
    session.act(WAIT);
    expect(npcs(session)).toEqual(["3,0:flee_avatar"]);
    session.act(WAIT);
    session.act(WAIT);
    expect(npcs(session)).toEqual(["4,0:flee_avatar"]);
  });

  it("flees to the first of equally far cells in the configured direction order", () => {
    // Up, right and left each take it two steps from the avatar.
    const board = ["...", ".r.", ".@."];
    const byDefault = new Session(packOf(board), "l");
    byDefault.act(move("down"));
    expect(npcs(byDefault)).toEqual(["1,0:flee_avatar"]);
    const leftFirst = new Session(packOf(board, { directions: ["left", "up", "right", "down"] }), "l");
    leftFirst.act(move("down"));
    expect(npcs(leftFirst)).toEqual(["0,1:flee_avatar"]);
  });

  it("patrols along its facing, turns round at a wall and steps back in the same turn", () => {
    const session = new Session(packOf(["#>.#", "@..."]), "l");
    const trail: string[] = [];
    for (let i = 0; i < 3; i++) {
      session.act(WAIT);
      trail.push(...npcs(session));
    }
    expect(trail).toEqual(["2,0:patrol/right", "1,0:patrol/left", "2,0:patrol/right"]);
    // Boxed in on both sides: it turns round and stays.
    const boxed = new Session(packOf(["#<#", "@.."]), "l");
    boxed.act(WAIT);
    expect(npcs(boxed)).toEqual(["1,0:patrol/right"]);
    boxed.act(WAIT);
    expect(npcs(boxed)).toEqual(["1,0:patrol/left"]);
  });

  it("never steps onto pits, walls or another NPC; moves in reading order, into cells just left", () => {
    // Two followers in a corridor, in reading order: the one on the right moves first, and the other
    // takes the cell it just left.
    const corridor = new Session(packOf(["@..ff", "~~~~~"]), "l");
    const result = corridor.act(WAIT);
    expect(npcs(corridor)).toEqual(["2,0:follow_avatar", "3,0:follow_avatar"]);
    const moved = result.events.filter((e): e is GameEvent & { npcId: string } => e.type === "npc_moved");
    expect(moved.map((e) => e.npcId)).toEqual(["spirit@3,0", "spirit@4,0"]);
    // The front one stops against the avatar (block), and the other behind it.
    corridor.act(WAIT);
    corridor.act(WAIT);
    expect(npcs(corridor)).toEqual(["1,0:follow_avatar", "2,0:follow_avatar"]);
    // The other way round, the one behind moves first and finds the cell ahead still taken.
    const reversed = new Session(packOf(["ff..@", "~~~~~"]), "l");
    reversed.act(WAIT);
    expect(npcs(reversed)).toEqual(["0,0:follow_avatar", "2,0:follow_avatar"]);
    // Walled off from the avatar by pits and a wall: no path, no step.
    const apart = new Session(packOf(["f~@", ".#."]), "l");
    apart.act(WAIT);
    expect(npcs(apart)).toEqual(["0,0:follow_avatar"]);
  });

  it("reports each step with the NPC's id, kind, layer and cells", () => {
    const pack = packOf(["f..@"]);
    const session = new Session(pack, "l");
    const result = session.act(WAIT);
    expect(result.events.find((e) => e.type === "npc_moved")).toEqual({
      type: "npc_moved",
      npcId: "spirit@0,0",
      kind: "spirit",
      layer: "actors",
      fromPosition: [0, 0],
      toPosition: [1, 0],
      position: [1, 0],
    });
  });
});

describe("the built-in plug-ins", () => {
  it("use nothing of the engine but its public extension API (src/api.ts)", () => {
    const dir = join(import.meta.dirname, "../src/plugins");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = readFileSync(join(dir, file), "utf8");
      const imports = [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]);
      for (const spec of imports)
        expect(["../api.js", "@gridponder/schema"], `${file} imports ${spec}`).toContain(spec);
    }
  });
});

describe("entities with one scalar param", () => {
  const pack = packOf(["@."]);
  it("are shared when equal, so turns that remake them allocate nothing", () => {
    const a = pack.entity("spirit", { behavior: "follow_avatar" });
    expect(pack.entity("spirit", { behavior: "follow_avatar" })).toBe(a);
    expect(pack.entity("spirit", { behavior: "flee_avatar" })).not.toBe(a);
    expect(a.params).toEqual({ behavior: "follow_avatar" });
    expect(Object.isFrozen(a) && Object.isFrozen(a.params)).toBe(true);
  });
  it("keep apart what a map would confuse, and never share entities with more params", () => {
    const zero = pack.entity("spirit", { id: 0 } as never);
    const negativeZero = pack.entity("spirit", { id: -0 } as never);
    expect(Object.is(negativeZero.params?.id, -0)).toBe(true);
    expect(pack.entity("spirit", { id: 0 } as never)).toBe(zero);
    expect(pack.entity("spirit", { id: "0" } as never)).not.toBe(zero);
    const two = { behavior: "patrol", facing: "left" };
    expect(pack.entity("spirit", two)).not.toBe(pack.entity("spirit", two));
  });
  it("are shared only up to a bound per kind, so a value counting ever higher keeps memory bounded", () => {
    const first = pack.entity("spirit", { id: 1_000_000 } as never);
    for (let i = 0; i < 5_000; i++) pack.entity("spirit", { id: i } as never);
    expect(pack.entity("spirit", { id: 1_000_000 } as never)).toBe(first);
    const late = pack.entity("spirit", { id: 4_999 } as never);
    expect(pack.entity("spirit", { id: 4_999 } as never)).not.toBe(late);
    expect(late.params).toEqual({ id: 4_999 });
  });
});
