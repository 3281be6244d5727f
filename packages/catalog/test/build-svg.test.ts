import { readdir, readFile, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { sanitizeSvg } from "@gridponder/player/node";
import { afterAll, describe, expect, it } from "vitest";
import { type Catalog, getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { publishCatalog, publishedFilesMiddleware } from "../src/build/publish.ts";
import { setPublishPlan } from "../src/build/publish-plan.ts";
import { removeTempDirs, tempDir } from "./build-helpers.ts";
import { hostileSvg, makeScriptedPacks } from "./scripted-svgs.ts";

afterAll(removeTempDirs);

/** What the catalog publishes for the scripted packs, by path relative to the pack's asset base. */
async function publishedSvgs(out: string, catalog: Catalog): Promise<Map<string, string>> {
  // Paths under the output folder leave out the site's base ("/svg/").
  const base = catalog.packs[0]?.assetBase.slice("/svg/".length) ?? "";
  const files = (await readdir(join(out, base), { recursive: true })).filter((f) => f.endsWith(".svg"));
  return new Map(
    await Promise.all(files.map(async (f) => [f, await readFile(join(out, base, f), "utf8")] as const)),
  );
}

function middlewareBody(catalog: Catalog, url: string): Promise<string | "next"> {
  const middleware = publishedFilesMiddleware(async () => catalog);
  return new Promise((resolve) => {
    const res = { setHeader: () => undefined, end: (body: string | Buffer) => resolve(String(body)) };
    middleware({ url } as IncomingMessage, res as unknown as ServerResponse, () => resolve("next"));
  });
}

describe("the catalog's published SVGs", { timeout: 300_000 }, () => {
  it("are the sanitized cover, sprite, story image and shared file, on disk and from the dev server", async () => {
    const packs = await tempDir();
    await makeScriptedPacks(packs);
    const catalog = await getCatalog({ packsDir: packs, base: "/svg/" });
    const out = await tempDir();
    await publishCatalog(catalog, out);
    const svgs = await publishedSvgs(out, catalog);
    expect([...svgs.keys()].sort()).toEqual([
      "_shared/evil-tiles/tiles/floor.svg",
      "assets/cover.svg",
      "assets/sprites/wall.svg",
      "assets/story.svg",
    ]);
    for (const [path, text] of svgs) {
      expect(text, path).not.toMatch(
        /script|onload|onmouseover|javascript:|beacon|tracker|foreignObject|<set|<animate|<\?/i,
      );
      const name = path.includes("_shared")
        ? "shared"
        : path.includes("cover")
          ? "cover"
          : path.includes("sprites")
            ? "sprite"
            : "story";
      const expected = sanitizeSvg(hostileSvg(name));
      expect(expected.ok && expected.svg, path).toBe(text);
      // The gradient and the art stay.
      expect(text).toContain(`fill="url(#g)"`);
      expect(await middlewareBody(catalog, `${catalog.packs[0]?.assetBase}${path}`)).toBe(text);
    }
    const warned = catalog.packs[0]?.warnings.filter((w) => w.code === "svg-sanitized").map((w) => w.file);
    expect(warned?.sort()).toEqual([
      "../evil-tiles/tiles/floor.svg",
      "assets/cover.svg",
      "assets/sprites/wall.svg",
      "assets/story.svg",
    ]);
    expect(catalog.packs[0]?.coverUrl).toBe(`${catalog.packs[0]?.assetBase}assets/cover.svg`);
  });

  it("get URLs hashed from what is published, not from what the pack folder holds", async () => {
    const hashOf = async (cover: string) => {
      const packs = await tempDir();
      const dir = await makeScriptedPacks(packs);
      await writeFile(join(dir, "assets/cover.svg"), cover);
      return (await getCatalog({ packsDir: packs })).packs[0]?.assetBase;
    };
    const clean = `<svg xmlns="http://www.w3.org/2000/svg"><rect width="4"/></svg>`;
    const scripted = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="4"/></svg>`;
    const other = `<svg xmlns="http://www.w3.org/2000/svg"><rect width="5"/></svg>`;
    expect(await hashOf(scripted)).toBe(await hashOf(clean));
    expect(await hashOf(other)).not.toBe(await hashOf(clean));
  });

  it("refuses a pack whose SVG cannot be sanitized, naming the file, line and what was expected", async () => {
    const packs = await tempDir();
    const dir = await makeScriptedPacks(packs);
    await writeFile(join(dir, "assets/story.svg"), `<svg xmlns="http://www.w3.org/2000/svg">\n<g>\n</svg>`);
    const error = await getCatalog({ packsDir: packs }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).diagnostics).toContainEqual(
      expect.objectContaining({
        file: join(dir, "assets/story.svg"),
        code: "svg-refused",
        line: 3,
        message: expect.stringContaining("expected well-formed XML"),
      }),
    );
  });

  it("sanitizes an SVG entry that names a file, and refuses one it cannot before writing anything", async () => {
    const dir = await tempDir();
    await writeFile(join(dir, "hostile.svg"), hostileSvg("crafted"));
    await writeFile(join(dir, "broken.svg"), "<svg");
    const crafted = (files: string[]): Catalog => {
      const catalog: Catalog = { packs: [], matches: [], tags: [], engineVersion: "0.0.0", warnings: [] };
      const entries = files.map((f) => ({ path: `_packs/x/abc/${f}`, from: join(dir, f) }));
      setPublishPlan(catalog, { base: "/", entries, sources: [] });
      return catalog;
    };
    const out = await tempDir();
    await publishCatalog(crafted(["hostile.svg"]), out);
    const written = await readFile(join(out, "_packs/x/abc/hostile.svg"), "utf8");
    const expected = sanitizeSvg(hostileSvg("crafted"));
    expect(expected.ok && expected.svg).toBe(written);
    expect(await middlewareBody(crafted(["hostile.svg"]), "/_packs/x/abc/hostile.svg")).toBe(written);

    const refusedOut = await tempDir();
    await expect(publishCatalog(crafted(["hostile.svg", "broken.svg"]), refusedOut)).rejects.toThrow(
      /refusing to publish "_packs\/x\/abc\/broken.svg": expected well-formed XML/,
    );
    expect(await readdir(refusedOut)).toEqual([]);
  });
});
