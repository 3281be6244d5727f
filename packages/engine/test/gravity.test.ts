import { join } from "node:path";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";
import { beforeAll, describe, expect, it } from "vitest";
import { boardState, prepareLevel } from "../src/assembly/level.js";
import { WorkingDraft } from "../src/board/draft.js";
import type { GameEvent } from "../src/contract/events.js";
import type { TurnContext } from "../src/contract/runtime.js";
import { loadPack, type Pack, Session } from "../src/index.js";
import { applyGravity, type GravitySelector } from "../src/rules/effects/apply-gravity.js";

const MINI = join(import.meta.dirname, "../../schema/test/fixtures/valid/mini");

/**
 * Boards are written as rows of cells: `.` empty ground, `#` wall (solid), `_` void, `C` crate
 * (solid, pushable), `k` key (pickup), digits a number counter, `@` the avatar on empty ground.
 */
function level(id: string, rows: string[]): Record<string, unknown> {
  const ground = rows.map((r) => [...r].map((c) => (c === "#" ? "wall" : c === "_" ? "void" : "empty")));
  const objects = rows.map((r) =>
    [...r].map((c) => {
      if (c === "C") return "crate";
      if (c === "k") return "key";
      if (/\d/.test(c)) return { kind: "number", value: Number(c) };
      return null;
    }),
  );
  const avatarRow = rows.findIndex((r) => r.includes("@"));
  const avatar =
    avatarRow < 0
      ? { enabled: false }
      : { enabled: true, position: [rows[avatarRow]?.indexOf("@"), avatarRow], facing: "down" };
  return {
    id,
    title: id,
    board: { size: [rows[0]?.length ?? 0, rows.length], layers: { ground, objects } },
    state: { avatar, variables: {} },
    goals: [{ id: "g", type: "all_cleared", config: { kind: "crate" } }],
    solution: { goldPath: [] },
  };
}

const BOARDS: Record<string, string[]> = {
  stack: ["C..", "...", "C..", "..."],
  walls: ["CkC", ".._", ".#.", "..."],
  mixed: ["C1k", "...", "..."],
  sideways: ["..C.C", "#...."],
  diagonal: ["C..", "...", "..."],
  avatar: ["C", ".", "@", "."],
};

let pack: Pack;
let files: PackFiles;

beforeAll(async () => {
  files = await readPackFolder(MINI);
  for (const [id, rows] of Object.entries(BOARDS))
    files[`levels/${id}.json`] = JSON.stringify(level(id, rows));
  const game = JSON.parse(String(files["game.json"]));
  // Written as JSON text: a literal object with a `then` key reads as a thenable to the linter.
  game.rules.push(
    JSON.parse(
      '{"id":"crates_fall","on":"avatar_entered","then":[{"apply_gravity":{"selector":{"tag":"pushable"},"direction":"down"}}]}',
    ),
  );
  files["game.json"] = JSON.stringify(game);
  const loaded = loadPack(files);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  pack = loaded.pack;
});

/** Runs the effect on a level's starting board; returns the objects layer as rows of symbols and the events. */
function fall(id: string, selector: GravitySelector, direction: string) {
  const runtime = prepareLevel(pack, id);
  const draft = new WorkingDraft(boardState(pack, runtime), runtime.width, runtime.height);
  const events: GameEvent[] = [];
  const ctx: TurnContext = {
    pack,
    level: runtime,
    draft,
    turn: { action: null, events, pendingMove: null },
    emit: (e) => events.push(e),
  };
  applyGravity(ctx, selector, direction);
  const objects = pack.layerIndex.get("objects") ?? -1;
  const rows: string[] = [];
  for (let y = 0; y < runtime.height; y++) {
    let row = "";
    for (let x = 0; x < runtime.width; x++) {
      const e = draft.get(objects, x, y);
      row += !e ? "." : e.kind === "crate" ? "C" : e.kind === "key" ? "k" : String(e.params?.value ?? "?");
    }
    rows.push(row);
  }
  return { rows, events };
}

describe("apply_gravity", () => {
  it("settles a column as a stack, nearest the floor first, one object_settled per entity that moved", () => {
    const { rows, events } = fall("stack", { kind: "crate" }, "down");
    expect(rows).toEqual(["...", "...", "C..", "C.."]);
    expect(events).toEqual([
      {
        type: "object_settled",
        kind: "crate",
        fromKind: "crate",
        position: [0, 3],
        fromPosition: [0, 2],
        layer: "objects",
      },
      {
        type: "object_settled",
        kind: "crate",
        fromKind: "crate",
        position: [0, 2],
        fromPosition: [0, 0],
        layer: "objects",
      },
    ]);
  });

  it("stops above solid ground entities and void, and at the board edge", () => {
    // Column 0's crate falls to the floor, column 1's key stops on the wall, column 2's crate above the void.
    expect(fall("walls", { tag: "pickup" }, "down").rows).toEqual(["C.C", ".k.", "...", "..."]);
    expect(fall("walls", {}, "down").rows).toEqual(["..C", ".k.", "...", "C.."]);
  });

  it("moves only entities matching every part of the selector, leaving the rest to hold others up", () => {
    expect(fall("mixed", { kind: "number" }, "down").rows).toEqual(["C.k", "...", ".1."]);
    expect(fall("mixed", { kind: "crate", tag: "pickup" }, "down").events).toEqual([]);
    expect(fall("mixed", { tag: "solid" }, "down").rows).toEqual([".1k", "...", "C.."]);
  });

  it("falls sideways and diagonally, packing against the far side", () => {
    expect(fall("sideways", { kind: "crate" }, "left").rows).toEqual(["CC...", "....."]);
    expect(fall("sideways", { kind: "crate" }, "right").rows).toEqual(["...CC", "....."]);
    expect(fall("diagonal", { kind: "crate" }, "down_right").rows).toEqual(["...", "...", "..C"]);
  });

  it("does not fall into the avatar's cell", () => {
    expect(fall("avatar", { kind: "crate" }, "down").rows).toEqual([".", "C", ".", "."]);
  });

  it("ignores an unknown direction", () => {
    expect(fall("stack", { kind: "crate" }, "sideways").events).toEqual([]);
  });

  it("runs as a rule effect during the cascade", () => {
    const session = new Session(pack, "avatar");
    const result = session.act({ action: "move", direction: "down" });
    expect(result.accepted).toBe(true);
    expect(result.events.map((e) => e.type)).toEqual([
      "avatar_exited",
      "avatar_entered",
      "object_settled",
      "turn_ended",
    ]);
    const objects = session.canonicalState().layers.objects;
    expect(objects?.map((row) => row[0])).toEqual([null, null, "crate", null]);
  });
});
