/**
 * Every pack of the conformance corpus and of packs/, published together: each pack page and the first
 * level page of each pack load under the CSP (sent as a header too) without a console error or a failed
 * request, and the level's board is drawn.
 */
import { readdir } from "node:fs/promises";
import {
  collectErrors,
  type HarnessBrowser,
  launchBrowser,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import {
  assertNoErrors,
  buildSite,
  CORPUS_PACKS,
  OWN_PACKS,
  openFirstLevel,
  removeAll,
} from "./site-helpers.ts";

let out: string;
let server: Server;
let browser: HarnessBrowser;

beforeAll(async () => {
  out = await buildSite(`${CORPUS_PACKS}:${OWN_PACKS}`);
  server = await serveDir(out, { csp: CONTENT_SECURITY_POLICY });
  browser = await launchBrowser({ reducedMotion: "reduce" });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await removeAll(out);
});

describe("the catalog of the whole corpus", { timeout: 300_000 }, () => {
  it("loads every pack page and each pack's first level under the CSP, without errors", async () => {
    const entries = await readdir(out, { withFileTypes: true });
    const packs = entries
      .filter((e) => e.isDirectory() && !e.name.startsWith("_") && e.name !== "icons")
      .map((e) => e.name)
      .sort();
    expect(packs.length).toBeGreaterThanOrEqual(14);
    const page = await browser.newPage();
    const errors = collectErrors(page);
    for (const slug of packs) {
      const first = await openFirstLevel(page, server, `/${slug}/`);
      assertNoErrors(errors, `${slug}: ${first}`);
    }
    await page.close();
  });
});
