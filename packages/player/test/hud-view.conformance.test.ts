// @vitest-environment jsdom
import type { ActionInput } from "@gridponder/engine";
import { corpusPack, type ownPack } from "@gridponder/test-corpus";
import { type SpriteRef, ViewController } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { renderHud } from "../src/hud-view.js";

const url = (ref: SpriteRef) => `/assets/${ref.collection ?? "pack"}/${ref.path}`;
const move = (direction: string): ActionInput => ({ action: "move", direction });

/** The HUD panel of a level after `actions`, as the player renders it. */
async function hudAfter(loaded: ReturnType<typeof ownPack>, level: string, actions: ActionInput[]) {
  const { pack, assets } = await loaded;
  const controller = new ViewController(pack, level, { assets });
  for (const action of actions) expect(controller.act(action).result.accepted).toBe(true);
  const panel = document.createElement("aside");
  renderHud(panel, controller.hud(), controller.scene, url);
  return panel;
}

function holdingBadge(panel: HTMLElement): HTMLElement {
  const badge = panel.querySelector<HTMLElement>(".gp-inventory .gp-swatch");
  if (!badge) throw new Error("no Holding badge");
  return badge;
}

describe("the HUD's Holding badge", () => {
  it("shows the sprite of an item drawn as an image, without text", async () => {
    const panel = await hudAfter(corpusPack("carrot_quest"), "fw_005", [move("down"), move("left")]);
    const badge = holdingBadge(panel);
    expect(badge.style.backgroundImage).toBe('url("/assets/gridponder-base/sprites/tiles/torch.png")');
    expect(badge.textContent).toBe("");
    expect(badge.classList.contains("gp-round")).toBe(false);
  });
});
