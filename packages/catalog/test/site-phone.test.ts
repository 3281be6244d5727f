import { cp, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser, type Page, serveDir } from "@gridponder/browser-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SECURITY_POLICY } from "../src/components/csp.ts";
import { editJson } from "./build-helpers.ts";
import { OWN_PACKS, sharedSite } from "./site-helpers.ts";

const SHOTS = join(import.meta.dirname, "../test-results");
const WIDE = "lc99_wide_open";

/**
 * lantern-cellar with an extra level of 14×14 cells (its first level in the top-left corner of a wide
 * open cellar), and prism-tiles, whose six game buttons are the most any pack shows.
 */
async function phonePacks(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-phone-packs-"));
  for (const name of ["lantern-cellar", "prism-tiles"])
    await cp(join(OWN_PACKS, name), join(dir, name), { recursive: true });
  const levels = join(dir, "lantern-cellar", "levels");
  await cp(join(levels, "lc01_bottom_step.json"), join(levels, `${WIDE}.json`));
  await editJson(join(levels, `${WIDE}.json`), (level) => {
    const board = level.board as { size: number[]; layers: { objects: (string | null)[][] } };
    const rows = board.layers.objects.map((row) => [...row, ...Array(14 - row.length).fill(null)]);
    while (rows.length < 14) rows.push(Array(14).fill(null));
    board.size = [14, 14];
    board.layers.objects = rows;
    level.id = WIDE;
    level.title = "Wide Open";
  });
  await writeFile(join(dir, ".keep"), "");
  return dir;
}

let site: { out: string };
beforeAll(async () => {
  site = await sharedSite("phone-packs", phonePacks);
}, 300_000);

interface Layout {
  readonly cell: number;
  readonly board: readonly number[];
  readonly corners: readonly { x: number; y: number }[];
  readonly controls: readonly { text: string; box: readonly number[] }[];
  readonly links: readonly { text: string; box: readonly number[] }[];
}

async function layout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const host = document.querySelector("gridponder-player") as HTMLElement & {
      player: {
        controller: { scene: { width: number; height: number } };
        cellCenter(c: [number, number]): { x: number; y: number };
      };
    };
    const box = (n: Element) => {
      const r = n.getBoundingClientRect();
      return [r.left, r.top, r.right, r.bottom];
    };
    const { player } = host;
    const { width, height } = player.controller.scene;
    const a = player.cellCenter([0, 0]);
    const b = player.cellCenter([1, 0]);
    const shown = (n: Element) => (n as HTMLElement).offsetParent !== null;
    const root = host.shadowRoot as ShadowRoot;
    return {
      cell: Math.hypot(b.x - a.x, b.y - a.y),
      board: box(root.querySelector(".gp-board") as Element),
      corners: [player.cellCenter([0, 0]), player.cellCenter([width - 1, height - 1])],
      controls: [...root.querySelectorAll(".gp-controls button")]
        .filter(shown)
        .map((n) => ({ text: n.textContent ?? "", box: box(n) })),
      links: [...document.querySelectorAll("[data-share], [data-next]")]
        .filter(shown)
        .map((n) => ({ text: n.textContent?.trim() ?? "", box: box(n) })),
    };
  });
}

describe.each([
  [390, 844],
  [360, 640],
])("a level page on a %i×%i phone", { timeout: 300_000 }, (width, height) => {
  let close: () => Promise<void>;
  let page: Page;
  let url = "";
  beforeAll(async () => {
    const server = await serveDir(site.out, { csp: CONTENT_SECURITY_POLICY });
    const browser = await launchBrowser({
      viewport: { width, height },
      hasTouch: true,
      reducedMotion: "reduce",
    });
    close = async () => {
      await browser.close();
      await server.close();
    };
    page = await browser.newPage();
    url = server.url;
  }, 120_000);
  afterAll(async () => close?.());

  const inView = (b: readonly number[]) =>
    (b[0] ?? -1) >= 0 && (b[1] ?? -1) >= 0 && (b[2] ?? 1e9) <= width + 0.5 && (b[3] ?? 1e9) <= height + 0.5;

  async function open(path: string, view: "isometric" | "top-down"): Promise<Layout> {
    await page.goto(`${url}/${path}`);
    await page.evaluate((v) => localStorage.setItem("gridponder:view:/", v), view);
    await page.reload();
    await page.waitForFunction(
      () => (document.querySelector("gridponder-player") as never as { player: unknown }).player,
    );
    // Story screens first, as a player would.
    while (await page.locator("gridponder-player .gp-dialog[data-kind=story]").isVisible())
      await page.locator("gridponder-player .gp-dialog[data-kind=story] button").last().click();
    return layout(page);
  }

  it.each([
    ["dev-gridponder-lantern-cellar/lc01-bottom-step/", "top-down"],
    ["dev-gridponder-lantern-cellar/lc01-bottom-step/", "isometric"],
    ["dev-gridponder-prism-tiles/pt01-first-turn/", "top-down"],
    [`dev-gridponder-lantern-cellar/${WIDE.replace(/_/g, "-")}/`, "top-down"],
  ] as const)(
    "shows the whole board, every control, Share and Next without scrolling (%s, %s)",
    async (path, view) => {
      const seen = await open(path, view);
      await page.screenshot({
        path: join(SHOTS, `phone-${width}x${height}-${view}-${path.split("/")[1]}.png`),
      });
      expect(inView(seen.board), `board ${seen.board}`).toBe(true);
      for (const c of seen.corners)
        expect(inView([c.x, c.y, c.x, c.y]), `corner ${JSON.stringify(c)}`).toBe(true);
      expect(seen.controls.length).toBeGreaterThanOrEqual(5);
      for (const c of seen.controls) expect(inView(c.box), `${c.text} at ${c.box}`).toBe(true);
      // The pad shows on a touch screen.
      expect(seen.controls.some((c) => c.text === "↓" || c.text === "↙")).toBe(true);
      // An extra level (outside the designed sequence) has no next level.
      const expected = path.includes("wide")
        ? ["Share this position"]
        : ["Share this position", "Next level →"];
      expect(seen.links.map((l) => l.text)).toEqual(expected);
      for (const l of seen.links) expect(inView(l.box), `${l.text} at ${l.box}`).toBe(true);
      if (path.includes("wide") && width === 390) expect(seen.cell).toBeGreaterThanOrEqual(24);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    },
  );

  it("shows the way on after a win without scrolling", async () => {
    await open("dev-gridponder-lantern-cellar/lc01-bottom-step/", "top-down");
    await page.evaluate(async () => {
      const player = (
        document.querySelector("gridponder-player") as never as {
          player: {
            act(a: unknown): Promise<boolean>;
            pack: { levels: Record<string, { solution: { goldPath: unknown[] } }> };
          };
        }
      ).player;
      const gold = [
        { action: "move", direction: "right" },
        ...["down", "down", "right", "right", "up", "up", "right", "right", "down", "down"].map(
          (direction) => ({
            action: "move",
            direction,
          }),
        ),
      ];
      for (const action of gold) await player.act(action);
    });
    const next = page.locator("gridponder-player .gp-dialog[data-kind=won] .gp-primary");
    await next.waitFor({ state: "visible" });
    const box = await next.boundingBox();
    expect(box).not.toBeNull();
    if (box) expect(inView([box.x, box.y, box.x + box.width, box.y + box.height])).toBe(true);
    await page.screenshot({ path: join(SHOTS, `phone-${width}x${height}-won.png`) });
  });
});
