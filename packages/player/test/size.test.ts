import { join } from "node:path";
import { bundle } from "@gridponder/browser-harness";
import { expect, it } from "vitest";

/** The budget for a page that embeds the player, three.js included (minified, gzip). */
const BUDGET_BYTES = 200 * 1024;

it("a page with <gridponder-player> stays within the size budget and ships no validator", async () => {
  const page = await bundle(join(import.meta.dirname, "page/element.ts"), { minify: true });
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
});
