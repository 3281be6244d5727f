/**
 * Acceptance for published SVGs: a site built (`astro build`) from a pack whose cover, sprite, story
 * image and shared-collection file all carry script, served WITHOUT any Content-Security-Policy (as a
 * plain static host would), and every published `.svg` URL opened directly in chromium. Nothing may run
 * or fetch: no dialog, no console line, no title change, no request beyond the file itself.
 */
import { readdir } from "node:fs/promises";
import { launchBrowser, type Server, serveDir } from "@gridponder/browser-harness";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "./build-helpers.ts";
import { makeScriptedPacks, SCRIPT_MARK } from "./scripted-svgs.ts";
import { buildSite, removeAll } from "./site-helpers.ts";

let out: string | undefined;
let server: Server | undefined;
afterAll(async () => {
  await server?.close();
  await removeAll(out);
  await removeTempDirs();
});

describe("published SVGs opened as pages", { timeout: 600_000 }, () => {
  it("run no script and fetch nothing: cover, sprite, story image and shared file", async () => {
    const packs = await tempDir();
    await makeScriptedPacks(packs);
    out = await buildSite(packs);
    // Every SVG of the site: the pack's four, and the site's own icons.
    const svgs = (await readdir(out, { recursive: true })).filter((f) => f.endsWith(".svg")).sort();
    const fromPack = svgs.filter((f) => f.startsWith("_packs/"));
    const names = fromPack.map((f) => f.replace(/^_packs\/[^/]+\/[0-9a-f]+\//, ""));
    expect(names).toEqual([
      "_shared/evil-tiles/tiles/floor.svg",
      "assets/cover.svg",
      "assets/sprites/wall.svg",
      "assets/story.svg",
    ]);
    server = await serveDir(out);
    const browser = await launchBrowser({ viewport: { width: 200, height: 200 } });
    try {
      const page = await browser.newPage();
      const seen: string[] = [];
      page.on("dialog", (d) => {
        seen.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
      page.on("console", (m) => seen.push(`console ${m.type()}: ${m.text()}`));
      page.on("pageerror", (e) => seen.push(`pageerror: ${e.message}`));
      page.on("popup", (p) => seen.push(`popup: ${p.url()}`));
      for (const svg of svgs) {
        const url = `${server.url}/${svg}`;
        const before = server.requests.length;
        const requested: string[] = [];
        const onRequest = (r: { url(): string }) => requested.push(r.url());
        page.on("request", onRequest);
        const response = await page.goto(url, { waitUntil: "load" });
        expect(response?.headers()["content-type"], svg).toBe("image/svg+xml");
        expect(await page.evaluate(() => document.documentElement.localName), svg).toBe("svg");
        // The art is there: the gradient-filled background and the link's square.
        if (fromPack.includes(svg)) expect(await page.locator("rect").count(), svg).toBe(2);
        // Hover and click where the hostile link and handlers were.
        await page.mouse.move(10, 10);
        await page.mouse.click(10, 10);
        await page.mouse.move(50, 50);
        expect(page.url(), svg).toBe(url);
        // The title is the file's own <title>, never what a script would set.
        expect(await page.title(), svg).not.toContain(SCRIPT_MARK);
        page.off("request", onRequest);
        expect(requested, svg).toEqual([url]);
        expect(
          server.requests.slice(before).filter((p) => p !== "/favicon.ico"),
          svg,
        ).toEqual([`/${svg}`]);
      }
      expect(seen).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
