import { existsSync, readdirSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { compilePack, Session } from "@gridponder/engine";
import { ENGINE_VERSION } from "@gridponder/schema";
import { isMatchPack, matchPackNames } from "@gridponder/test-corpus";
import { buildScene, createViewContext, type SpriteRef } from "@gridponder/view";
import { afterAll, describe, expect, it } from "vitest";
import { type Catalog, getCatalog } from "../src/build/catalog.ts";
import { publishCatalog } from "../src/build/publish.ts";
import { spriteUrl } from "../src/build/urls.ts";
import { CORPUS_PACKS, copyPack, editJson, OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

const LONG = { timeout: 300_000 };

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** The file a site URL names inside the output folder (URLs here start with the base `/`). */
function fileOf(outDir: string, url: string): string {
  return join(outDir, ...url.replace(/^\//, "").split("/").map(decodeURIComponent));
}

describe("getCatalog on the corpus and packs/", LONG, () => {
  let catalog: Catalog;
  const load = async () => {
    catalog ??= await getCatalog({ packsDir: [CORPUS_PACKS, OWN_PACKS] });
    return catalog;
  };

  it("loads every pack (not the shared collection) with its levels in play order", async () => {
    const { packs, engineVersion, tags } = await load();
    expect(engineVersion).toBe(ENGINE_VERSION);
    expect(packs.map((p) => p.manifest.gameId)).toContain("dev.gridponder.lantern-cellar");
    expect(packs.some((p) => p.manifest.gameId.includes("gridponder-base"))).toBe(false);
    // Every puzzle pack folder of both (a folder with a manifest.json), the shared collection aside;
    // the match packs of packs/ (board and card games) are the catalog's games.
    const folders = [CORPUS_PACKS, OWN_PACKS].flatMap((dir) =>
      readdirSync(dir).filter(
        (name) =>
          existsSync(join(dir, name, "manifest.json")) &&
          !name.includes("gridponder-base") &&
          !isMatchPack(join(dir, name)),
      ),
    );
    expect(folders.length).toBeGreaterThanOrEqual(21);
    expect(packs.length).toBe(folders.length);
    expect((await load()).matches.map((m) => m.slug)).toEqual(matchPackNames(OWN_PACKS));
    const levels = packs.reduce((n, p) => n + p.levels.length, 0);
    expect(levels).toBeGreaterThanOrEqual(110);
    expect(tags).toEqual([...new Set(packs.flatMap((p) => p.manifest.tags ?? []))].sort());
    expect(new Set(packs.map((p) => p.slug)).size).toBe(packs.length);
    for (const pack of packs) {
      expect(pack.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(pack.packUrl).toBe(`/_packs/${pack.slug}/pack.${pack.assetBase.split("/")[3]}.json`);
      expect(pack.assetBase).toMatch(new RegExp(`^/_packs/${pack.slug}/[0-9a-f]{12}/$`));
      expect(pack.levels.map((l) => l.index)).toEqual(pack.levels.map((_, i) => i));
      expect(new Set(pack.levels.map((l) => l.slug)).size).toBe(pack.levels.length);
      for (const level of pack.levels) {
        expect(level.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(level.thumbnailSvg).toMatch(/^<svg [^>]*role="img"><title>/);
        expect(level.goldLength).toBeGreaterThan(0);
        expect(level.optimum).toBeNull();
      }
    }
  });

  it("takes story screens from the level sequence, with hashed image URLs", async () => {
    const { packs } = await load();
    const lantern = packs.find((p) => p.manifest.gameId === "dev.gridponder.lantern-cellar");
    const game = JSON.parse(await readFile(join(OWN_PACKS, "lantern-cellar/game.json"), "utf8"));
    const sequence: { type: string; ref?: string; title?: string }[] = game.levelSequence;
    expect(lantern?.storyCount).toBe(sequence.filter((e) => e.type === "story").length);
    const first = lantern?.levels[0];
    expect(first?.id).toBe(sequence.find((e) => e.type === "level")?.ref);
    expect(first?.storiesBefore.map((s) => s.title)).toEqual([sequence[0]?.title]);
    // The sequence ends with a story screen: the ending comes after the last level.
    expect(sequence.at(-1)?.type).toBe("story");
    expect(lantern?.epilogue).toHaveLength(1);

    const twinseed = packs.find((p) => p.slug === "twinseed");
    expect(twinseed?.levels[0]?.storiesBefore[0]?.imageUrl).toBe(`${twinseed?.assetBase}assets/twinseed.png`);
    expect(twinseed?.coverUrl).toBe(`${twinseed?.assetBase}assets/twinseed.png`);
  });

  it("warns about a named shared collection that is missing instead of refusing the pack", async () => {
    const { packs } = await load();
    const boxBuilder = packs.find((p) => p.slug === "box-builder");
    expect(boxBuilder).toBeDefined();
    const warning = boxBuilder?.warnings.find((w) => w.code === "shared-assets");
    expect(warning?.severity).toBe("warning");
    expect(warning?.file).toBe("manifest.json");
    expect(warning?.message).toContain('"rabbit-character"');
  });

  it("publishes each pack's compiled JSON and every image a page can ask for, inside the output folder", async () => {
    const out = await tempDir("gridponder-build-out-");
    const result = await publishCatalog(await load(), out);
    expect(result.files.length).toBeGreaterThan(14);
    expect(result.bytes).toBeGreaterThan(0);
    // The packs' files; the studio's are checked in build-studio.test.ts.
    for (const path of result.files.filter((p) => !p.startsWith("studio/"))) {
      expect(path).toMatch(
        /^_packs\/[a-z0-9-]+\/((pack|match)\.[0-9a-f]{12}\.json|cover\.[0-9a-f]{12}\.\d+\.webp|[0-9a-f]{12}\/.+)$/,
      );
      expect(path.split("/")).not.toContain("..");
    }
    for (const pack of (await load()).packs) {
      const compiled = JSON.parse(await readFile(fileOf(out, pack.packUrl), "utf8"));
      expect(compiled.format).toBe("gridponder-pack@1");
      expect(compiled.pack.manifest.gameId).toBe(pack.manifest.gameId);
      if (pack.coverUrl) expect(existsSync(fileOf(out, pack.coverUrl)), pack.coverUrl).toBe(true);
      // A raster cover's WebP widths are published beside it.
      for (const candidate of pack.coverImage?.srcset.split(", ") ?? []) {
        const url = candidate.split(" ")[0] ?? "";
        expect(existsSync(fileOf(out, url)), url).toBe(true);
      }
      // Every sprite the view resolves from the published catalog is there, under the pack's asset base.
      const engine = compilePack(compiled.pack);
      const ctx = createViewContext(engine, compiled.assets);
      const refs: SpriteRef[] = [];
      for (const id of engine.levelOrder) {
        const session = new Session(engine, id);
        const scene = buildScene(ctx, session.level, session.state);
        for (const piece of scene.pieces) {
          if (piece.appearance.sprite) refs.push(piece.appearance.sprite);
          for (const s of piece.cellSprites ?? []) if (s) refs.push(s);
        }
        if (scene.avatar?.sprite) refs.push(scene.avatar.sprite);
      }
      for (const ref of refs)
        expect(existsSync(fileOf(out, spriteUrl(pack.assetBase, ref))), ref.path).toBe(true);
    }
  });

  it("publishes only the shared files a pack can draw, not whole collections", async () => {
    const out = await tempDir("gridponder-build-out-");
    const result = await publishCatalog(await load(), out);
    const collection = await listFiles(join(CORPUS_PACKS, "gridponder-base"));
    const shared = result.files.filter((f) => f.includes("/_shared/gridponder-base/"));
    expect(shared.length).toBeGreaterThan(0);
    // gridponder-base holds high-resolution illustrations that no pack draws.
    expect(collection.some((f) => f.includes("high_resolution"))).toBe(true);
    expect(shared.some((f) => f.includes("high_resolution"))).toBe(false);
    const perPack = new Map<string, number>();
    for (const f of shared) {
      const slug = f.split("/")[1] ?? "";
      perPack.set(slug, (perPack.get(slug) ?? 0) + 1);
    }
    expect(Math.max(...perPack.values())).toBeLessThan(collection.length);
  });
});

describe("content hashes", LONG, () => {
  it("are the same for the same content and change with a level or an image", async () => {
    const a = await tempDir();
    const b = await tempDir();
    const c = await tempDir();
    const d = await tempDir();
    await copyPack(a, "lantern-cellar");
    await copyPack(b, "lantern-cellar");
    const changedLevel = await copyPack(c, "lantern-cellar");
    await editJson(join(changedLevel, "levels/lc01_bottom_step.json"), (level) => {
      level.title = "A new title";
    });
    await copyPack(d, "carrot_quest", join(CORPUS_PACKS, "carrot_quest"));
    const urls = async (dir: string) => (await getCatalog({ packsDir: dir })).packs.map((p) => p.packUrl);
    const [first] = await urls(a);
    expect(first).toMatch(/^\/_packs\/dev-gridponder-lantern-cellar\/pack\.[0-9a-f]{12}\.json$/);
    expect(await urls(b)).toEqual([first]);
    expect((await urls(c))[0]).not.toBe(first);

    const e = await tempDir();
    const changedImage = await copyPack(e, "carrot_quest", join(CORPUS_PACKS, "carrot_quest"));
    const cover = join(changedImage, "assets/rabbit_reaching_for_carrot.png");
    const bytes = await readFile(cover);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await writeFile(cover, bytes);
    const [original] = await urls(d);
    const [edited] = await urls(e);
    expect(original).toMatch(/^\/_packs\/carrot-quest\/pack\.[0-9a-f]{12}\.json$/);
    expect(edited).not.toBe(original);
  });
});
