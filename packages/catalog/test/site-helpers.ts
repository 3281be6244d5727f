/** Shared by the site tests: a temporary packs folder, a site build of it, and reading the built pages. */

import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { gzipSync } from "node:zlib";
import {
  type HarnessBrowser,
  launchBrowser,
  type Page,
  type Server,
  serveDir,
} from "@gridponder/browser-harness";
import { expect, inject } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import {
  type BuildOutcome,
  buildInChild,
  CORPUS_PACKS,
  copyLantern,
  editJson,
  OWN_PACKS,
} from "./build-helpers.ts";

export { CORPUS_PACKS, OWN_PACKS, REPO } from "./build-helpers.ts";
export const XSS_TITLE = "<script>alert(1)</script>";

/**
 * A packs folder for the tests: lantern-cellar (it has story screens), carrot_quest with the shared
 * sprite collection it draws on, and a copy of lantern-cellar whose manifest title is a script tag.
 */
export async function makePacksFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-site-packs-"));
  await cp(join(OWN_PACKS, "lantern-cellar"), join(dir, "lantern-cellar"), { recursive: true });
  await cp(join(CORPUS_PACKS, "carrot_quest"), join(dir, "carrot_quest"), { recursive: true });
  await cp(join(CORPUS_PACKS, "gridponder-base"), join(dir, "gridponder-base"), { recursive: true });
  const hostile = join(dir, "hostile");
  await cp(join(OWN_PACKS, "lantern-cellar"), hostile, { recursive: true });
  const manifest = JSON.parse(await readFile(join(hostile, "manifest.json"), "utf8"));
  manifest.title = XSS_TITLE;
  manifest.gameId = "dev.gridponder.hostile";
  manifest.shortDescription = `"><img src=x onerror=alert(2)> & more`;
  manifest.tags = ["hostile"];
  await writeFile(join(hostile, "manifest.json"), JSON.stringify(manifest, null, 2));
  return dir;
}

/**
 * Builds the site of `packsDir` (folders separated like `PATH`) into a new temporary folder and returns
 * it: `buildCatalog` of the built package, as `gridponder build` runs it, in a child process.
 */
export async function buildSite(packsDir: string, base = "/"): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), "gridponder-site-out-"));
  await buildInChild(packsDir.split(delimiter), out, base);
  return out;
}

/** A built site served under the catalog's CSP (as a header too), and a browser to open it in. */
export interface ServedSite {
  readonly out: string;
  readonly server: Server;
  readonly browser: HarnessBrowser;
  /** Closes the browser and the server and removes the site. */
  close(): Promise<void>;
}

/** A site built once per test run, and what its build reported. */
export interface SharedSite {
  readonly out: string;
  readonly built: BuildOutcome;
}

/**
 * The site of the packs `makePacks` puts in a new folder, built under `base` once per test run and
 * shared by the test files that read it (the run's folder for such sites comes from global-setup.ts).
 * It is built in a folder of its own that is then renamed to `name`, so no file sees half a site; two
 * files asking at once both build it and the first one's stays. Tests must not change it: one that does
 * works on a copy, or builds its own.
 */
export async function sharedSite(
  name: string,
  makePacks: () => Promise<string>,
  base = "/",
): Promise<SharedSite> {
  const root = inject("sharedSites");
  const done = join(root, name);
  if (!existsSync(done)) {
    const packs = await makePacks();
    const work = await mkdtemp(join(root, `${name}-`));
    try {
      const built = await buildInChild([packs], join(work, "site"), base);
      await writeFile(join(work, "built.json"), JSON.stringify(built));
      await rename(work, done).catch((error: unknown) => {
        if (!existsSync(done)) throw error;
      });
    } finally {
      await removeAll(packs, work);
    }
  }
  return {
    out: join(done, "site"),
    built: JSON.parse(await readFile(join(done, "built.json"), "utf8")) as BuildOutcome,
  };
}

/** The site of `makePacksFolder()`, shared by the test files that only read it. */
export async function packsFolderSite(): Promise<string> {
  return (await sharedSite("packs-folder", makePacksFolder)).out;
}

/** The base path of {@link ownPacksUnderBase}. */
export const SUB_PATH_BASE = "/games/puzzles/";
/** The title of the pack {@link ownPacksUnderBase} adds to packs/: markup, if anything ever read it as such. */
export const MARKUP_TITLE = 'Cellar </script><script>alert("x")</script> & "quotes"';

/**
 * Every pack of packs/ and a copy of lantern-cellar titled {@link MARKUP_TITLE}, published under
 * {@link SUB_PATH_BASE} with the studio: the site the base-path and studio tests read.
 */
export function ownPacksUnderBase(): Promise<SharedSite> {
  return sharedSite(
    "own-packs-under-base",
    async () => {
      const dir = await mkdtemp(join(tmpdir(), "gridponder-site-packs-"));
      await cp(OWN_PACKS, dir, { recursive: true });
      await copyLantern(dir, "markup-title");
      await editJson(join(dir, "markup-title", "manifest.json"), (m) => {
        m.title = MARKUP_TITLE;
      });
      return dir;
    },
    SUB_PATH_BASE,
  );
}

/** Builds the site of `packsDir`, serves it on 127.0.0.1 and starts headless chromium (reduced motion). */
export async function serveSite(
  packsDir: string,
  viewport = { width: 1100, height: 850 },
): Promise<ServedSite> {
  return serveBuiltSite(await buildSite(packsDir), viewport, true);
}

/**
 * Serves a built site on 127.0.0.1 and starts headless chromium (reduced motion); `owned` says whether
 * closing removes the site too (never a shared one).
 */
export async function serveBuiltSite(
  out: string,
  viewport = { width: 1100, height: 850 },
  owned = false,
): Promise<ServedSite> {
  const server = await serveDir(out, { csp: CONTENT_SECURITY_POLICY });
  const browser = await launchBrowser({ viewport, reducedMotion: "reduce" });
  return {
    out,
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      if (owned) await removeAll(out);
    },
  };
}

export async function removeAll(...dirs: (string | undefined)[]): Promise<void> {
  for (const dir of dirs) if (dir) await rm(dir, { recursive: true, force: true });
}

/**
 * Every HTML page the catalog built, as paths relative to `out`. The studio under `studio/` is an app
 * of its own, copied as built (its page and CSP are tested in apps/studio), so it is not among them.
 */
export async function htmlPages(out: string): Promise<string[]> {
  const entries = await readdir(out, { recursive: true });
  return entries.filter((e) => e.endsWith(".html") && !e.startsWith("studio/")).sort();
}

/**
 * The page with every attribute value emptied: what is left is markup and text, so a pack's text can
 * only show up here as text (Astro escapes `"` and `&` in attribute values, which keeps `<` there inert).
 */
export function markupOnly(html: string): string {
  return html.replace(/="[^"]*"/g, '=""');
}

/** Every start tag of a page, attribute values emptied (text, escaped, holds no `<`). */
export function tagsOf(html: string): string[] {
  return markupOnly(html).match(/<[a-zA-Z][^>]*>/g) ?? [];
}

/** The page's real `<script>` elements (not text that looks like one): whether each has a `src`, and its body. */
export function scriptTags(html: string): { hasSrc: boolean; body: string }[] {
  return [...markupOnly(html).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    hasSrc: /\ssrc=/.test(m[1] ?? ""),
    body: m[2] ?? "",
  }));
}

/** The `src` URLs of a page's scripts (attribute values cannot hold a `"`, so none is faked by pack text). */
export function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*?\ssrc="([^"]*)"/gi)].map((m) => m[1] ?? "");
}

/**
 * The JavaScript a page loads, in gzip bytes: its module scripts and every chunk they import,
 * statically or dynamically, each counted once (files under `out`, URLs relative to `base`).
 */
export async function pageScriptGzip(out: string, html: string, base = "/"): Promise<number> {
  const seen = new Set<string>();
  const queue = scriptSources(html);
  let total = 0;
  while (queue.length > 0) {
    const url = queue.shift() as string;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = await readFile(join(out, url.slice(base.length)), "utf8");
    total += gzipSync(code, { level: 9 }).length;
    const dir = url.slice(0, url.lastIndexOf("/") + 1);
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
      queue.push(new URL(m[1] as string, `http://x${dir}`).pathname);
  }
  return total;
}

/**
 * Opens the pack page at `packPath` and then its first level's page, and waits until the player there
 * has drawn the board; returns the level page's path.
 */
export async function openFirstLevel(page: Page, siteUrl: string, packPath: string): Promise<string> {
  await page.goto(`${siteUrl}${packPath}`);
  const first = await page.locator(".level-item a").first().getAttribute("href");
  expect(first, packPath).toBeTruthy();
  await page.goto(`${siteUrl}${first}`);
  await page.waitForSelector("gridponder-player .gp[data-level]", { state: "attached" });
  await page.waitForSelector("gridponder-player .gp-board canvas", { state: "attached" });
  return String(first);
}
