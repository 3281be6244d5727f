// @vitest-environment jsdom
import { ownPack } from "@gridponder/test-corpus";
import { type Appearance, makeAppearance } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { paintSwatch } from "../src/swatch.js";
import { holdingBadge, hudAfter, move, url } from "./helpers.js";

const plain: Omit<Appearance, "key"> = {
  sprite: null,
  mirror: false,
  display: "tile",
  form: "tile",
  color: "#1565c0",
  text: null,
  icon: null,
  opacity: 1,
  tint: null,
};

function swatch(fields: Partial<Omit<Appearance, "key">>): HTMLElement {
  const node = document.createElement("span");
  paintSwatch(node, makeAppearance({ ...plain, ...fields }), url);
  return node;
}

describe("the HUD's Holding badge", () => {
  it("shows the glyph of an item drawn as an emoji, on its colour and in its round outline", async () => {
    // Two steps left in lc04 pick up the lit taper: display emoji 🕯️, no sprite, default white.
    const panel = await hudAfter(ownPack("lantern-cellar"), "lc04_cobweb_curtains", [
      move("left"),
      move("left"),
    ]);
    expect(panel.querySelector(".gp-inventory")?.textContent).toBe("Holding:🕯️Lit taper");
    const badge = holdingBadge(panel);
    expect(badge.textContent).toBe("🕯️");
    expect(badge.classList.contains("gp-emoji")).toBe(true);
    expect(badge.classList.contains("gp-round")).toBe(true);
    expect(badge.style.backgroundColor).toBe("rgb(250, 250, 250)");
    expect(badge.style.backgroundImage).toBe("");
    // The item's name is spelled out beside it, so the glyph is not read out again.
    expect(badge.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("paintSwatch", () => {
  it("writes a label or number in the colour that reads on its background", () => {
    const dark = swatch({ display: "label", text: "7", color: "#1565c0" });
    expect([dark.textContent, dark.className, dark.style.color]).toEqual([
      "7",
      "gp-glyph",
      "rgb(255, 255, 255)",
    ]);
    const light = swatch({ display: "label", text: "7", color: "#ffd54f" });
    expect(light.style.color).toBe("rgb(17, 17, 17)");
  });

  it("falls back to the colour in the piece's outline: round for orbs and figures, square otherwise", () => {
    for (const [form, round] of [
      ["orb", true],
      ["figure", true],
      ["tile", false],
      ["block", false],
    ] as const) {
      const node = swatch({ form, color: "#8a6a58" });
      expect(node.style.backgroundColor, form).toBe("rgb(138, 106, 88)");
      expect(node.classList.contains("gp-round"), form).toBe(round);
      expect(node.textContent, form).toBe("");
    }
    // No icon font reaches the HUD: an icon kind shows its colour, not the icon's name as text.
    const icon = swatch({ display: "icon", icon: "blur_on", form: "orb", color: "#26a69a" });
    expect([icon.textContent, icon.style.backgroundColor]).toEqual(["", "rgb(38, 166, 154)"]);
  });

  it("keeps text off sprites and pack colours that are not plain hex out of the style", () => {
    const sprite = swatch({ sprite: { collection: null, path: "assets/key.png" }, text: "K", form: "orb" });
    expect(sprite.style.backgroundImage).toBe('url("/assets/pack/assets/key.png")');
    expect([sprite.textContent, sprite.classList.contains("gp-round")]).toEqual(["", false]);
    const hostile = swatch({ color: "red; background-image: url(https://x.example/)", text: "A" });
    expect([hostile.style.backgroundColor, hostile.style.color, hostile.textContent]).toEqual(["", "", "A"]);
  });
});
