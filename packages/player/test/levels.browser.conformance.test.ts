import { colorDistance, screenshotPixels } from "@gridponder/browser-harness";
import { packFolders } from "@gridponder/test-corpus";
import { expect, it } from "vitest";
import {
  goldPath,
  idle,
  mount,
  type PlayerPage,
  settled,
  type TestWindow,
  usePlayerPage,
} from "./browser.js";

// A touch screen: the d-pad shows, and taps arrive as touch input.
const p = usePlayerPage({ hasTouch: true }, { clearErrors: false });

/** Every non-void cell centre of the current level, on screen, and the background colour. */
function cellCentres(page: PlayerPage["page"]) {
  return page.evaluate(() => {
    const player = (window as never as TestWindow).gpTest.player;
    const scene = player.controller.scene;
    const out: { x: number; y: number }[] = [];
    for (let y = 0; y < scene.height; y++)
      for (let x = 0; x < scene.width; x++)
        if (!scene.void[y * scene.width + x]) out.push(player.cellCenter([x, y]));
    return { centres: out, background: scene.theme.backgroundColor };
  });
}

it("loads and draws every level of every pack with no console error", async () => {
  const packs = packFolders().map((f) => f.name);
  let levels = 0;
  for (const pack of packs) {
    // A smaller board: software WebGL pays per pixel, and every level is drawn.
    const { levels: ids } = await mount(p.page, { pack, width: 480, height: 380 });
    for (const id of ids) {
      await p.page.evaluate((level) => (window as never as TestWindow).gpTest.player.setLevel(level), id);
      await settled(p.page);
      const { centres, background } = await cellCentres(p.page);
      // Only the board's area is captured and decoded: a full page per level would dominate the run time.
      const left = Math.floor(Math.min(...centres.map((c) => c.x))) - 4;
      const top = Math.floor(Math.min(...centres.map((c) => c.y))) - 4;
      const clip = {
        x: left,
        y: top,
        width: Math.ceil(Math.max(...centres.map((c) => c.x))) + 5 - left,
        height: Math.ceil(Math.max(...centres.map((c) => c.y))) + 5 - top,
      };
      const area = await screenshotPixels(p.page, { clip });
      const shot = { at: (x: number, y: number) => area.at(x - left, y - top) };
      // Blank: a 7×7 patch around the centre all in the background colour (one dark sprite pixel is not).
      const blank = centres.filter((c) => {
        for (let dy = -3; dy <= 3; dy++)
          for (let dx = -3; dx <= 3; dx++)
            if (colorDistance(shot.at(c.x + dx, c.y + dy), background) >= 12) return false;
        return true;
      });
      expect(blank, `${pack}/${id}: cell centres showing the background`).toEqual([]);
      expect(p.errors.messages, `${pack}/${id}`).toEqual([]);
      expect(p.errors.failedRequests, `${pack}/${id}`).toEqual([]);
      levels++;
    }
  }
  expect(packs.length).toBeGreaterThanOrEqual(14);
  expect(levels).toBeGreaterThanOrEqual(100);
}, 300_000);

it("on a touch screen, plays by tapping the d-pad", async () => {
  await mount(p.page, { pack: "carrot_quest", level: "fw_001" });
  await p.page.waitForSelector("#player .gp-dpad", { state: "visible" });
  for (const action of goldPath(p.packs.get("carrot_quest"), "fw_001")) {
    await p.page.locator(`#player .gp-dpad button[data-direction=${String(action.direction)}]`).tap();
    await idle(p.page);
  }
  await p.page.waitForSelector("#player .gp-dialog[data-kind=won]", { state: "visible" });
});
