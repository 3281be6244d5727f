import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  htmlPages,
  markupOnly,
  packsFolderSite,
  pageScriptGzip,
  scriptSources,
  scriptTags,
  tagsOf,
  XSS_TITLE,
} from "./site-helpers.ts";

let out: string;
const read = (page: string) => readFile(join(out, page), "utf8");

// The site site-browser.conformance.test.ts opens in a browser: one build serves both.
beforeAll(async () => {
  out = await packsFolderSite();
}, 300_000);

describe("the built catalog", { timeout: 300_000 }, () => {
  it("has a home page, a page per pack and per level, a 404 page and a web manifest", async () => {
    const pages = await htmlPages(out);
    expect(pages).toContain("index.html");
    expect(pages).toContain("404.html");
    expect(pages).toContain("dev-gridponder-lantern-cellar/index.html");
    expect(pages).toContain("dev-gridponder-lantern-cellar/lc01-bottom-step/index.html");
    expect(pages.filter((p) => p.startsWith("dev-gridponder-lantern-cellar/")).length).toBe(9);
    const manifest = JSON.parse(await read("manifest.webmanifest"));
    expect(manifest.start_url).toBe("./");
    for (const icon of manifest.icons) expect(existsSync(join(out, icon.src)), icon.src).toBe(true);
    expect(await read("404.html")).toContain("Page not found");
  });

  it("puts the Content-Security-Policy first in every page's head: our scripts only, nothing inline", async () => {
    for (const page of await htmlPages(out)) {
      const html = await read(page);
      const head = html.slice(0, html.indexOf("</head>"));
      const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(head);
      expect(meta, page).not.toBeNull();
      const policy = meta?.[1] ?? "";
      expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
      expect(policy).not.toContain("unsafe");
      // Only the charset may come before the policy; every script and stylesheet comes after it.
      expect(head.indexOf("Content-Security-Policy")).toBeLessThan(
        Math.min(
          ...["<script", "<link", "<style"].map((t) => (head.includes(t) ? head.indexOf(t) : Infinity)),
        ),
      );
    }
  });

  it("loads every script from a file of the site: no inline script, no inline style, no event handler attribute", async () => {
    for (const page of await htmlPages(out)) {
      const html = await read(page);
      const scripts = scriptTags(html);
      expect(scripts.length, page).toBeGreaterThan(page === "404.html" ? -1 : 0);
      for (const script of scripts) {
        expect(script.hasSrc, `${page}: inline script ${script.body.slice(0, 60)}`).toBe(true);
        expect(script.body.trim(), page).toBe("");
      }
      for (const src of scriptSources(html)) {
        expect(src.startsWith("/_astro/"), `${page}: ${src}`).toBe(true);
        expect(existsSync(join(out, src)), `${page}: ${src}`).toBe(true);
      }
      for (const tag of tagsOf(html)) {
        expect(tag, page).not.toMatch(/^<style[\s>]/i);
        expect(tag, page).not.toMatch(/\sstyle=/i);
        expect(tag, page).not.toMatch(/\son[a-z]+=/i);
      }
    }
  });

  it("shows a pack titled <script>alert(1)</script> as text, escaped, on every page that names it", async () => {
    const home = await read("index.html");
    expect(home).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(home).toContain("&quot;&gt;&lt;img src=x onerror=alert(2)&gt; &amp; more");
    const hostilePages = (await htmlPages(out)).filter((p) => p.startsWith("dev-gridponder-hostile/"));
    expect(hostilePages.length).toBe(9);
    for (const page of ["index.html", ...hostilePages]) {
      const html = await read(page);
      expect(markupOnly(html), page).not.toContain(XSS_TITLE);
      expect(
        tagsOf(html).filter((t) => /^<img\s+src=x/i.test(t) || /onerror/i.test(t)),
        page,
      ).toEqual([]);
      expect(
        scriptTags(html).every((s) => s.hasSrc),
        page,
      ).toBe(true);
      expect(html, page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    }
  });

  it("keeps page JavaScript within budget: home and pack pages 30 KiB gzip, level pages 205 KiB", async () => {
    const home = await pageScriptGzip(out, await read("index.html"));
    const pack = await pageScriptGzip(out, await read("dev-gridponder-lantern-cellar/index.html"));
    const level = await pageScriptGzip(
      out,
      await read("dev-gridponder-lantern-cellar/lc01-bottom-step/index.html"),
    );
    console.log(`page JS (gzip): home ${home} B, pack ${pack} B, level ${level} B`);
    expect(home).toBeGreaterThan(0);
    expect(home).toBeLessThanOrEqual(30 * 1024);
    expect(pack).toBeLessThanOrEqual(30 * 1024);
    expect(level).toBeLessThanOrEqual(205 * 1024);
  });

  it("links every page under the base, and the level page's player to its compiled pack", async () => {
    const html = await read("dev-gridponder-lantern-cellar/lc02-storeroom/index.html");
    const src = /<gridponder-player src="([^"]+)" level="lc02_storeroom"/.exec(html)?.[1];
    expect(src).toBeDefined();
    expect(existsSync(join(out, src ?? ""))).toBe(true);
    for (const [, link] of html.matchAll(/href="(\/[^"]*)"/g)) {
      // "Edit a copy" names its level in the fragment, which no file has to match.
      const href = (link ?? "").split("#")[0] ?? "";
      const path = href.endsWith("/") ? `${href}index.html` : href;
      expect(existsSync(join(out, path)), href).toBe(true);
    }
  });
});
