import { join } from "node:path";
import { colorDistance, decodePng, type Pixels } from "@gridponder/browser-harness";
import type { ActionInput } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { mount, RESULTS, settled, usePlayerPage } from "./browser.js";

// Three device pixels per CSS pixel, so the 16 px badge is big enough to tell a glyph from a blank.
const p = usePlayerPage({ packs: ["lantern-cellar", "carrot_quest"], deviceScaleFactor: 3 });

const move = (direction: string): ActionInput => ({ action: "move", direction });
const badge = () => p.page.locator("#player .gp-inventory .gp-swatch");

/** Opens a level after `actions`, screenshots the HUD, and returns the Holding badge's pixels. */
async function holding(pack: string, level: string, actions: ActionInput[], shot: string): Promise<Pixels> {
  await mount(p.page, { pack, level, initialActions: actions });
  await settled(p.page);
  await p.page.locator("#player .gp-hud").screenshot({ path: join(RESULTS, shot) });
  return decodePng(await badge().screenshot());
}

/** The share of the badge's inner pixels (rounded corners left out) farther than 60 from `colour`. */
function shareUnlike(pixels: Pixels, colour: string): number {
  const inset = Math.ceil(Math.min(pixels.width, pixels.height) * 0.25);
  let unlike = 0;
  let all = 0;
  for (let y = inset; y < pixels.height - inset; y++)
    for (let x = inset; x < pixels.width - inset; x++) {
      all++;
      if (colorDistance(pixels.at(x, y).slice(0, 3), colour) > 60) unlike++;
    }
  return unlike / all;
}

describe("the HUD's Holding badge", () => {
  it("shows the glyph of an item drawn as an emoji, not a blank square", async () => {
    // Two steps left in lc04 pick up the lit taper (display: emoji 🕯️ on the default white).
    const pixels = await holding(
      "lantern-cellar",
      "lc04_cobweb_curtains",
      [move("left"), move("left")],
      "hud-holding-emoji.png",
    );
    expect(await p.page.locator("#player .gp-inventory").textContent()).toContain("Lit taper");
    expect(await badge().textContent()).toBe("🕯️");
    // Whatever font draws it, the glyph inks part of the badge's white face.
    expect(shareUnlike(pixels, "#fafafa")).toBeGreaterThan(0.05);
    p.errors.assertNone();
  });

  it("shows the sprite of an item drawn as an image", async () => {
    // Down, left in fw_005 pick up the torch (gridponder-base sprites/tiles/torch.png on #ffd34e).
    const pixels = await holding(
      "carrot_quest",
      "fw_005",
      [move("down"), move("left")],
      "hud-holding-sprite.png",
    );
    expect(await badge().evaluate((n) => getComputedStyle(n).backgroundImage)).toMatch(/torch\.png/);
    expect(await badge().textContent()).toBe("");
    expect(shareUnlike(pixels, "#ffd34e")).toBeGreaterThan(0.05);
    p.errors.assertNone();
  });
});
