import { join } from "node:path";
import { colorDistance, screenshotPixels } from "@gridponder/browser-harness";
import { describe, expect, it } from "vitest";
import {
  cellCenter,
  colourCells,
  goldPath,
  KEY_OF,
  mount,
  playByPointer,
  pressTwiceInOneTask,
  RESULTS,
  settled,
  usePlayerPage,
} from "./browser.js";

const p = usePlayerPage({ packs: ["flood_colors", "number_cells", "fx_individual_actors", "carrot_quest"] });

const won = "#player .gp-dialog[data-kind=won]";

/** Where swipes start: a cell inside every board these tests play. */
const SWIPE_FROM = [1, 1] as const;

describe("the 2D fallback", () => {
  it("draws every cell in its kind's exact colour", async () => {
    const info = await mount(p.page, { pack: "flood_colors", renderer: "2d" });
    expect(info.renderer).toBe("2d");
    await settled(p.page);
    const shot = await screenshotPixels(p.page, { path: join(RESULTS, "flood_colors-2d.png") });
    const { cells } = await colourCells(p.page);
    expect(cells.length).toBe(25);
    for (const c of cells)
      expect(colorDistance(shot.at(c.at.x, c.at.y), c.expected), `${c.kind} at ${c.cell}`).toBeLessThan(4);
  });

  it("draws sprites: carrot_quest's board is not flat colour", async () => {
    await mount(p.page, { pack: "carrot_quest", level: "fw_001", renderer: "2d" });
    await settled(p.page);
    const at = await cellCenter(p.page, [1, 1]);
    const shot = await screenshotPixels(p.page, {
      clip: { x: at.x - 20, y: at.y - 20, width: 40, height: 40 },
    });
    const colours = new Set<string>();
    for (let y = 0; y < 40; y += 2)
      for (let x = 0; x < 40; x += 2) colours.add(shot.at(x, y).slice(0, 3).join(","));
    // A sprite (grass) shows many colours; a procedural fallback would show one or two.
    expect(colours.size).toBeGreaterThan(10);
    expect(p.errors.failedRequests).toEqual([]);
  });

  it("plays number_cells by swipes on the canvas", async () => {
    await mount(p.page, { pack: "number_cells", level: "nc_010", renderer: "2d" });
    await playByPointer(p.page, goldPath(p.packs.get("number_cells"), "nc_010"), { from: SWIPE_FROM });
    await p.page.waitForSelector(won, { state: "visible" });
    await p.page.screenshot({ path: join(RESULTS, "won-number_cells-2d.png") });
    p.errors.assertNone();
  });

  it("plays fx_individual_actors by taps and swipes", async () => {
    await mount(p.page, { pack: "fx_individual_actors", level: "ia_001", renderer: "2d" });
    await playByPointer(p.page, goldPath(p.packs.get("fx_individual_actors"), "ia_001"), {
      from: SWIPE_FROM,
    });
    await p.page.waitForSelector(won, { state: "visible" });
    p.errors.assertNone();
  });

  it("animates turns, and keys during an animation finish it", async () => {
    await mount(p.page, { pack: "carrot_quest", level: "fw_001", renderer: "2d", reducedMotion: false });
    const gold = goldPath(p.packs.get("carrot_quest"), "fw_001");
    const keys = gold.map((action) => KEY_OF[String(action.direction)] ?? "");
    const seen = await pressTwiceInOneTask(p.page, [keys[0] ?? "", keys[1] ?? ""]);
    expect(seen).toEqual({ animatingAfterFirst: true, moves: 2 });
    await p.page.focus("#player");
    for (const key of keys.slice(2)) await p.page.keyboard.press(key);
    await p.page.waitForSelector(won, { state: "visible" });
    p.errors.assertNone();
  });

  it("is chosen automatically when the browser has no WebGL", async () => {
    const page = await p.page.context().newPage();
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        type: string,
        ...rest: unknown[]
      ) {
        if (type.startsWith("webgl") || type === "experimental-webgl") return null;
        return (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
      } as typeof original;
    });
    await page.goto(`${p.server.url}/`);
    await page.waitForSelector("body[data-ready=true]", { state: "attached" });
    const info = await mount(page, { pack: "flood_colors" });
    expect(info.renderer).toBe("2d");
    await page.close();
  });
});
