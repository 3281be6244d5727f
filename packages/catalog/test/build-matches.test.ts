/**
 * Match packs (board and card games) in a catalog, without a browser: found beside the puzzle packs,
 * validated with the match validator (an invalid one refused or skipped like an invalid puzzle pack),
 * published as one content-hashed file, listed with their positions and previews.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { MATCH_PACK_FORMAT } from "@gridponder/player/match";
import { afterAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { publishCatalog } from "../src/build/publish.ts";
import { copyPack, editJson, OWN_PACKS, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

const LONG = { timeout: 300_000 };

/** lantern-cellar and tic-tac-toe side by side, in a new folder. */
async function mixedFolder(): Promise<string> {
  const packs = await tempDir();
  await copyPack(packs, "lantern-cellar");
  await copyPack(packs, "tic-tac-toe", join(OWN_PACKS, "tic-tac-toe"));
  return packs;
}

describe("the catalog of packs/", LONG, () => {
  it("lists its four board and card games beside the puzzle packs", async () => {
    const catalog = await getCatalog({ packsDir: OWN_PACKS, studio: false });
    expect(catalog.packs.length).toBe(8);
    expect(catalog.packs.map((p) => p.slug)).toContain("dev-gridponder-lantern-cellar");
    expect(catalog.matches.map((m) => [m.slug, m.manifest.title])).toEqual([
      ["checkers", "Checkers"],
      ["chess", "Chess"],
      ["eights", "Eights"],
      ["tic-tac-toe", "Tic-tac-toe"],
    ]);
    const bySlug = new Map(catalog.matches.map((m) => [m.slug, m]));
    expect(bySlug.get("chess")?.seats).toEqual({ min: 2, max: 2, names: ["White", "Black"] });
    expect(bySlug.get("eights")?.seats).toMatchObject({ min: 2, max: 5 });
    expect(catalog.matches.filter((m) => m.hidesInformation).map((m) => m.slug)).toEqual(["eights"]);
    for (const match of catalog.matches) {
      expect(match.fileUrl).toMatch(new RegExp(`^/_packs/${match.slug}/match\\.[0-9a-f]{12}\\.json$`));
      expect(match.positions[0]).toMatchObject({ id: null, slug: "play", title: "Standard game" });
      expect(match.positions[0]?.previewSvg).toMatch(/^<svg [^>]*role="img"><title>/);
      expect(match.warnings).toEqual([]);
    }
    // The board games are drawn as boards (a square per cell); Eights, which has none, as its table.
    expect(bySlug.get("chess")?.positions[0]?.previewSvg.match(/h\d+v\d+h-\d+z/g)?.length).toBeGreaterThan(0);
    expect(bySlug.get("eights")?.positions[0]?.previewSvg).toContain("Discard pile (1)");
    // The puzzle packs' tags filter the puzzle packs: the games keep theirs.
    expect(catalog.tags).not.toContain("two players");
  });
});

describe("match packs in a catalog", LONG, () => {
  it("publishes a game as one content-hashed match pack file, without its $schema paths", async () => {
    const packs = await mixedFolder();
    const catalog = await getCatalog({ packsDir: packs, studio: false });
    expect(catalog.packs.map((p) => p.slug)).toEqual(["dev-gridponder-lantern-cellar"]);
    const [game] = catalog.matches;
    expect(game?.slug).toBe("tic-tac-toe");
    const out = await tempDir();
    const published = await publishCatalog(catalog, out);
    const path = (game?.fileUrl ?? "").slice(1);
    expect(published.files).toContain(path);
    const file = JSON.parse(await readFile(join(out, path), "utf8"));
    expect(file.format).toBe(MATCH_PACK_FORMAT);
    expect(file.manifest).toMatchObject({ format: "match", gameId: "tic-tac-toe", title: "Tic-tac-toe" });
    expect(file.game.board).toEqual({ width: 3, height: 3 });
    expect(file.levels).toEqual({});
    expect(JSON.stringify(file)).not.toContain("$schema");

    // A changed game gets a new URL; an unchanged one keeps it.
    const again = await getCatalog({ packsDir: packs, studio: false, base: "/x/" });
    expect(again.matches[0]?.fileUrl).toBe(`/x${game?.fileUrl}`);
    await editJson(join(packs, "tic-tac-toe", "manifest.json"), (m) => {
      m.version = "1.0.1";
    });
    const changed = await getCatalog({ packsDir: packs, studio: false, base: "/y/" });
    expect(changed.matches[0]?.fileUrl).not.toBe(`/y${game?.fileUrl}`);
  });

  it("lists a game's levels as positions after the standard game, with their seats and pictures", async () => {
    const packs = await mixedFolder();
    const dir = join(packs, "tic-tac-toe");
    await editJson(join(dir, "manifest.json"), (m) => {
      m.levels = ["play", "corner"];
    });
    await mkdir(join(dir, "levels"));
    const setup = { board: ["...", "...", "x.."], legend: { x: { type: "mark", owner: 0 } } };
    await writeFile(join(dir, "levels/play.json"), JSON.stringify({ title: "Play", setup }));
    await writeFile(
      join(dir, "levels/corner.json"),
      JSON.stringify({ title: "Corner opening", description: "Crosses took a corner.", seatCount: 2, setup }),
    );
    const catalog = await getCatalog({ packsDir: packs, studio: false });
    const positions = catalog.matches[0]?.positions ?? [];
    expect(positions.map((p) => [p.id, p.slug, p.title, p.seatCount])).toEqual([
      [null, "play", "Standard game", null],
      ["play", "play-2", "Play", null],
      ["corner", "corner", "Corner opening", 2],
    ]);
    expect(positions[2]?.description).toBe("Crosses took a corner.");
    // The level's cross is drawn; the standard game starts empty.
    expect(positions[2]?.previewSvg).toContain(">X</text>");
    expect(positions[0]?.previewSvg).not.toContain("</text>");
  });

  it("gives puzzle packs and games slugs that are unique together, puzzle packs first", async () => {
    const packs = await mixedFolder();
    await editJson(join(packs, "lantern-cellar", "manifest.json"), (m) => {
      m.gameId = "tic-tac-toe";
    });
    const catalog = await getCatalog({ packsDir: packs, studio: false });
    expect(catalog.packs.map((p) => p.slug)).toEqual(["tic-tac-toe"]);
    expect(catalog.matches.map((m) => m.slug)).toEqual(["tic-tac-toe-2"]);
  });

  it("refuses an invalid match pack like an invalid puzzle pack, naming the file and the JSON pointer", async () => {
    const packs = await mixedFolder();
    const game = join(packs, "tic-tac-toe", "game.json");
    await writeFile(game, (await readFile(game, "utf8")).replace('"type": "mark"', '"type": "marc"'));
    const error = await getCatalog({ packsDir: packs, studio: false }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogError);
    const refusal = error as CatalogError;
    expect(refusal.code).toBe("invalid-packs");
    expect(refusal.message).toMatch(/^1 invalid pack \(1 error\)/);
    expect(refusal.diagnostics).toEqual([
      expect.objectContaining({
        file: game,
        pointer: "/moves/0/do/0/place/type",
        severity: "error",
        message: 'no piece type "marc"; expected one of "mark"',
      }),
    ]);

    const skipped = await getCatalog({ packsDir: packs, studio: false, skipInvalid: true });
    expect(skipped.matches).toEqual([]);
    expect(skipped.packs.map((p) => p.slug)).toEqual(["dev-gridponder-lantern-cellar"]);
    expect(skipped.warnings[0]).toMatchObject({
      file: join(packs, "tic-tac-toe", "manifest.json"),
      code: "pack-skipped",
      message: "invalid match pack left out of the catalog (1 error)",
    });
    expect(skipped.warnings[1]).toMatchObject({
      file: game,
      pointer: "/moves/0/do/0/place/type",
      severity: "warning",
    });
  });

  it("builds a catalog of match packs alone", async () => {
    const packs = await tempDir();
    await copyPack(packs, "chess", join(OWN_PACKS, "chess"));
    const catalog = await getCatalog({ packsDir: join(packs, "chess"), studio: false });
    expect(catalog.packs).toEqual([]);
    expect(catalog.matches.map((m) => m.slug)).toEqual(["chess"]);
  });
});
