import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Catalog, getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { publishCatalog, publishedFilesMiddleware } from "../src/build/publish.ts";
import { setPublishPlan } from "../src/build/publish-plan.ts";
import { copyPack, removeTempDirs, tempDir } from "./build-helpers.ts";

afterAll(removeTempDirs);

function craftedCatalog(paths: string[]): Catalog {
  const catalog: Catalog = { packs: [], matches: [], tags: [], engineVersion: "0.0.0", warnings: [] };
  setPublishPlan(catalog, { base: "/", entries: paths.map((path) => ({ path, data: "{}" })), sources: [] });
  return catalog;
}

describe("publishCatalog", { timeout: 300_000 }, () => {
  it("refuses any path that would leave the output folder, before writing anything", async () => {
    for (const bad of [
      "../escape.json",
      "_packs/x/../../../escape.json",
      "/etc/passwd",
      "_packs//x.json",
      "./x.json",
    ]) {
      const out = await tempDir();
      const error = await publishCatalog(craftedCatalog(["_packs/ok/pack.json", bad]), out).catch(
        (e: unknown) => e,
      );
      expect(error, bad).toBeInstanceOf(CatalogError);
      expect((error as Error).message).toContain("refusing to publish");
      expect(await readdir(out)).toEqual([]);
    }
    expect(existsSync(join(await tempDir(), "..", "escape.json"))).toBe(false);
  });

  it("refuses a catalog that getCatalog did not make", async () => {
    const plain: Catalog = { packs: [], matches: [], tags: [], engineVersion: "0.0.0", warnings: [] };
    await expect(publishCatalog(plain, await tempDir())).rejects.toThrow(/nothing to publish/);
  });

  it("reports its progress file by file", async () => {
    const packs = await tempDir();
    await copyPack(packs, "lantern-cellar");
    const events: string[] = [];
    const result = await publishCatalog(await getCatalog({ packsDir: packs }), await tempDir(), (e) => {
      if (e.phase === "assets") events.push(`${e.done}/${e.total}`);
    });
    expect(events[0]).toBe(`0/${result.files.length}`);
    expect(events.at(-1)).toBe(`${result.files.length}/${result.files.length}`);
  });
});

describe("getCatalog defaults", { timeout: 300_000 }, () => {
  it("reads GRIDPONDER_PACKS when no folder is given, and compiles a folder once", async () => {
    const packs = await tempDir();
    await copyPack(packs, "lantern-cellar");
    const previous = process.env.GRIDPONDER_PACKS;
    process.env.GRIDPONDER_PACKS = packs;
    try {
      const first = getCatalog();
      expect(getCatalog({ packsDir: packs })).toBe(first);
      expect((await first).packs.map((p) => p.slug)).toEqual(["dev-gridponder-lantern-cellar"]);
    } finally {
      if (previous === undefined) delete process.env.GRIDPONDER_PACKS;
      else process.env.GRIDPONDER_PACKS = previous;
    }
  });
});

describe("the dev server middleware", { timeout: 300_000 }, () => {
  async function request(catalog: Catalog, url: string): Promise<{ type: string; body: string } | "next"> {
    const middleware = publishedFilesMiddleware(async () => catalog);
    return new Promise((resolve) => {
      const headers: Record<string, string> = {};
      const res = {
        setHeader: (name: string, value: string) => {
          headers[name.toLowerCase()] = value;
        },
        end: (body: string | Buffer) => resolve({ type: headers["content-type"] ?? "", body: String(body) }),
      } as unknown as ServerResponse;
      middleware({ url } as IncomingMessage, res, () => resolve("next"));
    });
  }

  it("serves the compiled packs and images under the base, and passes everything else on", async () => {
    const packs = await tempDir();
    await copyPack(packs, "lantern-cellar");
    const catalog = await getCatalog({ packsDir: packs, base: "/games/" });
    const pack = catalog.packs[0];
    if (!pack) throw new Error("lantern-cellar is in the catalog");
    const served = await request(catalog, `${pack.packUrl}?v=1`);
    expect(served).not.toBe("next");
    if (served === "next") return;
    expect(served.type).toBe("application/json");
    expect(JSON.parse(served.body).pack.manifest.gameId).toBe("dev.gridponder.lantern-cellar");
    expect(await request(catalog, "/games/_packs/nothing/here.json")).toBe("next");
    expect(await request(catalog, "/games/")).toBe("next");
  });

  it("serves the studio and its index of the packs, and nothing of it when the studio is left out", async () => {
    const packs = await tempDir();
    await copyPack(packs, "lantern-cellar");
    const catalog = await getCatalog({ packsDir: packs, base: "/games/" });
    const page = await request(catalog, "/games/studio/");
    expect(page !== "next" && page.type).toBe("text/html; charset=utf-8");
    const index = await request(catalog, "/games/studio/catalog.json");
    expect(index !== "next" && JSON.parse(index.body).packs[0].slug).toBe("dev-gridponder-lantern-cellar");
    expect(await request(catalog, "/games/studio/../studio/catalog.json")).toBe("next");
    const without = await getCatalog({ packsDir: packs, base: "/games/", studio: false });
    expect(await request(without, "/games/studio/")).toBe("next");
    expect(await request(without, "/games/studio/catalog.json")).toBe("next");
  });
});
