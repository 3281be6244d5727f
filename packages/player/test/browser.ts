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
import type { ActionInput } from "@gridponder/engine";
import { expandGoldPathStep } from "@gridponder/schema";
import { type CompiledPack, compilePackForWeb, writeCompiledPack } from "../src/node.js";
import { packFolders, SEARCH_PATHS } from "./corpus.js";

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
  page.setDefaultTimeout(60_000);
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

/** A level's gold path as actions. */
export function goldPath(pack: CompiledPack | undefined, level: string): ActionInput[] {
  const def = pack?.pack.levels[level];
  if (!def) throw new Error(`no level ${level}`);
  return def.solution.goldPath.map((step) => expandGoldPathStep(step) as ActionInput);
}

export interface MountRequest {
  readonly pack: string;
  readonly level?: string;
  readonly renderer?: "auto" | "webgl" | "2d";
  readonly reducedMotion?: boolean;
  readonly initialActions?: ActionInput[];
  readonly story?: boolean;
  /** The player's size in CSS px (default 720×560). */
  readonly width?: number;
  readonly height?: number;
}

export async function mount(
  page: Page,
  request: MountRequest,
): Promise<{ level: string; renderer: string; levels: string[] }> {
  const arg: unknown = JSON.parse(JSON.stringify(request));
  return page.evaluate(
    (r) =>
      (
        window as never as {
          gpTest: { mount: (r: unknown) => Promise<{ level: string; renderer: string; levels: string[] }> };
        }
      ).gpTest.mount(r),
    arg,
  );
}

/** A cell's centre in viewport px, as the player's renderer projects it. */
export function cellCenter(page: Page, cell: readonly [number, number]): Promise<{ x: number; y: number }> {
  return page.evaluate(
    (c) =>
      (
        window as never as { gpTest: { player: { cellCenter: (c: unknown) => { x: number; y: number } } } }
      ).gpTest.player.cellCenter(c),
    cell,
  );
}

/** Waits for the player to finish animating and hinting. */
export function idle(page: Page): Promise<void> {
  return page.evaluate(() =>
    (window as never as { gpTest: { player: { idle: () => Promise<void> } } }).gpTest.player.idle(),
  );
}

/** The player's move count. */
export function moves(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as never as { gpTest: { player: { session: { actionCount: number } } } }).gpTest.player.session
        .actionCount,
  );
}

/** How many accepted actions the history holds (selections count here, not in the move counter). */
export function played(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      (window as never as { gpTest: { player: { session: { actions: unknown[] } } } }).gpTest.player.session
        .actions.length,
  );
}

/** The screen vector of one board step in `direction` from `cell` (so a swipe follows the projection). */
export async function swipe(page: Page, from: readonly [number, number], direction: string): Promise<void> {
  const delta: Record<string, [number, number]> = {
    up: [0, -1],
    down: [0, 1],
    left: [-1, 0],
    right: [1, 0],
    up_left: [-1, -1],
    up_right: [1, -1],
    down_left: [-1, 1],
    down_right: [1, 1],
  };
  const [dx, dy] = delta[direction] ?? [0, 0];
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
    interface P {
      role: string;
      kind: string;
      layerIndex: number;
      cells: [number, number][];
      appearance: { sprite: unknown; color: string; opacity: number; text: string | null };
    }
    const player = (
      window as never as {
        gpTest: {
          player: {
            controller: {
              scene: { width: number; height: number; pieces: P[]; theme: { backgroundColor: string } };
            };
            cellCenter: (c: [number, number]) => { x: number; y: number };
          };
        };
      }
    ).gpTest.player;
    const scene = player.controller.scene;
    const top = new Map<string, P>();
    for (const piece of scene.pieces) {
      if (piece.role === "avatar" || piece.role === "multi_cell") continue;
      for (const c of piece.cells) {
        const key = `${c[0]},${c[1]}`;
        const was = top.get(key);
        if (!was || was.layerIndex <= piece.layerIndex) top.set(key, piece);
      }
    }
    const cells = [];
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
    const player = (
      window as never as {
        gpTest: { player: { idle(): Promise<void>; renderer: { whenReady(): Promise<void> } } };
      }
    ).gpTest.player;
    await player.idle();
    await player.renderer.whenReady();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}
