import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  isMatchManifestText,
  isMatchPackFolder,
  loadMatchPackFolder,
  readMatchPackFolder,
} from "../src/node.js";
import type { MatchValidationResult } from "../src/validate/validate-pack.js";

const PACKS = join(import.meta.dirname, "../../../packs");

function errors(result: MatchValidationResult): [string, string, string][] {
  return result.diagnostics.filter((d) => d.severity === "error").map((d) => [d.file, d.pointer, d.code]);
}

let root: string;
let pack: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "match-pack-"));
  pack = join(root, "pack");
  mkdirSync(pack);
  for (const file of ["manifest.json", "game.json"])
    copyFileSync(join(PACKS, "tic-tac-toe", file), join(pack, file));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function listLevels(...ids: string[]): void {
  const manifest = { format: "match", gameId: "tic-tac-toe", title: "T", version: "1.0.0", levels: ids };
  writeFileSync(join(pack, "manifest.json"), JSON.stringify(manifest));
}

describe("loadMatchPackFolder", () => {
  for (const name of ["tic-tac-toe", "chess", "checkers"])
    it(`reads and validates ${name}`, async () => {
      const result = await loadMatchPackFolder(join(PACKS, name));
      expect(result.diagnostics).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.game).toBeDefined();
    });

  it("reads theme.json and the levels", async () => {
    listLevels("one");
    mkdirSync(join(pack, "levels"));
    writeFileSync(join(pack, "levels/one.json"), JSON.stringify({ title: "One", setup: {} }));
    writeFileSync(join(pack, "levels/notes.txt"), "not a level");
    writeFileSync(join(pack, "theme.json"), JSON.stringify({ pieces: { mark: { glyphs: ["X", "O"] } } }));
    const result = await loadMatchPackFolder(pack);
    expect(result.diagnostics).toEqual([]);
    expect(Object.keys(result.levels ?? {})).toEqual(["one"]);
    expect(result.theme?.pieces?.mark?.glyphs).toEqual(["X", "O"]);
  });

  it("does not follow a symbolic link out of the folder", async () => {
    writeFileSync(join(root, "outside.json"), JSON.stringify({ pieces: {} }));
    symlinkSync(join(root, "outside.json"), join(pack, "theme.json"));
    const result = await loadMatchPackFolder(pack);
    expect(errors(result)).toEqual([["theme.json", "", "symlink"]]);
    expect(result.theme).toBeUndefined();
  });

  it("does not follow a symbolic link to a levels folder or a level file", async () => {
    listLevels("one");
    mkdirSync(join(root, "elsewhere"));
    writeFileSync(join(root, "elsewhere/one.json"), JSON.stringify({ title: "One" }));
    symlinkSync(join(root, "elsewhere"), join(pack, "levels"));
    expect(errors(await loadMatchPackFolder(pack))).toEqual([
      ["manifest.json", "/levels/0", "missing-level"],
      ["levels/", "", "symlink"],
    ]);
    rmSync(join(pack, "levels"));
    mkdirSync(join(pack, "levels"));
    symlinkSync(join(root, "elsewhere/one.json"), join(pack, "levels/one.json"));
    expect(errors(await loadMatchPackFolder(pack))).toEqual([["levels/one.json", "", "symlink"]]);
  });

  it("does not read a file over the size limit", async () => {
    truncateSync(join(pack, "game.json"), 5 * 1024 * 1024);
    const contents = await readMatchPackFolder(pack);
    expect(Object.keys(contents.files)).toEqual(["manifest.json"]);
    expect(contents.unread.map((u) => [u.path, u.code])).toEqual([["game.json", "file-too-large"]]);
    const result = await loadMatchPackFolder(pack);
    expect(errors(result)).toEqual([["game.json", "", "file-too-large"]]);
  });

  it("reports what is not a regular file", async () => {
    mkdirSync(join(pack, "theme.json"));
    expect(errors(await loadMatchPackFolder(pack))).toEqual([["theme.json", "", "file-unreadable"]]);
  });

  it("reports a folder that cannot be read, without throwing", async () => {
    const result = await loadMatchPackFolder(join(root, "nowhere"));
    expect(result.ok).toBe(false);
    expect(errors(result)).toEqual([["manifest.json", "", "missing-file"]]);
  });

  it("reports missing files", async () => {
    rmSync(join(pack, "game.json"));
    expect(errors(await loadMatchPackFolder(pack))).toEqual([["game.json", "", "missing-file"]]);
  });
});

describe("isMatchPackFolder", () => {
  it("tells the match packs of packs/ from its puzzle packs", async () => {
    for (const name of ["tic-tac-toe", "chess", "checkers", "eights"])
      expect(await isMatchPackFolder(join(PACKS, name)), name).toBe(true);
    expect(await isMatchPackFolder(join(PACKS, "lantern-cellar"))).toBe(false);
  });

  it("says no for a folder without a manifest, a manifest that does not parse, and a linked one", async () => {
    expect(await isMatchPackFolder(join(root, "nothing"))).toBe(false);
    writeFileSync(join(pack, "manifest.json"), '{ "format": "match", }');
    expect(await isMatchPackFolder(pack)).toBe(false);
    const other = join(root, "other");
    mkdirSync(other);
    symlinkSync(join(PACKS, "chess", "manifest.json"), join(other, "manifest.json"));
    expect(await isMatchPackFolder(other)).toBe(false);
  });

  it("reads a manifest's text: an object whose format is match, a byte order mark allowed", () => {
    expect(isMatchManifestText('\uFEFF{ "format": "match" }')).toBe(true);
    expect(isMatchManifestText('{ "format": "puzzle" }')).toBe(false);
    expect(isMatchManifestText('["match"]')).toBe(false);
    expect(isMatchManifestText("null")).toBe(false);
    expect(isMatchManifestText("")).toBe(false);
  });
});
