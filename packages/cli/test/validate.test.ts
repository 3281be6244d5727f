import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  copyBrokenFixture,
  editedCopy,
  LANTERN_CELLAR,
  REPO,
  run,
  STACK_FRAME,
  useScratchDirs,
} from "./helpers.js";

const scratch = useScratchDirs();

describe("gridponder validate", () => {
  it("accepts lantern-cellar: valid, every gold path wins", async () => {
    const { code, stdout, stderr } = await run(["validate", LANTERN_CELLAR]);
    expect(stderr).toBe("");
    expect(stdout).toContain("valid, 8 levels, every gold path wins");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("1 pack, 0 errors, 0 warnings");
    expect(code).toBe(0);
  });

  it("finds the packs inside a folder of packs", async () => {
    const { code, stdout } = await run(["validate", join(REPO, "packs")]);
    expect(stdout).toContain("lantern-cellar: valid");
    expect(code).toBe(0);
  });

  it("reports a broken pack like a compiler and exits 2 without a stack trace", async () => {
    const dir = await scratch();
    const pack = await copyBrokenFixture("dense-unknown-kind", dir);
    const { code, stdout, stderr } = await run(["validate", pack]);
    expect(code).toBe(2);
    expect(stdout).toContain(
      `${join(pack, "levels/l1.json")}:/board/layers/objects/2/3: error: unknown entity kind`,
    );
    expect(stdout).toContain("invalid");
    expect(stdout).toMatch(/1 pack, 1 error, \d+ warnings?\n$/);
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
  });

  it("counts every broken pack of a folder and still exits 2", async () => {
    const dir = await scratch();
    await copyBrokenFixture("game-json-truncated", dir);
    await copyBrokenFixture("manifest-missing", dir);
    const { code, stdout } = await run(["validate", dir]);
    expect(code).toBe(2);
    expect(stdout).toContain("invalid JSON");
  });

  it("exits 1 when a valid pack's gold path does not win", async () => {
    const dir = await scratch();
    const pack = join(dir, "shortcut");
    await run(["new", pack]);
    const level = join(pack, "levels/first_steps.json");
    const def = JSON.parse(await readFile(level, "utf8"));
    def.solution = { goldPath: ["right", "right"] };
    await writeFile(level, JSON.stringify(def));
    const { code, stdout } = await run(["validate", pack]);
    expect(stdout).toContain(
      `${join(pack, "levels/first_steps.json")}:/solution/goldPath: failure: the gold path ends after 2 actions without winning`,
    );
    expect(stdout).toContain("valid, but 1 of 2 gold paths does not win");
    expect(stdout).toContain("1 failing gold path");
    expect(code).toBe(1);
  });

  it("points a gold path broken by a misspelt system config field at its first step that changes nothing", async () => {
    // Without solidHandling "delegate" Wick walks into a crate instead of pushing it: the move is
    // accepted and changes nothing. The misspelt field itself stays a warning, as every unknown field is.
    const pack = await editedCopy(await scratch(), LANTERN_CELLAR, "game.json", (text) =>
      text.replace('"solidHandling"', '"solidHandlin"'),
    );
    const level = join(pack, "levels/lc02_storeroom.json");
    const { code, stdout } = await run(["validate", pack]);
    expect(stdout).toContain(
      `${join(pack, "game.json")}:/systems/0/config/solidHandlin: warning: unknown field "solidHandlin" (did you mean "solidHandling"?)`,
    );
    expect(stdout).toContain(
      `${level}:/solution/goldPath/6: failure: the gold path does not win; step 7 (move up) changes nothing\n`,
    );
    expect(stdout).toContain("1 pack, 0 errors, 1 warning, 7 failing gold paths");
    expect(code).toBe(1);

    const report = JSON.parse((await run(["validate", pack, "--json"])).stdout);
    expect(report.packs[0].goldPaths).toContainEqual({
      level: "lc02_storeroom",
      won: false,
      actions: 12,
      step: 6,
      action: "move up",
      problem: "the gold path does not win; step 7 (move up) changes nothing",
      file: "levels/lc02_storeroom.json",
      pointer: "/solution/goldPath/6",
    });
  });

  it("counts the level files of an invalid pack in --json, the unreadable one included", async () => {
    const dir = await scratch();
    const pack = await copyBrokenFixture("level-json-trailing-comma", dir);
    const { code, stdout } = await run(["validate", pack, "--json"]);
    const report = JSON.parse(stdout);
    expect(report.packs[0]).toMatchObject({ valid: false, levels: 2, errors: 1, goldPaths: [] });
    expect(report.summary).toMatchObject({ packs: 1, levels: 2, errors: 1, failingGoldPaths: 0 });
    expect(code).toBe(2);
  });

  it("refuses a system type nothing registered, naming it, as play, trace and solve do", async () => {
    // Neither the DSL nor a --plugin module defines gravity_wells: every command must find the pack
    // invalid, with the same diagnostic.
    const dir = await scratch();
    const pack = join(dir, "wells");
    await run(["new", pack]);
    const gameFile = join(pack, "game.json");
    const game = JSON.parse(await readFile(gameFile, "utf8"));
    const index = game.systems.length;
    game.systems.push({ id: "wells", type: "gravity_wells" });
    await writeFile(gameFile, JSON.stringify(game, null, 2));
    const diagnostic = `${gameFile}:/systems/${index}/type: error: unknown value "gravity_wells"`;

    const validated = await run(["validate", pack]);
    expect(validated.stdout).toContain(diagnostic);
    expect(validated.stdout).toContain(`${pack}: invalid`);
    expect(validated.stdout).toMatch(/1 pack, 1 error, \d+ warnings?\n$/);
    expect(validated.code).toBe(2);

    const json = await run(["validate", pack, "--json"]);
    const report = JSON.parse(json.stdout);
    expect(report.packs[0]).toMatchObject({ valid: false, errors: 1, goldPaths: [] });
    expect(report.packs[0].diagnostics).toContainEqual(
      expect.objectContaining({ file: gameFile, pointer: `/systems/${index}/type`, severity: "error" }),
    );
    expect(json.code).toBe(2);

    for (const command of [
      ["trace", pack, "first_steps", "right"],
      ["play", pack],
      ["solve", pack],
    ]) {
      const refused = await run(command);
      expect(refused.stderr).toContain(diagnostic);
      expect(refused.code).toBe(2);
    }
  });

  it("prints only JSON on stdout with --json", async () => {
    const { code, stdout } = await run(["validate", LANTERN_CELLAR, "--json"]);
    const report = JSON.parse(stdout);
    expect(code).toBe(0);
    expect(report.summary).toEqual({ packs: 1, levels: 8, errors: 0, warnings: 0, failingGoldPaths: 0 });
    expect(report.packs[0].goldPaths).toHaveLength(8);
    expect(report.packs[0].goldPaths.every((g: { won: boolean }) => g.won)).toBe(true);
  });

  it("exits 2 for a missing path, before validating anything", async () => {
    const { code, stdout, stderr } = await run(["validate", LANTERN_CELLAR, "/no/such/pack"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe("gridponder: no such folder: /no/such/pack\n");
  });

  it("exits 2 for a folder without packs", async () => {
    const dir = await scratch();
    expect(await readdir(dir)).toEqual([]);
    const { code, stderr } = await run(["validate", dir]);
    expect(code).toBe(2);
    expect(stderr).toContain("no pack found");
  });
});

describe("gridponder validate: match packs", () => {
  /** A folder holding a puzzle pack and two match packs (board games) of the repository. */
  async function mixedFolder(): Promise<string> {
    const dir = await scratch();
    for (const name of ["lantern-cellar", "tic-tac-toe", "eights"])
      await cp(join(REPO, "packs", name), join(dir, name), { recursive: true });
    return dir;
  }

  it("validates the puzzle packs and the match packs of one folder, each with its own validator", async () => {
    const dir = await mixedFolder();
    const { code, stdout, stderr } = await run(["validate", dir]);
    expect(stderr).toBe("");
    expect(stdout).toContain(`${join(dir, "lantern-cellar")}: valid, 8 levels, every gold path wins\n`);
    expect(stdout).toContain(`${join(dir, "tic-tac-toe")}: valid match pack, 2 seats\n`);
    expect(stdout).toContain(`${join(dir, "eights")}: valid match pack, 2 to 5 seats\n`);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("3 packs, 0 errors, 0 warnings");
    expect(code).toBe(0);

    const report = JSON.parse((await run(["validate", dir, "--json"])).stdout);
    expect(report.packs.map((p: { path: string; format: string }) => [p.path, p.format])).toEqual([
      [join(dir, "eights"), "match"],
      [join(dir, "lantern-cellar"), "puzzle"],
      [join(dir, "tic-tac-toe"), "match"],
    ]);
    expect(report.packs[2]).toMatchObject({
      valid: true,
      errors: 0,
      seats: { min: 2, max: 2 },
      goldPaths: [],
    });
    expect(report.summary).toMatchObject({ packs: 3, errors: 0, failingGoldPaths: 0 });
  });

  it("validates the repository's packs/, puzzle packs and match packs alike", async () => {
    const { code, stdout } = await run(["validate", join(REPO, "packs")]);
    expect(stdout).toContain("lantern-cellar: valid, 8 levels");
    for (const game of ["checkers", "chess", "eights", "tic-tac-toe"])
      expect(stdout).toContain(`${join(REPO, "packs", game)}: valid match pack`);
    expect(code).toBe(0);
  });

  it("reports a broken match pack like a compiler: file, JSON pointer, message, line; exit 2", async () => {
    const dir = await mixedFolder();
    const game = join(dir, "tic-tac-toe", "game.json");
    await writeFile(game, (await readFile(game, "utf8")).replace('"type": "mark"', '"type": "marc"'));
    const { code, stdout, stderr } = await run(["validate", dir]);
    expect(stderr).toBe("");
    expect(stdout).toContain(
      `${game}:/moves/0/do/0/place/type: error: no piece type "marc"; expected one of "mark"\n  at line 15, column 27\n  hint: did you mean "mark"?\n`,
    );
    expect(stdout).toContain(`${join(dir, "tic-tac-toe")}: invalid match pack\n`);
    expect(stdout).toContain(`${join(dir, "lantern-cellar")}: valid, 8 levels, every gold path wins`);
    expect(stdout).toMatch(/3 packs, 1 error, 0 warnings\n$/);
    expect(`${stdout}${stderr}`).not.toMatch(STACK_FRAME);
    expect(code).toBe(2);

    const report = JSON.parse((await run(["validate", join(dir, "tic-tac-toe"), "--json"])).stdout);
    expect(report.packs[0]).toMatchObject({ format: "match", valid: false, errors: 1 });
    expect(report.packs[0].diagnostics).toContainEqual(
      expect.objectContaining({ file: game, pointer: "/moves/0/do/0/place/type", severity: "error" }),
    );
  });

  it("reports a match pack whose manifest lacks a field", async () => {
    const dir = await scratch();
    const pack = join(dir, "chess");
    await cp(join(REPO, "packs", "chess"), pack, { recursive: true });
    const manifest = join(pack, "manifest.json");
    const { version: _, ...rest } = JSON.parse(await readFile(manifest, "utf8"));
    await writeFile(manifest, JSON.stringify(rest, null, 2));
    const { code, stdout } = await run(["validate", pack]);
    expect(stdout).toContain(`${manifest}: error: missing required field "version"\n  at line 1, column 1\n`);
    expect(stdout).toContain(`${pack}: invalid match pack\n`);
    expect(stdout).toMatch(/1 pack, 1 error, 0 warnings\n$/);
    expect(code).toBe(2);
  });

  it("leaves the match packs of a folder to validate and build: solve takes its puzzle packs only", async () => {
    const dir = await mixedFolder();
    const solved = await run(["solve", dir, "--json"]);
    expect(solved.stderr).toBe("");
    expect(solved.code).toBe(0);
    expect(JSON.stringify(JSON.parse(solved.stdout))).not.toContain("tic-tac-toe");

    const refused = await run(["solve", join(dir, "tic-tac-toe")]);
    expect(refused.stderr).toBe(
      `gridponder: ${join(dir, "tic-tac-toe")} is a match pack (a board or card game), not a puzzle pack: gridponder validate checks it and gridponder build publishes it\n`,
    );
    expect(refused.code).toBe(2);
  });
});
