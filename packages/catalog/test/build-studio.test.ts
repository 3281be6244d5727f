/**
 * The studio inside a built catalog: its files copied to `<base>studio/` and listed in the site
 * manifest (so the next build cleans them, never a user's file beside them), `studio/catalog.json` with
 * URLs relative to the studio folder, "Edit a copy" on every level page, and all of it left out with
 * `studio: false`.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { STUDIO_SITE_DIR } from "@gridponder/studio/node";
import { afterAll, describe, expect, it } from "vitest";
import { getCatalog } from "../src/build/catalog.ts";
import { CatalogError } from "../src/build/errors.ts";
import { readSiteManifest } from "../src/build/site-manifest.ts";
import { STUDIO_INDEX_FORMAT, type StudioIndex, studioEditUrl, studioEntries } from "../src/build/studio.ts";
import { buildInChild, copyLantern, copyPack, editJson, removeTempDirs, tempDir } from "./build-helpers.ts";

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
    const packs = await tempDir();
    const pack = await copyLantern(packs, "hostile");
    // Pack text is data in the index: a title that would be markup stays a JSON string.
    const title = 'Cellar </script><script>alert("x")</script> & "quotes"';
    await editJson(join(pack, "manifest.json"), (m) => {
      m.title = title;
    });
    const out = join(await tempDir(), "site");
    const { catalog } = await buildInChild([packs], out, "/games/");
    const slug = catalog[0]?.slug as string;

    // Every file of the built studio, byte for byte, at studio/ (but its empty catalog.json, which the
    // catalog's own index replaces).
    const studioFiles = (await filesOf(STUDIO_SITE_DIR)).filter((file) => file !== "catalog.json");
    expect(studioFiles).toContain("index.html");
    for (const file of studioFiles)
      expect(await readFile(join(out, "studio", file)), file).toEqual(
        await readFile(join(STUDIO_SITE_DIR, file)),
      );

    // The index: URLs relative to the studio folder reach the published pack and its images.
    const index = JSON.parse(await readFile(join(out, "studio/catalog.json"), "utf8")) as StudioIndex;
    expect(index.format).toBe(STUDIO_INDEX_FORMAT);
    expect(index.packs).toHaveLength(1);
    const entry = index.packs[0];
    expect(entry?.slug).toBe(slug);
    expect(entry?.title).toBe(title);
    expect(entry?.packUrl).toMatch(new RegExp(`^\\.\\./_packs/${slug}/pack\\.[0-9a-f]+\\.json$`));
    const studioPage = new URL("http://host/games/studio/");
    const site = (url: string) => new URL(url, studioPage).pathname.replace(/^\/games\//, "");
    const compiled = JSON.parse(await readFile(join(out, site(entry?.packUrl ?? "")), "utf8"));
    expect(compiled.pack.manifest.title).toBe(title);
    expect(existsSync(join(out, site(entry?.assetBase ?? ""), "assets/cover.svg"))).toBe(true);
    expect(entry?.levels.map((l) => l.id).sort()).toEqual(Object.keys(compiled.pack.levels).sort());

    // Listed in the site manifest like every other file the build wrote.
    const manifest = await readSiteManifest(out);
    for (const file of [...studioFiles, "catalog.json"])
      expect(manifest?.has(`studio/${file}`), file).toBe(true);

    // "Edit a copy" on every level page, to the studio under the base.
    const levels = entry?.levels ?? [];
    expect(levels.length).toBeGreaterThan(1);
    for (const [i, levelSlug] of (catalog[0]?.levels ?? []).entries()) {
      const html = await readFile(join(out, slug, levelSlug, "index.html"), "utf8");
      const link = editLink(html);
      expect(link?.label).toBe("Edit a copy of this level in the studio");
      expect(link?.href).toBe(`/games/studio/#edit=${slug}/${encodeURIComponent(levels[i]?.id ?? "")}`);
      expect(html).toContain("script-src 'self'");
    }

    // A user's file inside studio/ is theirs: the next build, now without the studio, keeps it and
    // removes every file the studio brought.
    await writeFile(join(out, "studio/notes.txt"), "mine");
    await mkdir(join(out, "studio/drafts"));
    await buildInChild([packs], out, "/games/", { studio: false });
    expect(await filesOf(join(out, "studio"))).toEqual(["notes.txt"]);
    expect(existsSync(join(out, "studio/drafts"))).toBe(true);
    const plain = await readFile(join(out, slug, catalog[0]?.levels[0] ?? "", "index.html"), "utf8");
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
