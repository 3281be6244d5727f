import { cp, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CORPUS_PACKS, OWN_PACKS, packFolders, SEARCH_PATHS } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { openCompiledPack } from "../src/compiled-pack.js";
import { compilePackForWeb, writeCompiledPack } from "../src/node.js";
import { useTempDir } from "./helpers.js";

const temp = useTempDir("gridponder-compile-");

describe("compilePackForWeb", () => {
  it("compiles every corpus and repo pack, and the browser side opens each", async () => {
    const folders = packFolders();
    expect(folders.length).toBeGreaterThanOrEqual(14);
    for (const { name, dir } of folders) {
      const result = await compilePackForWeb(dir, {
        searchPaths: SEARCH_PATHS,
        allowMissingCollections: true,
      });
      if (!result.ok) throw new Error(`${name}: ${result.diagnostics.map((d) => d.message).join("; ")}`);
      expect(result.compiled.format).toBe("gridponder-pack@1");
      const reopened = openCompiledPack(JSON.parse(JSON.stringify(result.compiled)));
      expect(reopened.pack.levelOrder.length).toBe(Object.keys(result.compiled.pack.levels).length);
    }
  });

  it("publishes pack images at their pack path and shared ones under _shared/<collection>/", async () => {
    const result = await compilePackForWeb(join(CORPUS_PACKS, "number_cells"), { searchPaths: SEARCH_PATHS });
    if (!result.ok) throw new Error("number_cells did not compile");
    const { packFiles, collections } = result.compiled.assets;
    expect(packFiles.length).toBeGreaterThan(0);
    expect(packFiles.every((p) => /\.(png|jpe?g|gif|webp|avif|svg)$/.test(p))).toBe(true);
    expect(collections.map((c) => c.id)).toContain("gridponder-base");
    const base = collections.find((c) => c.id === "gridponder-base");
    const tos = result.files.map((f) => f.to);
    expect(tos).toContain(`_shared/gridponder-base/${base?.files[0]}`);
    for (const p of packFiles) expect(tos).toContain(p);

    const out = join(temp.path, "number_cells");
    const written = await writeCompiledPack(out, result);
    expect(written[0]).toBe("pack.json");
    const json = JSON.parse(await readFile(join(out, "pack.json"), "utf8"));
    expect(json.format).toBe("gridponder-pack@1");
    expect(Object.keys(json.pack.levels).length).toBe(11);
    for (const f of result.files) expect((await stat(join(out, f.to))).isFile()).toBe(true);
  });

  it("refuses a pack naming a missing shared collection unless told to tolerate it", async () => {
    const dir = join(CORPUS_PACKS, "box_builder");
    const strict = await compilePackForWeb(dir, { searchPaths: SEARCH_PATHS });
    expect(strict.ok).toBe(false);
    expect(strict.diagnostics.some((d) => d.code === "shared-assets" && d.severity === "error")).toBe(true);
    const lenient = await compilePackForWeb(dir, {
      searchPaths: SEARCH_PATHS,
      allowMissingCollections: true,
    });
    expect(lenient.ok).toBe(true);
    expect(lenient.diagnostics.some((d) => d.code === "shared-assets" && d.severity === "warning")).toBe(
      true,
    );
  });

  it("refuses a pack using a system type nothing registered", async () => {
    const dir = join(temp.path, "unsupported-system");
    await cp(join(CORPUS_PACKS, "fx_sliding_blocks"), dir, { recursive: true });
    const game = JSON.parse(await readFile(join(dir, "game.json"), "utf8"));
    game.systems.push({ id: "wells", type: "gravity_wells", config: {} });
    await writeFile(join(dir, "game.json"), JSON.stringify(game));
    const result = await compilePackForWeb(dir, { searchPaths: SEARCH_PATHS });
    expect(result.ok).toBe(false);
    const unsupported = result.diagnostics.filter((d) => d.severity === "error");
    expect(unsupported.map((d) => d.message).join("\n")).toContain('"gravity_wells"');
  });

  it("refuses an invalid pack with the schema's diagnostics", async () => {
    const dir = join(temp.path, "invalid");
    await cp(join(CORPUS_PACKS, "fx_sliding_blocks"), dir, { recursive: true });
    await writeFile(join(dir, "game.json"), "{ not json");
    const result = await compilePackForWeb(dir, { searchPaths: SEARCH_PATHS });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.some((d) => d.file === "game.json" && d.severity === "error")).toBe(true);
  });

  it("publishes only images, never other files of the pack folder", async () => {
    const dir = join(temp.path, "extra-files");
    await cp(join(CORPUS_PACKS, "rotate_flip"), dir, { recursive: true });
    await writeFile(join(dir, "notes.txt"), "private");
    await writeFile(join(dir, "assets-secret.env"), "KEY=1");
    const result = await compilePackForWeb(dir, { searchPaths: SEARCH_PATHS });
    if (!result.ok) throw new Error("rotate_flip copy did not compile");
    const tos = result.files.map((f) => f.to);
    expect(tos.some((t) => t.endsWith(".txt") || t.endsWith(".env") || t.endsWith(".json"))).toBe(false);
  });

  it("refuses to write a file outside the output folder", async () => {
    const result = await compilePackForWeb(join(CORPUS_PACKS, "fx_sliding_blocks"), {
      searchPaths: SEARCH_PATHS,
    });
    if (!result.ok) throw new Error("fx_sliding_blocks did not compile");
    const evil = [{ from: join(OWN_PACKS, "lantern-cellar", "manifest.json"), to: "../escape.png" }];
    await expect(writeCompiledPack(join(temp.path, "out-evil"), { ...result, files: evil })).rejects.toThrow(
      /refusing/,
    );
    const viaShared = [{ from: evil[0]?.from ?? "", to: "_shared/../../escape.png" }];
    await expect(
      writeCompiledPack(join(temp.path, "out-evil2"), { ...result, files: viaShared }),
    ).rejects.toThrow(/refusing/);
  });
});
