import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonValue } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { STUDIO_SITE_DIR } from "../dist/node/studio-site.js";
import { formatPackJson } from "../src/model/format-json.js";

describe("the built studio site", () => {
  const html = () => readFileSync(join(STUDIO_SITE_DIR, "index.html"), "utf8");

  it("is where @gridponder/studio/node says, with relative asset URLs for any base path", () => {
    expect(existsSync(join(STUDIO_SITE_DIR, "index.html"))).toBe(true);
    // Scripts and stylesheets (the icon is an empty data: URL, so no request is made for one).
    const urls = [...html().matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)]
      .map((m) => m[1] ?? "")
      .filter((url) => url !== "data:,");
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url).toMatch(/^\.\/assets\//);
  });

  it("carries a Content-Security-Policy that runs only its own scripts and has no inline script", () => {
    const page = html();
    const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-inline");
    expect(policy).not.toContain("unsafe-eval");
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("carries a template per pack of packs/, each JSON file laid out as the studio writes it", () => {
    const read = (name: string) => JSON.parse(readFileSync(join(STUDIO_SITE_DIR, "templates", name), "utf8"));
    const index = read("index.json") as { templates: { slug: string }[] };
    expect(index.templates.length).toBeGreaterThan(5);
    for (const { slug } of index.templates) {
      const { text } = read(`${slug}.json`) as { text: Record<string, string> };
      expect(Object.keys(text), slug).toEqual(expect.arrayContaining(["manifest.json", "game.json"]));
      for (const [path, body] of Object.entries(text))
        if (path.endsWith(".json"))
          expect(body, `${slug}/${path}`).toBe(formatPackJson(JSON.parse(body) as JsonValue));
    }
  });
});
