import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bundle,
  collectErrors,
  colorDistance,
  type HarnessBrowser,
  hexRgb,
  htmlPage,
  type LaunchOptions,
  launchBrowser,
  type Page,
  type PageErrors,
  type Server,
  serve,
} from "@gridponder/browser-harness";
import { type ActionInput, DIRECTION_DELTAS } from "@gridponder/engine";
import { expandGoldPathStep } from "@gridponder/schema";
import { packFolders, SEARCH_PATHS } from "@gridponder/test-corpus";
import type { Piece } from "@gridponder/view";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import type { PlayerHandle } from "../src/index.js";
import { type CompiledPack, compilePackForWeb, writeCompiledPack } from "../src/node.js";
import type { TestApi } from "./page/main.js";

/** Screenshots go here (git-ignored). */
export const RESULTS = join(import.meta.dirname, "../test-results");

/** A Content-Security-Policy without inline scripts or styles: the player must work under it. */
export const STRICT_CSP =
  "default-src 'self'; img-src 'self' data: blob:; script-src 'self'; style-src 'self'";

export interface PlayerPage {
  readonly page: Page;
  readonly errors: PageErrors;
  readonly server: Server;
  /** Compiled packs by name, as served. */
  readonly packs: ReadonlyMap<string, CompiledPack>;
  close(): Promise<void>;
}

export interface PlayerPageOptions extends LaunchOptions {
  /** Pack folder names to compile and serve (default: every corpus and repo pack). */
  readonly packs?: readonly string[];
  /** Extra in-memory files (e.g. doctored packs) by URL path. */
  readonly files?: Readonly<Record<string, string>>;
  /** The page entry (default: `test/page/main.ts`). */
  readonly entry?: string;
  readonly body?: string;
}

/**
 * Compiles packs into a temp folder, bundles the test page, serves both on localhost under a strict
 * CSP, and opens the page in a fresh headless chromium.
 */
export async function openPlayerPage(options: PlayerPageOptions = {}): Promise<PlayerPage> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-player-test-"));
  const packs = new Map<string, CompiledPack>();
  const wanted = options.packs ? new Set(options.packs) : null;
  for (const { name, dir: packDir } of packFolders()) {
    if (wanted && !wanted.has(name)) continue;
    const result = await compilePackForWeb(packDir, {
      searchPaths: SEARCH_PATHS,
      allowMissingCollections: true,
    });
    if (!result.ok)
      throw new Error(`${name} did not compile: ${result.diagnostics.map((d) => d.message).join("; ")}`);
    await writeCompiledPack(join(dir, "packs", name), result);
    packs.set(name, result.compiled);
  }
  const code = await bundle(options.entry ?? join(import.meta.dirname, "page/main.ts"));
  const server = await serve({
    root: dir,
    csp: STRICT_CSP,
    files: {
      "/index.html": htmlPage({
        title: "player test",
        script: "/main.js",
        body: options.body ?? '<div id="host"></div>',
      }),
      "/main.js": code.code,
      ...options.files,
    },
  });
  const browser: HarnessBrowser = await launchBrowser(options);
  const page = await browser.newPage();
  // Shorter than the test timeout, so a missing element fails at its own line; long enough for a
  // software-rendered page on a busy two-core machine.
  page.setDefaultTimeout(120_000);
  const errors = collectErrors(page);
  await page.goto(`${server.url}/`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached" });
  return {
    page,
    errors,
    server,
    packs,
    async close() {
      await browser.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The test page's `window` (page/main.ts) as the callbacks of `page.evaluate` see it; tests mount a
 * player before they ask for it.
 */
export interface TestWindow {
  readonly gpTest: Omit<TestApi, "player"> & { readonly player: PlayerHandle };
}

/**
 * One player page for the test file: opened before its tests and closed after them; unless
 * `clearErrors` is false, the page's collected errors are forgotten before each test. The returned
 * page reads through to the open one.
 */
export function usePlayerPage(
  options: PlayerPageOptions = {},
  hooks: { readonly timeout?: number; readonly clearErrors?: boolean } = {},
): PlayerPage {
  let opened: PlayerPage | undefined;
  const current = (): PlayerPage => {
    if (!opened) throw new Error("the player page is not open yet");
    return opened;
  };
  beforeAll(async () => {
    opened = await openPlayerPage(options);
  }, hooks.timeout ?? 300_000);
  afterAll(async () => opened?.close());
  if (hooks.clearErrors ?? true) beforeEach(() => current().errors.clear());
  return {
    get page() {
      return current().page;
    },
    get errors() {
      return current().errors;
    },
    get server() {
      return current().server;
    },
    get packs() {
      return current().packs;
    },
    close: () => current().close(),
  };
}

/** A level's gold path as actions. */
export function goldPath(pack: CompiledPack | undefined, level: string): ActionInput[] {
  const def = pack?.pack.levels[level];
  if (!def) throw new Error(`no level ${level}`);
  return def.solution.goldPath.map((step) => expandGoldPathStep(step) as ActionInput);
}

/** What to mount: a served pack by name, the level, the renderer, the player's size (default 720×560). */
export type MountRequest = Parameters<TestApi["mount"]>[0];

export async function mount(
  page: Page,
  request: MountRequest,
): Promise<{ level: string; renderer: string; levels: string[] }> {
  // Plain JSON: playwright's serialisable-argument types are too deep for the request's action values.
  const arg: unknown = JSON.parse(JSON.stringify(request));
  return page.evaluate((r) => (window as never as TestWindow).gpTest.mount(r as MountRequest), arg);
}

/** A cell's centre in viewport px, as the player's renderer projects it. */
export function cellCenter(page: Page, cell: readonly [number, number]): Promise<{ x: number; y: number }> {
  return page.evaluate((c) => (window as never as TestWindow).gpTest.player.cellCenter(c), cell);
}

/** Waits for the player to finish animating and hinting. */
export function idle(page: Page): Promise<void> {
  return page.evaluate(() => (window as never as TestWindow).gpTest.player.idle());
}

/** The player's move count. */
/**
 * Presses two keys on the player within one task of the page, so no frame can end the first turn's
 * animation before the second arrives, however slow the machine. Returns whether the first press left
 * an animation running and how many moves the session then has.
 */
export function pressTwiceInOneTask(
  page: Page,
  keys: readonly [string, string],
): Promise<{ animatingAfterFirst: boolean; moves: number }> {
  return page.evaluate(([first, second]) => {
    const { player } = (window as never as TestWindow).gpTest;
    const host = document.querySelector("#player") as HTMLElement;
    const press = (key: string) =>
      host.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, composed: true }));
    press(first);
    const animatingAfterFirst = player.renderer.animating;
    press(second);
    return { animatingAfterFirst, moves: player.session.actionCount };
  }, keys);
}

export function moves(page: Page): Promise<number> {
  return page.evaluate(() => (window as never as TestWindow).gpTest.player.session.actionCount);
}

/** How many accepted actions the history holds (selections count here, not in the move counter). */
export function played(page: Page): Promise<number> {
  return page.evaluate(() => (window as never as TestWindow).gpTest.player.session.actions.length);
}

/** The screen vector of one board step in `direction` from `cell` (so a swipe follows the projection). */
export async function swipe(page: Page, from: readonly [number, number], direction: string): Promise<void> {
  const delta = DIRECTION_DELTAS[direction];
  if (!delta) throw new Error(`no direction ${direction}`);
  const [dx, dy] = delta;
  const a = await cellCenter(page, from);
  const b = await cellCenter(page, [from[0] + dx, from[1] + dy]);
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  // A fixed 60 px drag along the projected board axis: long enough for any swipe threshold.
  const ux = ((b.x - a.x) / len) * 60;
  const uy = ((b.y - a.y) / len) * 60;
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + ux / 2, a.y + uy / 2);
  await page.mouse.move(a.x + ux, a.y + uy);
  await page.mouse.up();
}

/**
 * Plays actions with the pointer, each of which must be accepted: swipes from `from` for moves, taps
 * at a cell for positions, and (with `buttons`) the on-screen button of any other action.
 */
export async function playByPointer(
  page: Page,
  actions: readonly ActionInput[],
  options: { readonly from: readonly [number, number]; readonly buttons?: boolean },
): Promise<void> {
  for (const action of actions) {
    const before = await played(page);
    if (typeof action.direction === "string") await swipe(page, options.from, action.direction);
    else if (Array.isArray(action.position)) {
      const at = await cellCenter(page, action.position as [number, number]);
      await page.mouse.click(at.x, at.y);
    } else if (options.buttons)
      await page.locator(`#player .gp-controls button[data-action="${action.action}"]`).click();
    else throw new Error(`no pointer input for ${JSON.stringify(action)}`);
    await idle(page);
    expect(await played(page), `after ${JSON.stringify(action)}`).toBe(before + 1);
  }
}

export const KEY_OF: Readonly<Record<string, string>> = {
  up: "ArrowUp",
  down: "ArrowDown",
  left: "ArrowLeft",
  right: "ArrowRight",
};

/** What the board should show at a cell: the colour of its top piece drawn without a sprite. */
export interface CellSample {
  readonly cell: [number, number];
  readonly kind: string;
  readonly expected: string;
  readonly at: { x: number; y: number };
}

/**
 * Cells whose top piece (highest layer, avatar excluded) is drawn by colour, with where their centres
 * are on screen, plus every colour the scene uses and the background.
 */
export function colourCells(
  page: Page,
): Promise<{ cells: CellSample[]; palette: string[]; background: string }> {
  return page.evaluate(() => {
    const player = (window as never as TestWindow).gpTest.player;
    const scene = player.controller.scene;
    const top = new Map<string, Piece>();
    for (const piece of scene.pieces) {
      if (piece.role === "avatar" || piece.role === "multi_cell") continue;
      for (const c of piece.cells) {
        const key = `${c[0]},${c[1]}`;
        const was = top.get(key);
        if (!was || was.layerIndex <= piece.layerIndex) top.set(key, piece);
      }
    }
    const cells: CellSample[] = [];
    for (const [key, piece] of top) {
      if (piece.appearance.sprite || piece.appearance.opacity < 1 || piece.appearance.text) continue;
      const cell = key.split(",").map(Number) as [number, number];
      cells.push({ cell, kind: piece.kind, expected: piece.appearance.color, at: player.cellCenter(cell) });
    }
    const palette = [...new Set(scene.pieces.map((p) => p.appearance.color))];
    return { cells, palette, background: scene.theme.backgroundColor };
  });
}

/**
 * The palette colour nearest to an RGB pixel, allowing for lighting: a lit face shows its colour scaled
 * by roughly 0.5 to 1.15, so each candidate is compared at its best brightness in that range.
 */
export function nearestColour(pixel: readonly number[], palette: readonly string[]): string {
  let best = palette[0] ?? "#000000";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const colour of palette) {
    const [r, g, b] = hexRgb(colour);
    let d = Number.POSITIVE_INFINITY;
    for (let k = 0.5; k <= 1.15; k += 0.025) d = Math.min(d, colorDistance(pixel, [r * k, g * k, b * k]));
    if (d < bestDistance) {
      bestDistance = d;
      best = colour;
    }
  }
  return best;
}

/** Waits until the renderer has drawn: images loaded and two animation frames passed. */
export function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const player = (window as never as TestWindow).gpTest.player;
    await player.idle();
    await player.renderer.whenReady();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}
