import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { arrowKeys, CONFORMANCE, run } from "./helpers.js";

describe("gridponder play (keys from a stream)", () => {
  it("gives the game's other actions digit keys", async () => {
    const pack = join(CONFORMANCE, "packs/flood_colors");
    const { stdout } = await run(["play", pack, "fl_001"], { stdin: "1" });
    // Labelled as the view names them (the web player's buttons and keyboard help).
    expect(stdout).toContain("1 Flood red · 2 Flood blue · 3 Flood yellow");
    expect(stdout).toContain("Moves: 1 · Moves left: 4");
  });

  it("plays the pack's own key bindings, as the web player does", async () => {
    const pack = join(CONFORMANCE, "packs/flood_colors");
    const { stdout } = await run(["play", pack, "fl_001"], { stdin: "r" });
    expect(stdout).toContain("R: Flood red");
    expect(stdout).toContain("Moves: 1 · Moves left: 4");
  });

  it("plays position actions at a cursor", async () => {
    const pack = join(CONFORMANCE, "packs/fx_individual_actors");
    // Gold path: tap [0,0], down, right, up, tap [3,1], up, left, down. The cursor starts at [0,0].
    const keys = ` ${arrowKeys(["down", "right", "up"])}t${arrowKeys(["right", "right", "right", "down"])} t${arrowKeys(["up", "left", "down"])}`;
    const { stdout } = await run(["play", pack, "ia_001"], { stdin: keys });
    expect(stdout).toContain("t cursor mode (on: arrows move the cursor)");
    expect(stdout).toMatch(/Level solved in \d+ moves!/);
  });
  it("wraps a level's guide too", async () => {
    const pack = join(CONFORMANCE, "packs/number_cells");
    let stdout = "";
    const terminalOut = { write: (t: string) => (stdout += t), columns: 30 };
    await run(["play", pack, "nc_001"], { stdin: "q", stdout: terminalOut });
    const guide = stdout.split("\n\n")[0]?.split("\n").slice(1);
    expect(guide).toEqual([
      "Swipe to slide all numbers in",
      "that direction. When two",
      "numbers collide, they merge",
      "into their sum.",
    ]);
  });
});
