import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { STUDIO_SITE_DIR } from "../dist/node/studio-site.js";

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
});
