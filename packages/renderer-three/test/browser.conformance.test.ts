import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  bundle,
  collectErrors,
  colorDistance,
  type HarnessBrowser,
  htmlPage,
  launchBrowser,
  type Page,
  type PageErrors,
  type Pixels,
  type Server,
  screenshotPixels,
  serve,
} from "@gridponder/browser-harness";
import { CORPUS, namedPack, OWN_PACKS, packFolders } from "@gridponder/test-corpus";
import { type Piece, type Scene, type Timeline, ViewController } from "@gridponder/view";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topOf } from "../src/parts.js";
import type { TestApi } from "./page/main.js";

const RESULTS = join(import.meta.dirname, "../test-results");

/**
 * The image files of the repository's own packs, at the URLs the page asks for them (`/packs/<name>/…`,
 * as for the corpus packs the server's root holds).
 */
function ownPackFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of readdirSync(OWN_PACKS, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".json")) continue;
    const full = join(entry.parentPath, entry.name);
    files[`/packs/${relative(OWN_PACKS, full).split("\\").join("/")}`] = readFileSync(full);
  }
  return files;
}
const VIEW = { width: 800, height: 600 };

let browser: HarnessBrowser;
let server: Server;
let page: Page;
let errors: PageErrors;

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true });
  const code = await bundle(join(import.meta.dirname, "page/main.ts"));
  server = await serve({
    root: CORPUS,
    files: {
      ...ownPackFiles(),
      "/index.html": htmlPage({ title: "renderer test", script: "/main.js", body: "" }),
      "/main.js": code.code,
    },
  });
  browser = await launchBrowser({ viewport: { width: 900, height: 700 } });
  page = await browser.newPage();
  errors = collectErrors(page);
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => "gp" in window);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function gp<T>(fn: (api: TestApi, arg: never) => T | Promise<T>, arg?: unknown): Promise<T> {
  return page.evaluate(
    // biome-ignore lint/suspicious/noExplicitAny: the page function runs in the browser with the bundled api.
    ([source, a]) => new Function("api", "arg", `return (${source})(api, arg)`)((window as any).gp, a),
    [fn.toString(), arg] as const,
  ) as Promise<T>;
}

async function mount(pack: string, reducedMotion = false): Promise<void> {
  await gp(
    (api, arg: { pack: string; reducedMotion: boolean }) =>
      api.mount({ ...arg, ...{ width: 800, height: 600 } }),
    {
      pack,
      reducedMotion,
    },
  );
}

async function show(scene: Scene, pack: string): Promise<void> {
  await gp((api, arg: { scene: Scene; pack: string }) => api.setScene(arg.scene, arg.pack), { scene, pack });
}

async function shot(name: string): Promise<Pixels> {
  const origin = await gp((api) => api.containerRect());
  return screenshotPixels(page, {
    path: join(RESULTS, `${name}.png`),
    clip: { x: origin.left, y: origin.top, width: VIEW.width, height: VIEW.height },
  });
}

async function controller(name: string, level?: string): Promise<ViewController> {
  const p = await namedPack(name);
  const id = level ?? p.pack.levelOrder[0];
  if (!id) throw new Error(`${name} has no levels`);
  return new ViewController(p.pack, id, { assets: p.assets });
}

/** How high a piece reaches above the ground (sprites and figures stand about a cell high). */
function heightOf(p: Piece): number {
  if (p.role === "ground") return 0;
  if (p.appearance.sprite || p.role === "avatar") return 1.2;
  return topOf(p.appearance.form);
}

/** Cells whose drawn colour is known: a procedural piece with nothing taller standing in front of it. */
function knownCells(scene: Scene): { piece: Piece; height: number }[] {
  const tallest = new Array<number>(scene.width * scene.height).fill(0);
  for (const p of scene.pieces)
    for (const [x, y] of p.cells)
      tallest[y * scene.width + x] = Math.max(tallest[y * scene.width + x] ?? 0, heightOf(p));
  const height = (x: number, y: number) =>
    x < scene.width && y < scene.height ? (tallest[y * scene.width + x] ?? 0) : 0;
  const out: { piece: Piece; height: number }[] = [];
  for (const p of scene.pieces) {
    const a = p.appearance;
    if (
      p.role === "multi_cell" ||
      p.role === "avatar" ||
      a.sprite ||
      a.text ||
      a.icon ||
      a.opacity < 1 ||
      a.tint
    )
      continue;
    if (a.form === "orb" || a.form === "figure") continue;
    const [x, y] = p.cell;
    const h = heightOf(p);
    // Only the topmost piece of a cell shows its top face.
    if (height(x, y) > h) continue;
    if (height(x + 1, y) > h + 0.2 || height(x, y + 1) > h + 0.2 || height(x + 1, y + 1) > h + 0.4) continue;
    out.push({ piece: p, height: h });
  }
  return out;
}

async function expectKnownColours(scene: Scene, pixels: Pixels, minimum: number, scale = 1): Promise<void> {
  const cells = knownCells(scene);
  expect(cells.length).toBeGreaterThanOrEqual(minimum);
  const points = await gp(
    (api, arg: { cell: [number, number]; height: number }[]) => arg.map((c) => api.project(c.cell, c.height)),
    cells.map((c) => ({ cell: c.piece.cell, height: c.height })),
  );
  const background = scene.theme.backgroundColor;
  cells.forEach(({ piece }, i) => {
    const p = points[i];
    if (!p) throw new Error("missing projection");
    const rgba = pixels.at(p.x * scale, p.y * scale);
    const rgb = rgba.slice(0, 3);
    const label = `${piece.kind} at ${piece.cell.join(",")}`;
    expect(colorDistance(rgb, piece.appearance.color), label).toBeLessThan(24);
    if (colorDistance(piece.appearance.color, background) > 40)
      expect(colorDistance(rgb, background), label).toBeGreaterThan(30);
  });
}

describe("IsoRenderer in chromium", () => {
  it("has WebGL", async () => {
    expect(await gp((api) => api.webglAvailable())).toBe(true);
  });

  it("draws a lantern-cellar level with each procedural kind in its colour", async () => {
    const c = await controller("lantern-cellar");
    await mount("lantern-cellar");
    await show(c.scene, "lantern-cellar");
    const pixels = await shot("lantern-cellar-lc01");
    await expectKnownColours(c.scene, pixels, 5);
    const info = await gp((api) => api.info());
    expect(info.render.calls).toBeGreaterThan(0);
    expect(info.render.calls).toBeLessThanOrEqual(64);
    errors.assertNone();
  });

  it("draws flood_colors cells in their colours", async () => {
    const c = await controller("flood_colors");
    await mount("flood_colors");
    await show(c.scene, "flood_colors");
    await expectKnownColours(c.scene, await shot("flood_colors"), 10);
    errors.assertNone();
  });

  it("draws sprite packs once their images arrive", async () => {
    for (const name of ["carrot_quest", "box_builder", "number_cells"]) {
      const c = await controller(name);
      await mount(name);
      await show(c.scene, name);
      const pixels = await shot(name);
      const sprites = new Set(
        c.scene.pieces.flatMap((p) => (p.appearance.sprite ? [p.appearance.sprite.path] : [])),
      );
      const info = await gp((api) => api.info());
      expect(info.memory.textures, name).toBeGreaterThanOrEqual(Math.min(1, sprites.size));
      // Somewhere over each sprite piece's cell the picture is not the background.
      const bg = c.scene.theme.backgroundColor;
      const spritePieces = c.scene.pieces.filter((p) => p.appearance.sprite && p.role !== "ground");
      const points = await gp(
        (api, cells: [number, number][]) => cells.map((cell) => api.project(cell, 0.4)),
        spritePieces.map((p) => p.cell),
      );
      for (const p of points) {
        let covered = false;
        for (let dy = -6; dy <= 6 && !covered; dy += 3)
          for (let dx = -6; dx <= 6 && !covered; dx += 3)
            covered = colorDistance(pixels.at(p.x + dx, p.y + dy).slice(0, 3), bg) > 30;
        expect(covered, name).toBe(true);
      }
    }
    errors.assertNone();
  });

  it("draws the first scene of every corpus level within 64 draw calls", async () => {
    await mount("lantern-cellar");
    let levels = 0;
    const shotMulti = new Set<string>();
    for (const { name } of packFolders()) {
      const p = await namedPack(name).catch(() => null);
      if (!p) continue;
      for (const id of p.pack.levelOrder) {
        const scene = new ViewController(p.pack, id, { assets: p.assets }).scene;
        await show(scene, name);
        const info = await gp((api) => api.info());
        expect(info.render.calls, `${name}/${id}`).toBeGreaterThan(0);
        expect(info.render.calls, `${name}/${id}`).toBeLessThanOrEqual(64);
        if (id === p.pack.levelOrder[0]) await shot(`corpus-${name}`);
        if (!shotMulti.has(name) && scene.pieces.some((piece) => piece.role === "multi_cell")) {
          shotMulti.add(name);
          await shot(`corpus-${name}-${id}-multi-cell`);
        }
        levels++;
      }
    }
    expect(levels).toBeGreaterThan(50);
    errors.assertNone();
  }, 300_000);

  it("picks the cell under a pointer and reports taps and swipes", async () => {
    const c = await controller("lantern-cellar");
    await mount("lantern-cellar");
    await show(c.scene, "lantern-cellar");
    const origin = await gp((api) => api.containerRect());
    const cell: [number, number] = [2, 1];
    const p = await gp((api, arg: [number, number]) => api.project(arg), cell);
    const x = origin.left + p.x;
    const y = origin.top + p.y;
    expect(await gp((api, arg: [number, number]) => api.cellAt(arg[0], arg[1]), [x, y])).toEqual(cell);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y - 15, { steps: 3 });
    await page.mouse.move(x + 60, y - 30, { steps: 3 });
    await page.mouse.up();
    const gestures = await gp((api) => api.gestures.splice(0));
    expect(gestures).toEqual([
      { type: "tap", cell },
      { type: "swipe", direction: "up" },
    ]);
  });

  it("plays a turn's timeline to its end scene", async () => {
    const c = await controller("lantern-cellar");
    const start = c.scene;
    const [action] = c.hintActions();
    if (!action) throw new Error("no gold path");
    const { timeline } = c.act(action);
    if (!timeline) throw new Error("the gold path's first action was refused");
    expect(timeline.tracks.length).toBeGreaterThan(0);

    await mount("lantern-cellar");
    await show(timeline.to, "lantern-cellar");
    const expected = await shot("timeline-expected-end");

    await show(start, "lantern-cellar");
    const before = await shot("timeline-start");
    const result = await gp((api, t: typeof timeline) => api.play(t), timeline);
    expect(result.animatingDuring).toBe(true);
    expect(result.animatingAfter).toBe(false);
    // It plays over frames rather than jumping to its end: the first frame drawn poses its start and a
    // later one ends it, however fast or slow the machine.
    expect(result.frames).toBeGreaterThanOrEqual(2);
    const after = await shot("timeline-end");
    expect(differingPixels(after, expected)).toBeLessThan(VIEW.width * VIEW.height * 0.002);
    expect(differingPixels(before, expected)).toBeGreaterThan(50);

    // finish() jumps to the end at once.
    await show(start, "lantern-cellar");
    const finished = await gp((api, t: typeof timeline) => api.playAndFinish(t), timeline);
    expect(finished).toEqual({ resolved: true, animating: false });
    expect(differingPixels(await shot("timeline-finished"), expected)).toBeLessThan(
      VIEW.width * VIEW.height * 0.002,
    );

    // Reduced motion snaps.
    await mount("lantern-cellar", true);
    await show(start, "lantern-cellar");
    const snapped = await gp((api, t: typeof timeline) => api.play(t), timeline);
    expect(snapped.animatingDuring).toBe(false);
    errors.assertNone();
  });

  it.each([
    ["animated", false],
    ["with reduced motion", true],
  ])(
    "draws a sprite avatar in every frame of its moves (%s), in each state and facing",
    async (_, reduced) => {
      const c = await controller("carrot_quest", "fw_002");
      const avatarless = (scene: Scene): Scene => ({
        ...scene,
        pieces: scene.pieces.filter((p) => p.role !== "avatar"),
        avatar: null,
      });
      await mount("carrot_quest", reduced);
      await show(c.scene, "carrot_quest");
      // Every step of the gold path: the rabbit shows a walking sprite for each, then stands facing the
      // way it went.
      let moves = 0;
      const facings = new Set<string>();
      // A hint runs to the next hint stop: ask again until the path is played out (bounded).
      const steps = (function* () {
        for (let hint = 0; hint < 10; hint++) {
          const actions = c.hintActions();
          if (actions.length === 0) return;
          yield* actions;
        }
      })();
      for (const action of steps) {
        const before = c.scene;
        const from = before.avatar?.piece.cell;
        const { timeline } = c.act(action);
        const to = c.scene.avatar?.piece.cell;
        if (!timeline || !from || !to || (from[0] === to[0] && from[1] === to[1])) continue;
        const [a, b] = await gp(
          (api, cells: [number, number][]) => cells.map((cell) => api.project(cell, 0.5)),
          [from, to],
        );
        if (!a || !b) throw new Error("no projection");
        const box = {
          x: Math.round(Math.min(a.x, b.x) - 30),
          y: Math.round(Math.min(a.y, b.y) - 40),
          width: Math.round(Math.abs(a.x - b.x) + 60),
          height: Math.round(Math.abs(a.y - b.y) + 80),
        };
        // Compared with the board without the rabbit, before and after the move: whatever else the
        // move changes, the rabbit's own pixels differ from both.
        const counts = await gp(
          (api, arg: { timeline: Timeline; from: Scene; references: Scene[]; box: typeof box }) =>
            api.differenceInEveryFrame(arg.timeline, arg.from, arg.references, arg.box),
          { timeline, from: before, references: [avatarless(before), avatarless(timeline.to)], box },
        );
        expect(counts.length, `frames of move ${moves}`).toBeGreaterThanOrEqual(1);
        // The rabbit covers a few hundred pixels of the box in every frame, the first one included.
        expect(Math.min(...counts), `move ${moves}: ${counts.join(" ")}`).toBeGreaterThan(80);
        facings.add(c.scene.avatar?.facing ?? "");
        moves++;
      }
      expect(moves).toBeGreaterThanOrEqual(4);
      expect(facings.size, `${moves} moves facing ${[...facings].join(" ")}`).toBeGreaterThanOrEqual(2);
      errors.assertNone();
    },
  );

  it("renders at the device pixel ratio", async () => {
    const sharp = await launchBrowser({ viewport: { width: 900, height: 700 }, deviceScaleFactor: 2 });
    const previous = page;
    try {
      page = await sharp.newPage();
      await page.goto(`${server.url}/index.html`);
      await page.waitForFunction(() => "gp" in window);
      const c = await controller("flood_colors");
      await mount("flood_colors");
      await show(c.scene, "flood_colors");
      const canvas = await page.evaluate(() => {
        const el = document.querySelector("canvas");
        return { width: el?.width, height: el?.height };
      });
      expect(canvas).toEqual({ width: VIEW.width * 2, height: VIEW.height * 2 });
      const pixels = await shot("flood_colors-2x");
      expect(pixels.width).toBe(VIEW.width * 2);
      await expectKnownColours(c.scene, pixels, 10, 2);
    } finally {
      page = previous;
      await sharp.close();
    }
  });

  it("plays sprite-strip effects and frees them when the timeline ends", async () => {
    const c = await controller("lantern-cellar");
    const scene = c.scene;
    await mount("lantern-cellar");
    await show(scene, "lantern-cellar");
    const resting = (await gp((api) => api.info())).memory;
    const sheet = { collection: "gridponder-base", path: "sprites/tiles/ice_breaks_1.png" };
    const timeline: Timeline = {
      cause: "turn",
      from: scene,
      to: scene,
      durationMs: 60_000,
      stages: [{ name: "effects", startMs: 0, durationMs: 60_000, ids: [] }],
      tracks: [],
      effects: [{ event: "test", cell: [1, 1], startMs: 0, durationMs: 60_000, sheet, frames: 2, scale: 1 }],
    };
    const memory = await gp((api, t: Timeline) => api.playWithMemory(t), timeline);
    expect(memory.during.textures).toBe(resting.textures + 1);
    expect(memory.after).toEqual(resting);
    errors.assertNone();
  });

  /** Scene without its avatar: what the board looks like where the avatar is not. */
  const avatarless = (scene: Scene): Scene => ({
    ...scene,
    pieces: scene.pieces.filter((p) => p.role !== "avatar"),
    avatar: null,
  });

  /** Pixels of `box` that differ (beyond antialiasing) between two drawings. */
  function differing(
    a: Pixels,
    b: Pixels,
    box: { x: number; y: number; width: number; height: number },
  ): number {
    let n = 0;
    for (let y = box.y; y < box.y + box.height; y++)
      for (let x = box.x; x < box.x + box.width; x++)
        if (colorDistance(a.at(x, y).slice(0, 3), b.at(x, y).slice(0, 3)) > 40) n++;
    return n;
  }

  /** The avatar's pixels in `box`: those that differ between `scene` drawn with and without it. */
  async function avatarPixels(
    scene: Scene,
    pack: string,
    box: { x: number; y: number; width: number; height: number },
    name: string,
  ): Promise<number> {
    await show(scene, pack);
    const withAvatar = await shot(name);
    await show(avatarless(scene), pack);
    return differing(withAvatar, await shot(`${name}-without`), box);
  }

  async function inView(view: "isometric" | "top-down", pack: string): Promise<void> {
    await mount(pack, true);
    await gp((api, v: "isometric" | "top-down") => api.renderer()?.setView(v), view);
  }

  it.each(["isometric", "top-down"] as const)(
    "stands the avatar on the tile it shares a cell with, seen whole (%s)",
    async (view) => {
      // Rotate & Flip's first level starts the rabbit on a raised colour tile.
      const c = await controller("rotate_flip", "rf_001");
      const cell = c.scene.avatar?.piece.cell;
      if (!cell) throw new Error("no avatar");
      const onCell = (p: Piece) => p.role === "entity" && p.cell[0] === cell[0] && p.cell[1] === cell[1];
      expect(c.scene.pieces.find(onCell)?.appearance.form).toBe("tile");
      const tileless = { ...c.scene, pieces: c.scene.pieces.filter((p) => !onCell(p)) };
      await inView(view, "rotate_flip");
      await show(c.scene, "rotate_flip");
      const [foot, head] = await gp(
        (api, at: [number, number]) => [api.project(at, 0), api.project(at, 1.8)],
        cell,
      );
      if (!foot || !head) throw new Error("no projection");
      // Everything the rabbit may cover, on the tile or on the bare floor.
      const top = Math.max(0, Math.round(Math.min(foot.y, head.y) - 30));
      const box = { x: Math.round(foot.x - 45), y: top, width: 90, height: Math.round(foot.y + 40 - top) };
      // The rabbit's pixels: on the tile, and with the tile taken away (standing on the floor).
      const onTile = await avatarPixels(c.scene, "rotate_flip", box, `avatar-on-tile-${view}`);
      const onFloor = await avatarPixels(tileless, "rotate_flip", box, `avatar-on-floor-${view}`);
      expect(onFloor).toBeGreaterThan(250);
      // Standing on the tile it is seen whole, as on the floor; sunk into it, a part of it (seen from
      // above, all of it) was hidden.
      expect(onTile / onFloor, `${onTile} on the tile, ${onFloor} on the floor`).toBeGreaterThan(0.9);
      errors.assertNone();
    },
  );

  it.each(["isometric", "top-down"] as const)(
    "steps the avatar aside so the number it stands on stays readable (%s)",
    async (view) => {
      // Diagonal Swipes: two steps down put the rabbit on the tile numbered 8.
      const c = await controller("diagonal_swipes", "ds_001");
      for (const direction of ["down", "down"])
        expect(c.act({ action: "move", direction }).result.accepted).toBe(true);
      const cell = c.scene.avatar?.piece.cell;
      const numbered = c.scene.pieces.find((p) => p.appearance.text === "8");
      expect(cell).toEqual(numbered?.cell);
      if (!cell || !numbered) return;
      await inView(view, "diagonal_swipes");
      await show(c.scene, "diagonal_swipes");
      const label = await gp(
        (api, arg: { at: [number, number]; height: number }) => api.project(arg.at, arg.height),
        { at: cell, height: topOf("tile") },
      );
      // The glyph's own box: small, around where the label is written.
      const box = { x: Math.round(label.x - 7), y: Math.round(label.y - 9), width: 14, height: 18 };
      const withAvatar = await shot(`avatar-on-number-${view}`);
      await show(avatarless(c.scene), "diagonal_swipes");
      const without = await shot(`avatar-on-number-${view}-without`);
      expect(differing(without, withAvatar, box), `of ${box.width * box.height}`).toBeLessThan(12);
      // The rabbit is still there, beside the number.
      const cellBox = { x: Math.round(label.x - 40), y: Math.round(label.y - 60), width: 80, height: 80 };
      expect(differing(without, withAvatar, cellBox)).toBeGreaterThan(150);
      errors.assertNone();
    },
  );

  it("shows the avatar's outline through the hedges standing in front of it", async () => {
    // Wisp Hollow's first level: Wick at (4,5) with hedges around, those in front of it in 3D too.
    const c = await controller("wisp-hollow", "wh01_chase");
    const cell = c.scene.avatar?.piece.cell;
    if (!cell) throw new Error("no avatar");
    const [ax, ay] = cell;
    const inFront = (p: Piece) =>
      p.role === "entity" &&
      p.appearance.form === "block" &&
      p.cell[0] >= ax &&
      p.cell[1] >= ay &&
      p.cell[0] - ax + p.cell[1] - ay <= 2 &&
      !(p.cell[0] === ax && p.cell[1] === ay);
    expect(c.scene.pieces.filter(inFront).length).toBeGreaterThanOrEqual(2);
    const open = { ...c.scene, pieces: c.scene.pieces.filter((p) => !inFront(p)) };
    await inView("isometric", "wisp-hollow");
    await show(c.scene, "wisp-hollow");
    const [foot, head] = await gp(
      (api, at: [number, number]) => [api.project(at, 0), api.project(at, 1.3)],
      cell,
    );
    if (!foot || !head) throw new Error("no projection");
    const box = {
      x: Math.round(foot.x - 30),
      y: Math.round(head.y - 10),
      width: 60,
      height: Math.round(foot.y - head.y + 20),
    };
    const hidden = await avatarPixels(c.scene, "wisp-hollow", box, "avatar-behind-hedges");
    const inOpen = await avatarPixels(open, "wisp-hollow", box, "avatar-in-the-open");
    expect(inOpen).toBeGreaterThan(150);
    // Behind the hedges its whole outline still shows (faintly where a hedge covers it).
    expect(hidden / inOpen, `${hidden} behind the hedges, ${inOpen} in the open`).toBeGreaterThan(0.9);
    errors.assertNone();
  });

  it("draws the overlay frame over the raised tiles it frames", async () => {
    const c = await controller("rotate_flip", "rf_001");
    const overlay = c.scene.overlay;
    if (!overlay) throw new Error("no overlay");
    await inView("isometric", "rotate_flip");
    await show(c.scene, "rotate_flip");
    const pixels = await shot("overlay-over-tiles");
    // The frame's far corner: the far corner of its first cell, on top of the tiles there.
    const [x0, y0] = overlay.cell;
    const [centre, below] = await gp(
      (api, cells: [number, number][]) => cells.map((cell) => api.project(cell, 0.4)),
      [
        [x0, y0],
        [x0 + 1, y0 + 1],
      ],
    );
    if (!centre || !below) throw new Error("no projection");
    const corner = { x: centre.x, y: centre.y - (below.y - centre.y) / 2 };
    let framed = 0;
    for (let dy = -4; dy <= 8; dy++)
      for (let dx = -6; dx <= 6; dx++)
        if (colorDistance(pixels.at(corner.x + dx, corner.y + dy).slice(0, 3), overlay.color) < 60) framed++;
    expect(framed).toBeGreaterThan(12);
    errors.assertNone();
  });

  it("keeps GPU memory flat over 100 level loads and frees it all on dispose", async () => {
    const levels: { scene: Scene; pack: string }[] = [];
    for (const name of ["lantern-cellar", "flood_colors", "number_cells", "carrot_quest", "box_builder"]) {
      const p = await namedPack(name);
      for (const id of p.pack.levelOrder.slice(0, 2))
        levels.push({ scene: new ViewController(p.pack, id, { assets: p.assets }).scene, pack: name });
    }
    await mount("lantern-cellar");
    const memory: { geometries: number; textures: number }[] = [];
    for (let i = 0; i < 100; i++) {
      const level = levels[i % levels.length];
      if (!level) throw new Error("no level");
      await show(level.scene, level.pack);
      memory.push((await gp((api) => api.info())).memory);
    }
    for (let i = levels.length; i < memory.length; i++)
      expect(memory[i], `load ${i}`).toEqual(memory[i - levels.length]);
    const freed = await gp((api) => api.unmount());
    expect(freed.memory).toEqual({ geometries: 0, textures: 0 });

    // Level loads that each mount a renderer and dispose it leave nothing behind either.
    for (let i = 0; i < 30; i++) {
      const level = levels[i % levels.length];
      if (!level) throw new Error("no level");
      await mount(level.pack);
      await show(level.scene, level.pack);
      const left = await gp((api) => api.unmount());
      expect(left.memory).toEqual({ geometries: 0, textures: 0 });
    }
    errors.assertNone();
  }, 300_000);
});

function differingPixels(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4)
    if (
      Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) > 8 ||
      Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) > 8 ||
      Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0)) > 8
    )
      n++;
  return n;
}
