import { existsSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildOutcome } from "./build-helpers.ts";
import {
  buildSite,
  htmlPages,
  ownPacksUnderBase,
  removeAll,
  SUB_PATH_BASE,
  scriptSources,
} from "./site-helpers.ts";

// A site served from a sub-path (GRIDPONDER_BASE): every URL a page names must start with it and lead
// to a built file. The site is packs/ (and one more pack), shared with build-studio.test.ts.
const BASE = SUB_PATH_BASE;
let out: string;
let built: BuildOutcome;
let empty: string;

beforeAll(async () => {
  ({ out, built } = await ownPacksUnderBase());
}, 300_000);
afterAll(() => removeAll(empty));

describe("a catalog built under a base path", { timeout: 300_000 }, () => {
  it("puts every pack's compiled JSON under the base, where its level pages load it from", async () => {
    const pack = built.catalog[0];
    expect(pack?.packUrl.startsWith(`${BASE}_packs/`)).toBe(true);
    const html = await readFile(join(out, pack?.slug ?? "", pack?.levels[0] ?? "", "index.html"), "utf8");
    expect(html).toContain(`src="${pack?.packUrl}"`);
    expect(existsSync(join(out, (pack?.packUrl ?? "").slice(BASE.length)))).toBe(true);
  });

  it("names only URLs under the base, each of which was built", async () => {
    // The studio is a site of its own, whose URLs are relative so that it works under any base (below).
    const pages = (await htmlPages(out)).filter((page) => !page.startsWith("studio/"));
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) {
      const html = await readFile(join(out, page), "utf8");
      const urls = [
        ...[...html.matchAll(/\s(?:href|src|asset-base)="([^"#]*)"/g)].map((m) => m[1] ?? ""),
        ...scriptSources(html),
      ].filter((u) => !/^[a-z]+:/.test(u));
      expect(urls.length, page).toBeGreaterThan(3);
      for (const url of urls) {
        expect(url.startsWith(BASE), `${page}: ${url}`).toBe(true);
        const file = url.slice(BASE.length);
        const path = file === "" || file.endsWith("/") ? join(out, file, "index.html") : join(out, file);
        // asset-base names a folder of the compiled pack; everything else names a file or a page.
        if (!/asset-base="/.test(html) || !html.includes(`asset-base="${url}"`))
          expect(existsSync(path), `${page}: ${url}`).toBe(true);
      }
    }
  });

  it("carries the studio, whose URLs are relative to its folder and each name a file it has", async () => {
    const html = await readFile(join(out, "studio/index.html"), "utf8");
    // The icon is an empty data: URL (so that no request is made for one); every other URL is a file.
    const urls = [...html.matchAll(/\s(?:href|src)="([^"#]*)"/g)]
      .map((m) => m[1] ?? "")
      .filter((url) => url !== "data:,");
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.startsWith("/") || /^[a-z]+:/.test(url), url).toBe(false);
      expect(existsSync(join(out, "studio", url)), url).toBe(true);
    }
  });

  it("keeps the web manifest's start URL and icons relative, so they follow the base", async () => {
    const manifest = JSON.parse(await readFile(join(out, "manifest.webmanifest"), "utf8"));
    expect(manifest.start_url).toBe("./");
    expect(manifest.scope).toBe("./");
    for (const icon of manifest.icons) {
      expect(icon.src.startsWith("/")).toBe(false);
      expect(existsSync(join(out, icon.src))).toBe(true);
    }
  });

  it("builds a catalog of an empty packs folder: a home page that says so", async () => {
    empty = await mkdtemp(join(tmpdir(), "gridponder-empty-packs-"));
    const site = await buildSite(empty);
    try {
      const home = await readFile(join(site, "index.html"), "utf8");
      expect(home).toContain("No packs have been published yet.");
      expect(existsSync(join(site, "404.html"))).toBe(true);
    } finally {
      await removeAll(site);
    }
  });
});
