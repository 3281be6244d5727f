/**
 * The studio inside a built catalog: its files copied to `<base>studio/` and listed in the site
 * manifest (so the next build cleans them, never a user's file beside them), `studio/catalog.json` with
 * URLs relative to the studio folder, "Edit a copy" on every level page, and all of it left out with
 * `studio: false`.
 */
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { STUDIO_SITE_DIR } from "@gridponder/studio/node";
import { afterAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { readSiteManifest } from "../src/build/site-manifest.ts";
import { STUDIO_INDEX_FORMAT, type StudioIndex, studioEditUrl, studioEntries } from "../src/build/studio.ts";
import { buildInChild, copyLantern, copyPack, editJson, removeTempDirs, tempDir } from "./build-helpers.ts";
import { MARKUP_TITLE, ownPacksUnderBase, SUB_PATH_BASE } from "./site-helpers.ts";

afterAll(removeTempDirs);

/** Every file below `dir`, as forward-slash relative paths. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** The href of the page's "Edit a copy" link, or null when it has none. */
function editLink(html: string): { href: string; label: string } | null {
  const tag = /<a\b[^>]*\bdata-edit\b[^>]*>/.exec(html)?.[0];
  if (tag === undefined) return null;
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "";
  return { href: attribute("href").replaceAll("&amp;", "&"), label: attribute("aria-label") };
}

describe("the studio in a catalog", { timeout: 600_000 }, () => {
  it("is copied under the base, indexed, linked from every level, and cleaned by the next build without the studio", async () => {
    // packs/ and a pack titled like markup, built under a sub-path: the site site-base.test.ts reads.
    const { out: shared, built } = await ownPacksUnderBase();
    const { catalog } = built;

    // Every file of the built studio, byte for byte, at studio/ (but its empty catalog.json, which the
    // catalog's own index replaces). Buffer.equals compares the bytes at once; a deep toEqual on
    // megabytes of script and source maps takes minutes.
    const studioFiles = (await filesOf(STUDIO_SITE_DIR)).filter((file) => file !== "catalog.json");
    expect(studioFiles).toContain("index.html");
    for (const file of studioFiles) {
      const copied = await readFile(join(shared, "studio", file));
      expect(copied.equals(await readFile(join(STUDIO_SITE_DIR, file))), file).toBe(true);
    }

    // The index: every pack, with URLs relative to the studio folder that reach the published pack and
    // its images. Pack text is data in the index: the title that would be markup stays a JSON string.
    const index = JSON.parse(await readFile(join(shared, "studio/catalog.json"), "utf8")) as StudioIndex;
    expect(index.format).toBe(STUDIO_INDEX_FORMAT);
    expect(index.packs.map((p) => p.slug).sort()).toEqual(catalog.map((p) => p.slug).sort());
    const entry = index.packs.find((p) => p.title === MARKUP_TITLE);
    const slug = entry?.slug as string;
    expect(slug).toBe("test-markup-title");
    expect(entry?.packUrl).toMatch(new RegExp(`^\\.\\./_packs/${slug}/pack\\.[0-9a-f]+\\.json$`));
    const studioPage = new URL(`http://host${SUB_PATH_BASE}studio/`);
    const site = (url: string) => new URL(url, studioPage).pathname.slice(SUB_PATH_BASE.length);
    const compiled = JSON.parse(await readFile(join(shared, site(entry?.packUrl ?? "")), "utf8"));
    expect(compiled.pack.manifest.title).toBe(MARKUP_TITLE);
    expect(existsSync(join(shared, site(entry?.assetBase ?? ""), "assets/cover.svg"))).toBe(true);
    expect(entry?.levels.map((l) => l.id).sort()).toEqual(Object.keys(compiled.pack.levels).sort());

    // Listed in the site manifest like every other file the build wrote.
    const manifest = await readSiteManifest(shared);
    for (const file of [...studioFiles, "catalog.json"])
      expect(manifest?.has(`studio/${file}`), file).toBe(true);

    // "Edit a copy" on every level page of every pack, to the studio under the base.
    for (const pack of catalog) {
      const levels = index.packs.find((p) => p.slug === pack.slug)?.levels ?? [];
      expect(levels.length, pack.slug).toBe(pack.levels.length);
      for (const [i, levelSlug] of pack.levels.entries()) {
        const html = await readFile(join(shared, pack.slug, levelSlug, "index.html"), "utf8");
        const link = editLink(html);
        expect(link?.label).toBe("Edit a copy of this level in the studio");
        expect(link?.href).toBe(
          `${SUB_PATH_BASE}studio/#edit=${pack.slug}/${encodeURIComponent(levels[i]?.id ?? "")}`,
        );
        expect(html).toContain("script-src 'self'");
      }
    }

    // A user's file inside studio/ is theirs: the next build (of a copy of the site, which is shared),
    // now without the studio, keeps it and removes every file the studio brought.
    const out = join(await tempDir(), "site");
    await cp(shared, out, { recursive: true });
    await writeFile(join(out, "studio/notes.txt"), "mine");
    await mkdir(join(out, "studio/drafts"));
    const packs = await tempDir();
    await copyLantern(packs, "markup-title");
    const next = await buildInChild([packs], out, SUB_PATH_BASE, { studio: false });
    expect(await filesOf(join(out, "studio"))).toEqual(["notes.txt"]);
    expect(existsSync(join(out, "studio/drafts"))).toBe(true);
    const plain = await readFile(join(out, slug, next.catalog[0]?.levels[0] ?? "", "index.html"), "utf8");
    expect(editLink(plain)).toBeNull();
    expect(plain).not.toContain("studio");
    expect([...((await readSiteManifest(out))?.keys() ?? [])].some((p) => p.startsWith("studio/"))).toBe(
      false,
    );
  });
});

describe("studio pieces", () => {
  it("encodes the pack and level of the edit link, so no id can change its meaning", () => {
    expect(studioEditUrl("/studio/", "pack", "a/b c#d&e")).toBe("/studio/#edit=pack/a%2Fb%20c%23d%26e");
  });

  it("refuses a studio that was never built, naming what to do", async () => {
    const error = await studioEntries(await tempDir()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe("studio-missing");
    expect((error as Error).message).toMatch(/studio is not built.*@gridponder\/studio build/);
  });

  it("reserves the studio's folder: a pack whose id slugs to `studio` takes another slug", async () => {
    const packs = await tempDir();
    const pack = await copyPack(packs, "studio");
    await editJson(join(pack, "manifest.json"), (m) => {
      m.gameId = "studio";
    });
    for (const studio of [true, false]) {
      const catalog = await getCatalog({ packsDir: packs, studio });
      expect(catalog.packs[0]?.slug).toBe("studio-2");
      expect(catalog.studioUrl).toBe(studio ? "/studio/" : undefined);
    }
  });
});
