import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GameState, type LevelRuntime, Session, selectedPiece } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";
import { PACKS } from "./corpus.js";

describe("selectedPiece", () => {
  it("follows the actor individual_actors selects and moves, and is null before any selection", async () => {
    const loaded = await loadPackFolder(join(PACKS, "fx_individual_actors"));
    if (!loaded.ok) throw new Error("fx_individual_actors must load");
    const session = new Session(loaded.pack, "ia_001");
    const level: LevelRuntime = session.level;
    const at = (state: GameState) => selectedPiece(level, state);
    expect(at(session.state)).toBeNull();
    session.act({ action: "tap_cell", position: [0, 0] });
    expect(at(session.state)).toEqual({ at: [0, 0], kind: "red" });
    session.act({ action: "move", direction: "down" });
    expect(at(session.state)).toEqual({ at: [0, 1], kind: "red" });
    session.act({ action: "tap_cell", position: [3, 1] });
    expect(at(session.state)).toEqual({ at: [3, 1], kind: "blue" });
  });

  it("is null in a level whose systems select nothing", async () => {
    const loaded = await loadPackFolder(join(PACKS, "carrot_quest"));
    if (!loaded.ok) throw new Error("carrot_quest must load");
    const session = new Session(loaded.pack, loaded.pack.levelOrder[0] as string);
    expect(selectedPiece(session.level, session.state)).toBeNull();
  });
});
