import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, useScratchDirs } from "./helpers.js";

const scratch = useScratchDirs();
const FIXTURES = join(import.meta.dirname, "../../import/fixtures");

describe("gridponder import", () => {
  it("writes a match pack that validates, with its report, and says what the source lacks", async () => {
    const out = join(await scratch(), "chess");
    const imported = await run(["import", "sdgdl", join(FIXTURES, "sdgdl/chess.json"), "--out", out]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain("a match pack that validates");
    expect(imported.stdout).toContain("lacks castling");
    expect((await readdir(out)).sort()).toEqual([
      "game.json",
      "import-report.md",
      "manifest.json",
      "theme.json",
    ]);
    const validated = await run(["validate", out]);
    expect(validated.stdout).toContain("valid match pack, 2 seats");
    expect(validated.code).toBe(0);
    // An earlier import's folder is brought up to date.
    expect((await run(["import", "sdgdl", join(FIXTURES, "sdgdl/checkers.json"), "--out", out])).code).toBe(
      0,
    );
    expect(JSON.parse(await readFile(join(out, "manifest.json"), "utf8")).title).toBe("Checkers");
  });

  it("refuses a source it cannot import faithfully: located errors, exit 2, nothing written", async () => {
    const dir = await scratch();
    const spec = JSON.parse(await readFile(join(FIXTURES, "sdgdl/chess.json"), "utf8"));
    spec.interactions.list.knight_move.conditions[1] = "eq(entity.rank, rank_of('knight'))";
    const source = join(dir, "broken.json");
    await writeFile(source, JSON.stringify(spec, null, 2));
    const out = join(dir, "out");
    const result = await run(["import", "sdgdl", source, "--out", out]);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain(
      "broken.json:/interactions/list/knight_move/conditions/1: error: unknown function rank_of(…)",
    );
    expect(result.stdout).toContain("nothing was written");
    await expect(readdir(out)).rejects.toThrow();
    const json = await run(["import", "sdgdl", source, "--out", out, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, diagnostics: [{ code: "unknown-function" }] });
  });

  it.each([
    ["sdgdl", "truncated.json", '{"metadata": {"name": "Chess"}, "players": {"roles": ['],
    ["sdgdl", "hex.json", JSON.stringify({ topology: { type: "discrete", structure: "hex_grid(11, 11)" } })],
    ["bagel", "truncated.json", '{"entities": [{"name": "mainGrid", "entityType": "Grid", "width": 3'],
    [
      "bagel",
      "unknown-move.json",
      JSON.stringify({
        entities: [{ name: "g", entityType: "Grid", width: 3, height: 3 }],
        numPlayers: 2,
        moves: { m: { moveType: "Teleport" } },
      }),
    ],
  ])("exits with 2 and writes nothing for a broken %s source (%s)", async (format, name, text) => {
    const dir = await scratch();
    const source = join(dir, name);
    await writeFile(source, text);
    const out = join(dir, "out");
    const result = await run(["import", format, source, "--out", out, "--json"]);
    expect(result.code).toBe(2);
    const report = JSON.parse(result.stdout);
    expect(report.ok).toBe(false);
    expect(report.diagnostics.length).toBeGreaterThan(0);
    for (const d of report.diagnostics) {
      expect(d.file).toBe(name);
      expect(typeof d.pointer).toBe("string");
      expect(d.line).toBeGreaterThan(0);
    }
    await expect(readdir(out)).rejects.toThrow();
  });

  it("never writes into a folder holding someone else's files", async () => {
    const out = await scratch();
    await writeFile(join(out, "notes.txt"), "mine");
    const result = await run(["import", "sdgdl", join(FIXTURES, "sdgdl/chess.json"), "--out", out]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("already holds files an import did not write");
    expect(await readdir(out)).toEqual(["notes.txt"]);
  });

  it("names the formats it knows when given another", async () => {
    const result = await run([
      "import",
      "ludii",
      join(FIXTURES, "sdgdl/chess.json"),
      "--out",
      await scratch(),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown source format "ludii"; expected sdgdl/);
  });
});
