// @vitest-environment jsdom
import { corpusPack } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { holdingBadge, hudAfter, move } from "./helpers.js";

describe("the HUD's Holding badge", () => {
  it("shows the sprite of an item drawn as an image, without text", async () => {
    const panel = await hudAfter(corpusPack("carrot_quest"), "fw_005", [move("down"), move("left")]);
    const badge = holdingBadge(panel);
    expect(badge.style.backgroundImage).toBe('url("/assets/gridponder-base/sprites/tiles/torch.png")');
    expect(badge.textContent).toBe("");
    expect(badge.classList.contains("gp-round")).toBe(false);
  });
});
