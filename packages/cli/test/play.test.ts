import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/index.js";
import { MAX_KEPT_MOVES } from "../src/play/level-play.js";

import { arrowKeys, LANTERN_CELLAR, run, tempDir, terminalIo } from "./helpers.js";

type Step = string | { action: string; direction?: string };

async function goldMoves(pack: string, level: string): Promise<string[]> {
  const def = JSON.parse(await readFile(join(pack, "levels", `${level}.json`), "utf8"));
  return def.solution.goldPath.map((s: Step) => (typeof s === "string" ? s : (s.direction ?? s.action)));
}

const frames = (stdout: string) => stdout.split("\n\n");

describe("gridponder play (keys from a stream)", () => {
  it("plays a gold path with the arrow keys and reports the win", async () => {
    const keys = arrowKeys(await goldMoves(LANTERN_CELLAR, "lc02_storeroom"));
    const { code, stdout } = await run(["play", LANTERN_CELLAR, "lc02_storeroom"], { stdin: keys });
    expect(code).toBe(0);
    expect(stdout).toContain("Lantern Cellar · Level 2/8 · The Storeroom");
    expect(stdout).toContain("Level solved in 12 moves!");
    expect(stdout).toContain("[x] Reach the lantern to light it  100%");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("Bye! 1 of 8 levels solved.");
  });

  it("moves with WASD too, and shows the next level after a win", async () => {
    const wasd = { up: "w", down: "s", left: "a", right: "d" } as Record<string, string>;
    const moves = await goldMoves(LANTERN_CELLAR, "lc01_bottom_step");
    const keys = `${moves.map((m) => wasd[m]).join("")}x`;
    const { stdout } = await run(["play", LANTERN_CELLAR, "lc01_bottom_step"], { stdin: keys });
    expect(stdout).toContain(`Level solved in ${moves.length} moves!`);
    expect(stdout).toContain("Press any key for the next level.");
    expect(stdout).toContain("Level 2/8 · The Storeroom");
  });

  it("starts with the game's first story screen, and any key continues", async () => {
    const { stdout } = await run(["play", LANTERN_CELLAR], { stdin: "x" });
    const shown = frames(stdout);
    expect(shown[0]).toBe("The Dark Below");
    expect(stdout).toContain("Press any key to continue (q quits).");
    expect(stdout).toContain("Level 1/8 · The Bottom Step");
  });

  it("gives hints up to each hint stop, then the whole solution", async () => {
    const { stdout } = await run(["play", LANTERN_CELLAR, "lc02_storeroom"], { stdin: "hhh" });
    expect(stdout).toContain("Hint: the first 5 of 12 moves of the solution were played");
    expect(stdout).toContain("Moves: 5");
    expect(stdout).toContain("Hint: the first 7 of 12 moves of the solution were played");
    expect(stdout).toContain("Level solved in 12 moves!");
  });

  it("undoes, resets and quits", async () => {
    const { stdout } = await run(["play", LANTERN_CELLAR, "lc02_storeroom"], {
      stdin: `${arrowKeys(["down", "down"])}uruq${arrowKeys(["down"])}`,
    });
    const shown = frames(stdout);
    expect(stdout).toContain("Undone");
    expect(stdout).toContain("Nothing to undo");
    expect(stdout).toContain("Level restarted");
    expect(shown.at(-2)).toBe("Bye! 0 of 8 levels solved.");
    // The move after q is never played.
    expect(stdout.match(/Moves: 2/g)).toHaveLength(1);
  });

  it("describes each turn as the view does, and redoes with Shift+U as the web player does", async () => {
    const { stdout } = await run(["play", LANTERN_CELLAR, "lc01_bottom_step"], { stdin: "duU" });
    expect(stdout).toContain("Moves: 1\nMoved right to column 2, row 1.");
    expect(stdout).toContain("Moves: 0\nUndone");
    expect(stdout).toContain("Moves: 1\nRedone");
  });

  it("counts down moves under max_actions and shows the loss", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const pack = join(dir, "starter");
      await run(["new", pack]);
      const { stdout } = await run(["play", pack, "into_place"], {
        stdin: arrowKeys(Array(12).fill("left")),
      });
      expect(stdout).toContain("Moves: 0 · Moves left: 12");
      expect(stdout).toContain("Moves: 12 · Moves left: 0");
      expect(stdout).toContain("Level lost (max_actions).");
    } finally {
      await cleanup();
    }
  });

  it("lists the valid level ids for an unknown level", async () => {
    const { code, stderr } = await run(["play", LANTERN_CELLAR, "nope"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      /^gridponder: unknown level "nope"; valid ids: lc01_bottom_step, lc02_storeroom, /,
    );
  });

  it("prints only a JSON summary with --json", async () => {
    const keys = arrowKeys(await goldMoves(LANTERN_CELLAR, "lc02_storeroom"));
    const { stdout } = await run(["play", LANTERN_CELLAR, "lc02_storeroom", "--json"], { stdin: keys });
    expect(JSON.parse(stdout)).toEqual({ solved: [{ level: "lc02_storeroom", moves: 12 }], finished: false });
  });
});

describe("gridponder play on the scaffold", () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ dir, cleanup } = await tempDir());
    await run(["new", join(dir, "starter")]);
  });
  afterAll(() => cleanup());

  it("plays through to the end of the game", async () => {
    const pack = join(dir, "starter");
    const first = await goldMoves(pack, "first_steps");
    const second = await goldMoves(pack, "into_place");
    const keys = `x${arrowKeys(first)}x${arrowKeys(second)}x`;
    const { stdout } = await run(["play", pack], { stdin: keys });
    expect(stdout).toContain("Level solved in 6 moves!");
    expect(stdout).toContain("Level solved in 5 moves!");
    expect(stdout).toContain("That was the last level. Press any key to finish.");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("The end. 2 of 2 levels solved. Thanks for playing!");
  });

  it("keeps at most 100,000 moves of a level for undo, so piped keys cannot fill the memory", async () => {
    // Walking right into the wall of first_steps is accepted every time (a blocked move waits), so
    // every key press adds a state to the undo history.
    const refused: string[] = [];
    let previous = "";
    let last = "";
    const stdout = {
      write: (text: string) => {
        if (text.includes("as many as a level keeps")) refused.push(text);
        previous = last;
        last = text;
        return true;
      },
    };
    const keys = `${"d".repeat(MAX_KEPT_MOVES + 5)}u`;
    const { code } = await run(["play", join(dir, "starter"), "first_steps"], { stdin: keys, stdout });
    expect(code).toBe(0);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toContain("100,000 moves are as many as a level keeps");
    expect(refused[0]).toContain("Moves: 100000");
    // Undo still works at the limit (the last write is the farewell, after the frame of the undo).
    expect(last).toContain("Bye!");
    expect(previous).toContain("Undone");
    expect(previous).toContain("Moves: 99999");
  });
});

describe("gridponder play wraps story text to the terminal's width", () => {
  it("breaks the story at spaces, each row as full as the next word allows", async () => {
    const game = JSON.parse(await readFile(join(LANTERN_CELLAR, "game.json"), "utf8"));
    const story: string = game.levelSequence[0].text;
    let stdout = "";
    const terminalOut = { write: (t: string) => (stdout += t), columns: 40 };
    // Keys piped in, the screen on a 40-column terminal.
    await run(["play", LANTERN_CELLAR], { stdin: "q", stdout: terminalOut });
    const [title, ...paragraphs] = stdout.slice(0, stdout.indexOf("Press any key")).trimEnd().split("\n\n");
    expect(title).toBe("The Dark Below");
    expect(paragraphs.map((rows) => rows.replaceAll("\n", " "))).toEqual(story.split("\n\n"));
    for (const rows of paragraphs.map((p) => p.split("\n"))) {
      rows.forEach((row, i) => {
        expect(row.length, row).toBeLessThanOrEqual(40);
        const next = rows[i + 1]?.split(" ")[0];
        if (next !== undefined) expect(row.length + 1 + next.length, `${row} | ${next}`).toBeGreaterThan(40);
      });
    }
  });

  it("counts wide characters as two columns and keeps control characters escaped", async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const pack = join(dir, "starter");
      await run(["new", pack]);
      const gameFile = join(pack, "game.json");
      const game = JSON.parse(await readFile(gameFile, "utf8"));
      game.levelSequence[0].title = "Start";
      game.levelSequence[0].text = "Wick \u001b[2J lights 漢字漢字漢字 ok 👨‍👩‍👧👨‍👩‍👧 ab";
      await writeFile(gameFile, JSON.stringify(game));
      const terminal = terminalIo("q", 14);
      expect(await main(["play", pack], terminal.io)).toBe(0);
      const firstFrame = terminal.output().split("\u001b[H\u001b[2J")[1] ?? "";
      const lines = firstFrame.split("\r\n");
      // Counted in UTF-16 units, "lights 漢字漢字漢字" (13) would share a row, and the two families (16) would not.
      expect(lines.slice(2, lines.indexOf("", 2))).toEqual([
        "Wick \\u001b[2J",
        "lights",
        "漢字漢字漢字",
        "ok 👨‍👩‍👧👨‍👩‍👧 ab",
      ]);
    } finally {
      await cleanup();
    }
  });
});
