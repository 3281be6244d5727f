import { join } from "node:path";
import { bundle } from "@gridponder/browser-harness";
import { expect, it } from "vitest";

/**
 * The budget for what a page that embeds the player loads up front, three.js included (minified,
 * gzip): three.js takes about 132 KiB of it. The 2D board and the engine's systems load on demand
 * (a page fetches only the systems its pack names), which brought the page from 203 KiB to 194.
 */
const BUDGET_BYTES = 200 * 1024;

it("a page with <gridponder-player> stays within the size budget and ships no validator", async () => {
  // Split as a site's bundler splits it: what loads only on demand (the 2D board) is measured apart.
  const page = await bundle(join(import.meta.dirname, "page/element.ts"), { minify: true, splitting: true });
  console.log(
    `player page bundle: ${(page.bytes / 1024).toFixed(1)} KiB minified, ${(page.gzipBytes / 1024).toFixed(1)} KiB gzip`,
  );
  const shipped = Object.keys(page.contributions);
  expect(shipped.some((f) => f.includes("/three/"))).toBe(true);
  expect(shipped.some((f) => f.includes("renderer-three"))).toBe(true);
  // The schema's small helpers (gold-path step expansion) may ship; its validator and JSON Schemas not.
  const validator = shipped.filter((f) => /[/\\]ajv|validate-pack|generated[/\\]schemas/.test(f));
  expect(validator).toEqual([]);
  expect(page.code).not.toMatch(/ajv/i);
  expect(page.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
  // The 2D board is for browsers without WebGL: it loads when one is made, never up front.
  expect(shipped.filter((f) => f.includes("canvas-renderer"))).toEqual([]);
  expect(Object.keys(page.lazyContributions).some((f) => f.includes("canvas-renderer"))).toBe(true);
  // The controls panel (?) loads when first opened, the synthesiser with the first sound, goal
  // pictures with the first level that has a target pattern.
  for (const lazy of [/src[/\\]help\.ts$/, /src[/\\]sound\.ts$/, /src[/\\]goal-picture\.ts$/]) {
    expect(shipped.filter((f) => lazy.test(f))).toEqual([]);
    expect(Object.keys(page.lazyContributions).some((f) => lazy.test(f))).toBe(true);
  }
  // Systems come one chunk each, when a pack names them: none up front, every one on demand.
  const system = /engine[/\\]dist[/\\](systems|plugins)[/\\](?!with-defaults)/;
  expect(shipped.filter((f) => system.test(f))).toEqual([]);
  const lazySystems = Object.keys(page.lazyContributions).filter((f) => system.test(f));
  expect(lazySystems.length).toBeGreaterThanOrEqual(19);
});

it("the 2D canvas renderer implements the view's board contract without three.js", async () => {
  const fallback = await bundle(join(import.meta.dirname, "../src/canvas-renderer.ts"), { minify: true });
  const shipped = Object.keys(fallback.contributions);
  expect(shipped.some((f) => f.includes("canvas-renderer"))).toBe(true);
  expect(shipped.filter((f) => f.includes("/three/") || f.includes("renderer-three"))).toEqual([]);
});
