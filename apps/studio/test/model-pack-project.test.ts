import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { GameDefinition, LevelDefinition } from "@gridponder/schema";
import { validatePack } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { paintCell } from "../src/model/level-edits.js";
import {
  addEntityKind,
  addLevel,
  createProject,
  kindUses,
  levelFiles,
  type PackProject,
  readGame,
  readJson,
  readText,
  removeEntityKind,
  removeLevel,
  renameLevelId,
  toPackFiles,
  withJson,
  withoutFile,
  withText,
} from "../src/model/pack-project.js";
import { expectEditError, PACKS_DIR } from "./model-fixtures.js";

function loadPack(name: string): PackProject {
  const files: [string, string | Uint8Array][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(PACKS_DIR, name, dir), { withFileTypes: true })) {
      const path = `${dir}${entry.name}`;
      if (entry.isDirectory()) walk(`${path}/`);
      else {
        const bytes = readFileSync(join(PACKS_DIR, name, path));
        files.push([path, path.endsWith(".json") ? bytes.toString("utf8") : new Uint8Array(bytes)]);
      }
    }
  };
  walk("");
  return createProject(files);
}

const crateKeep = loadPack("crate-keep");

describe("files", () => {
  it("loads a real pack that validates, and keeps binary assets binary", () => {
    expect(validatePack(toPackFiles(crateKeep)).ok).toBe(true);
    expect(
      readText(crateKeep, "assets/cover.svg") ?? readJson(crateKeep, "assets/cover.svg"),
    ).toBeUndefined();
    expect(crateKeep.files.get("assets/cover.svg")).toBeInstanceOf(Uint8Array);
  });

  it("refuses paths that leave the pack", () => {
    expectEditError(() => createProject({ "../evil.json": "{}" }), "bad_file", /climbs out/);
    expectEditError(() => createProject([["/etc/passwd", "x"]]), "bad_file", /absolute/);
    expectEditError(() => withText(crateKeep, "levels/../../x.json", "{}"), "bad_file", /climbs out/);
  });

  it("keeps raw text as typed, even when it does not parse, and shares untouched state", () => {
    const broken = withText(crateKeep, "levels/ck01_shoulder_to_it.json", '{"id": "ck01_shoulder_to_it",');
    expect(readText(broken, "levels/ck01_shoulder_to_it.json")).toBe('{"id": "ck01_shoulder_to_it",');
    expect(readJson(broken, "levels/ck01_shoulder_to_it.json")).toMatchObject({ ok: false, line: 1 });
    expect(readText(crateKeep, "levels/ck01_shoulder_to_it.json")).toContain("Shoulder to It");
    expect(withText(crateKeep, "game.json", readText(crateKeep, "game.json") ?? "")).toBe(crateKeep);
    expect(withoutFile(crateKeep, "nope.json")).toBe(crateKeep);
  });

  it("writes JSON with the pack formatter and reads it back", () => {
    const parsed = readJson(crateKeep, "levels/ck01_shoulder_to_it.json");
    if (!parsed?.ok) throw new Error("ck01 does not parse");
    const level = parsed.value as unknown as LevelDefinition;
    const game = readGame(crateKeep);
    const painted = paintCell(level, game, 3, 1, "wall").level;
    const next = withJson(crateKeep, "levels/ck01_shoulder_to_it.json", painted as never);
    expect(readJson(next, "levels/ck01_shoulder_to_it.json")).toEqual({ ok: true, value: painted });
    expect(readText(next, "levels/ck01_shoulder_to_it.json")).toContain(
      '\n        ["wall", null, null, "wall", null, null, "wall"],\n',
    );
    expect(validatePack(toPackFiles(next)).ok).toBe(true);
  });
});

describe("levelFiles", () => {
  it("lists levels in levelSequence order, by their own ids", () => {
    const game = JSON.parse(readText(crateKeep, "game.json") ?? "") as GameDefinition;
    const refs = game.levelSequence.flatMap((e) => (e.type === "level" ? [e.ref] : []));
    const files = levelFiles(crateKeep);
    expect([...files.keys()]).toEqual(refs);
    expect(files.get("ck01_shoulder_to_it")).toBe("levels/ck01_shoulder_to_it.json");
  });

  it("lists levels outside the sequence after it, and broken files by their names", () => {
    let project = withText(crateKeep, "levels/zz_draft.json", "{ not json");
    project = withText(project, "levels/aa_extra.json", '{"id": "extra"}');
    project = withText(project, "levels/nested/skip.json", "{}");
    const ids = [...levelFiles(project).keys()];
    expect(ids.slice(-2)).toEqual(["extra", "zz_draft"]);
    expect(ids).not.toContain("skip");
  });

  it("keeps a __proto__ id an ordinary key", () => {
    const project = withText(crateKeep, "levels/weird.json", '{"id": "__proto__"}');
    expect(levelFiles(project).get("__proto__")).toBe("levels/weird.json");
  });
});

describe("levels", () => {
  it("adds a valid empty level with the first level's goal, appended to levelSequence", () => {
    const { project, path, level } = addLevel(crateKeep, "ck11_new", [6, 4]);
    expect(path).toBe("levels/ck11_new.json");
    expect(level.board).toEqual({ size: [6, 4], layers: {} });
    expect(level.state.avatar?.position).toEqual([0, 0]);
    expect(level.goals[0]?.type).toBe("param_match");
    expect([...levelFiles(project).keys()].at(-1)).toBe("ck11_new");
    const result = validatePack(toPackFiles(project));
    // The gold path is empty, so only solution diagnostics may remain.
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    expect(
      errors.every((d) => d.file === path && d.pointer.startsWith("/solution")),
      JSON.stringify(errors),
    ).toBe(true);
    // the rest of game.json is as the author wrote it
    const before = readText(crateKeep, "game.json") ?? "";
    const after = readText(project, "game.json") ?? "";
    expect(after.slice(0, before.indexOf('"levelSequence"'))).toBe(
      before.slice(0, before.indexOf('"levelSequence"')),
    );
  });

  it("adds a reach_target goal when no level exists, and no avatar when the game has none", () => {
    const foundry = loadPack("foundry-numbers");
    let empty = foundry;
    for (const id of levelFiles(foundry).keys()) empty = removeLevel(empty, id);
    expect(levelFiles(empty).size).toBe(0);
    expect(readGame(empty).levelSequence.filter((e) => e.type === "level")).toEqual([]);
    const { level } = addLevel(empty, "first", [3, 3]);
    expect(level.goals[0]).toMatchObject({ type: "reach_target" });
    expect(level.state).toEqual({});
  });

  it("refuses bad ids, taken ids and bad sizes", () => {
    expectEditError(() => addLevel(crateKeep, "ck01_shoulder_to_it", [3, 3]), "duplicate_id", /already/);
    expectEditError(() => addLevel(crateKeep, "../escape", [3, 3]), "bad_id", /letters/);
    expectEditError(() => addLevel(crateKeep, "<script>", [3, 3]), "bad_id", /letters/);
    expectEditError(() => addLevel(crateKeep, "__proto__", [3, 3]), "bad_id", /letters/);
    expectEditError(() => addLevel(crateKeep, "x".repeat(65), [3, 3]), "bad_id", /64/);
    expectEditError(() => addLevel(crateKeep, "ok", [0, 3]), "bad_size", /1 to 256/);
    expectEditError(() => addLevel(crateKeep, "ok", [3, 1e6]), "bad_size", /256/);
  });

  it("removes a level and its sequence entry", () => {
    const project = removeLevel(crateKeep, "ck02_carry_it_home");
    expect(project.files.has("levels/ck02_carry_it_home.json")).toBe(false);
    expect(levelFiles(project).has("ck02_carry_it_home")).toBe(false);
    expect(JSON.stringify(readGame(project).levelSequence)).not.toContain("ck02_carry_it_home");
    expect(validatePack(toPackFiles(project)).ok).toBe(true);
    expectEditError(() => removeLevel(crateKeep, "nope"), "not_found", /nope/);
  });

  it("renames a level's id, file and sequence entry, keeping the file's text otherwise", () => {
    const project = renameLevelId(crateKeep, "ck01_shoulder_to_it", "ck01_push");
    expect(project.files.has("levels/ck01_shoulder_to_it.json")).toBe(false);
    const text = readText(project, "levels/ck01_push.json") ?? "";
    expect(text).toContain('"id": "ck01_push"');
    expect(text.replace('"ck01_push"', '"ck01_shoulder_to_it"')).toBe(
      readText(crateKeep, "levels/ck01_shoulder_to_it.json"),
    );
    expect([...levelFiles(project).keys()][0]).toBe("ck01_push");
    expect(validatePack(toPackFiles(project)).ok).toBe(true);
    expectEditError(
      () => renameLevelId(crateKeep, "ck01_shoulder_to_it", "ck02_carry_it_home"),
      "duplicate_id",
      /already/,
    );
    expect(renameLevelId(crateKeep, "ck01_shoulder_to_it", "ck01_shoulder_to_it")).toBe(crateKeep);
  });

  it("refuses multi-file edits while game.json does not parse", () => {
    const broken = withText(crateKeep, "game.json", '{"layers": [');
    expectEditError(() => addLevel(broken, "x", [3, 3]), "bad_file", /game\.json does not parse \(line 1/);
    expect([...levelFiles(broken).keys()]).toHaveLength(10);
  });
});

describe("entity kinds", () => {
  const barrel = { layer: "objects", tags: ["solid"], symbol: "%" };

  it("adds a kind on a declared layer and removes an unused one", () => {
    const added = addEntityKind(crateKeep, "barrel", barrel);
    expect(readGame(added).entityKinds.barrel).toEqual(barrel);
    expect(validatePack(toPackFiles(added)).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const removed = removeEntityKind(added, "barrel");
    expect(readGame(removed).entityKinds).toEqual(readGame(crateKeep).entityKinds);
    expect(readText(removed, "game.json")).toBe(readText(crateKeep, "game.json"));
  });

  it("refuses duplicates, unknown layers and reserved names", () => {
    expectEditError(() => addEntityKind(crateKeep, "wall", barrel), "duplicate_id", /wall/);
    expectEditError(
      () => addEntityKind(crateKeep, "barrel", { ...barrel, layer: "sky" }),
      "unknown_layer",
      /sky/,
    );
    expectEditError(() => addEntityKind(crateKeep, "__proto__", barrel), "bad_id", /__proto__/);
    expectEditError(() => removeEntityKind(crateKeep, "toString"), "not_found", /toString/);
  });

  it("refuses removing a kind still used, saying where", () => {
    expectEditError(
      () => removeEntityKind(crateKeep, "dock"),
      "in_use",
      /levels\/ck01_shoulder_to_it\.json: layer marks at \(5, 3\)/,
    );
    expectEditError(
      () => removeEntityKind(crateKeep, "flagstone"),
      "in_use",
      /game\.json: default of layer ground/,
    );
    const foundry = loadPack("foundry-numbers");
    expect(kindUses(foundry, "spout").some((u) => u.where.startsWith("multi-cell object spout"))).toBe(true);
    expect(
      kindUses(foundry, "ingot", 1000).some((u) =>
        /target of goal mould on layer objects at \(2, 1\)/.test(u.where),
      ),
    ).toBe(true);
  });
});
