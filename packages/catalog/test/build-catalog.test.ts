import { join } from "node:path";
import { ENGINE_VERSION } from "@gridponder/schema";
import { afterAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { publishCatalog } from "../src/build/publish.ts";
import { copyLantern, copyPack, editJson, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

const LONG = { timeout: 300_000 };

describe("content hashes", LONG, () => {
  it("publishes the same files twice over, and respects Astro's base", async () => {
    const packs = await tempDir();
    await copyPack(packs, "lantern-cellar");
    const catalog = await getCatalog({ packsDir: packs });
    const one = await publishCatalog(catalog, await tempDir());
    const two = await publishCatalog(catalog, await tempDir());
    expect(two.files).toEqual(one.files);
    expect(two.bytes).toBe(one.bytes);
    const based = await getCatalog({ packsDir: packs, base: "/games" });
    expect(based.packs[0]?.packUrl).toBe(`/games${catalog.packs[0]?.packUrl}`);
    expect(based.packs[0]?.assetBase).toBe(`/games${catalog.packs[0]?.assetBase}`);
  });

  it("gives two packs with the same gameId their own slugs", async () => {
    const packs = await tempDir();
    await copyPack(packs, "a");
    await copyPack(packs, "b");
    await copyLantern(packs, "c");
    const catalog = await getCatalog({ packsDir: packs });
    expect(catalog.packs.map((p) => p.slug)).toEqual([
      "dev-gridponder-lantern-cellar",
      "dev-gridponder-lantern-cellar-2",
      "test-c",
    ]);
  });
});

describe("refusals", LONG, () => {
  async function refusal(packsDir: string): Promise<CatalogError> {
    const error = await getCatalog({ packsDir }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }

  it("refuses a pack with a broken level, naming the file and the JSON pointer", async () => {
    const packs = await tempDir();
    await copyPack(packs, "good");
    const broken = await copyLantern(packs, "broken");
    await editJson(join(broken, "levels/lc02_storeroom.json"), (level) => {
      const board = level.board as { layers: { objects: (string | null)[][] } };
      const row = board.layers.objects[1] as (string | null)[];
      row[1] = "rokc";
    });
    const error = await refusal(packs);
    expect(error.message).toContain("1 invalid pack");
    const found = error.diagnostics.find((d) => d.code === "unknown-kind");
    expect(found?.file).toBe(join(broken, "levels/lc02_storeroom.json"));
    expect(found?.pointer).toBe("/board/layers/objects/1/1");
    expect(found?.message).toContain('"rokc"');
  });

  it("leaves invalid packs out with a warning when asked to", async () => {
    const packs = await tempDir();
    await copyPack(packs, "good");
    const broken = await copyLantern(packs, "broken");
    await editJson(join(broken, "levels/lc02_storeroom.json"), (level) => {
      (level.board as { size: unknown }).size = "big";
    });
    const catalog = await getCatalog({ packsDir: packs, skipInvalid: true });
    expect(catalog.packs.map((p) => p.slug)).toEqual(["dev-gridponder-lantern-cellar"]);
    expect(catalog.warnings[0]).toMatchObject({ code: "pack-skipped", file: join(broken, "manifest.json") });
    expect(catalog.warnings.some((w) => w.file === join(broken, "levels/lc02_storeroom.json"))).toBe(true);
    expect(catalog.warnings.every((w) => w.severity === "warning")).toBe(true);
  });

  it("refuses a pack that needs a newer engine, naming both versions", async () => {
    const packs = await tempDir();
    const future = await copyPack(packs, "future");
    await editJson(join(future, "manifest.json"), (m) => {
      m.minEngineVersion = "99.1.0";
    });
    const error = await refusal(packs);
    const found = error.diagnostics.find((d) => d.pointer === "/minEngineVersion");
    expect(found?.file).toBe(join(future, "manifest.json"));
    expect(found?.message).toContain("99.1.0");
    expect(found?.message).toContain(ENGINE_VERSION);
  });

  it("refuses a sprite path that leaves the pack (../../etc/passwd)", async () => {
    const packs = await tempDir();
    const evil = await copyPack(packs, "evil");
    await editJson(join(evil, "game.json"), (game) => {
      const kinds = game.entityKinds as Record<string, { sprite: string | null }>;
      (kinds.wall as { sprite: string | null }).sprite = "../../etc/passwd";
    });
    const error = await refusal(packs);
    const found = error.diagnostics.find((d) => d.pointer === "/entityKinds/wall/sprite");
    expect(found?.file).toBe(join(evil, "game.json"));
    expect(found?.severity).toBe("error");
    expect(found?.message).toContain("../../etc/passwd");
  });

  it("refuses a pack whose gold path no longer wins", async () => {
    const packs = await tempDir();
    const pack = await copyPack(packs, "shortcut");
    await editJson(join(pack, "levels/lc01_bottom_step.json"), (level) => {
      (level.solution as { goldPath: unknown[] }).goldPath.splice(-1, 1);
    });
    const error = await refusal(packs);
    const found = error.diagnostics.find((d) => d.code === "gold-path");
    expect(found?.file).toBe(join(pack, "levels/lc01_bottom_step.json"));
    expect(found?.pointer).toBe("/solution/goldPath");
  });

  it("fails for a packs folder that does not exist", async () => {
    const error = await refusal(join(await tempDir(), "missing"));
    expect(error.message).toContain("no such folder of packs");
  });
});

describe("untrusted text in thumbnails", LONG, () => {
  it("escapes a hostile level title in the level's thumbnail", async () => {
    const packs = await tempDir();
    const pack = await copyPack(packs, "hostile");
    await editJson(join(pack, "levels/lc01_bottom_step.json"), (level) => {
      level.title = `<script>alert("x")</script>`;
    });
    const catalog = await getCatalog({ packsDir: packs });
    const level = catalog.packs[0]?.levels[0];
    expect(level?.title).toBe(`<script>alert("x")</script>`);
    expect(level?.thumbnailSvg).not.toMatch(/<script/i);
    expect(level?.thumbnailSvg).toContain("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>");
  });
});
