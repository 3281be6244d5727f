import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { CompiledPack } from "@gridponder/player";
import { compilePackForWeb } from "@gridponder/player/node";
import { validatePack } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { packFilesFromCompiled } from "../src/io/compiled-pack-files.js";
import { PACK_NAMES, packDir, readPack } from "./io-fixtures.js";

async function compiled(name: string): Promise<CompiledPack> {
  const result = await compilePackForWeb(packDir(name), { allowMissingCollections: true });
  if (!result.ok) throw new Error(`${name} did not compile`);
  // As a page gets it: pack.json fetched and parsed.
  return JSON.parse(JSON.stringify(result.compiled)) as CompiledPack;
}

const fromDisk = (name: string) => async (path: string) =>
  new Uint8Array(await readFile(join(packDir(name), path)));

/** A compiled pack with one level, built by hand for hostile cases. */
function handMade(packFiles: unknown[], levelIds = ["one"]): CompiledPack {
  const levels = Object.fromEntries(levelIds.map((id) => [id, { id, board: { format: "dense" } }]));
  return {
    format: "gridponder-pack@1",
    pack: { manifest: { title: "<script>x</script>" }, game: { levelSequence: [] }, levels },
    assets: { packFiles, collections: [{ id: "gridponder-base", files: ["wall.png"] }] },
  } as unknown as CompiledPack;
}

/** The layer forms (dense rows or sparse entries) of every level file given. */
function layerForms(files: Record<string, unknown>): Set<string> {
  const forms = new Set<string>();
  for (const [path, text] of Object.entries(files)) {
    if (!path.startsWith("levels/")) continue;
    const level = JSON.parse(text as string) as { board: { layers: Record<string, unknown> } };
    for (const layer of Object.values(level.board.layers))
      forms.add(Array.isArray(layer) ? "dense" : String((layer as { format?: unknown }).format));
  }
  return forms;
}

describe("packFilesFromCompiled", () => {
  const formsSeen = new Set<string>();

  it.each(PACK_NAMES)("gives back packs/%s as files that validate, levels as written", async (name) => {
    const source = await readPack(name);
    const files = await packFilesFromCompiled(await compiled(name), fromDisk(name));
    for (const form of layerForms(files)) formsSeen.add(form);
    expect(layerForms(files)).toEqual(layerForms(source));
    const check = validatePack(files, { implicitCollections: [] });
    expect(check.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(Object.keys(files).sort()).toEqual(Object.keys(source).sort());
    for (const [path, content] of Object.entries(source)) {
      const ours = files[path];
      if (typeof content === "string") {
        expect(ours).toMatch(/^\{\n {2}"[^\n]*\n[\s\S]*\}\n$/);
        // Dense and sparse layers, and every other value, as the source file had them.
        expect(JSON.parse(ours as string)).toEqual(JSON.parse(content));
      } else expect(ours).toEqual(content);
    }
  });

  it("met both dense and sparse layers in packs/", () => {
    expect([...formsSeen].sort()).toEqual(["dense", "sparse"]);
  });

  it("fetches only the pack's own images, never a path leaving the pack", async () => {
    const asked: string[] = [];
    const files = await packFilesFromCompiled(
      handMade([
        "assets/a.png",
        "./assets//b.svg",
        "../outside.png",
        "/etc/x.png",
        "C:/x.png",
        "https://evil.example/x.png",
        "assets\\c.png",
        "assets/notes.txt",
        "manifest.json",
        "levels/one.json",
        42,
      ]),
      async (path) => {
        asked.push(path);
        return new Uint8Array([1]);
      },
    );
    expect(asked).toEqual(["assets/a.png", "assets/b.svg"]);
    expect(Object.keys(files).sort()).toEqual([
      "assets/a.png",
      "assets/b.svg",
      "game.json",
      "levels/one.json",
      "manifest.json",
    ]);
    expect(files["manifest.json"]).toContain("<script>x</script>");
  });

  it("skips images that fail to fetch, and level ids that are not one file name", async () => {
    const files = await packFilesFromCompiled(
      handMade(["assets/missing.png", "assets/throws.png", "assets/fine.png"], ["one", "../escape", "a/b"]),
      async (path) => {
        if (path === "assets/throws.png") throw new Error("network");
        return path === "assets/fine.png" ? new Uint8Array([7]) : null;
      },
    );
    expect(Object.keys(files).sort()).toEqual([
      "assets/fine.png",
      "game.json",
      "levels/one.json",
      "manifest.json",
    ]);
  });

  it("drops manifest fields that point the game or levels away from the studio's layout", async () => {
    const pack = handMade([]);
    (pack.pack.manifest as unknown as Record<string, unknown>).gameFile = "rules/game.json";
    (pack.pack.manifest as unknown as Record<string, unknown>).levelDirectory = "stages";
    const files = await packFilesFromCompiled(pack, async () => null);
    expect(JSON.parse(files["manifest.json"] as string)).toEqual({ title: "<script>x</script>" });
  });
});
