/**
 * Helpers the player's node and jsdom tests share (the browser tests have theirs in `browser.ts`).
 * @module
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ActionInput } from "@gridponder/engine";
import type { ownPack } from "@gridponder/test-corpus";
import { type SpriteRef, ViewController } from "@gridponder/view";
import { afterAll, beforeAll, expect } from "vitest";
import { renderHud } from "../src/hud-view.js";

/** A temporary folder for the test file: made before its tests, removed after them. */
export function useTempDir(prefix: string): { readonly path: string } {
  const dir = { path: "" };
  beforeAll(async () => {
    dir.path = await mkdtemp(join(tmpdir(), prefix));
  });
  afterAll(async () => {
    await rm(dir.path, { recursive: true, force: true });
  });
  return dir;
}

/** Where the HUD tests serve a sprite from. */
export const url = (ref: SpriteRef) => `/assets/${ref.collection ?? "pack"}/${ref.path}`;

export const move = (direction: string): ActionInput => ({ action: "move", direction });

/** The HUD panel of a level after `actions`, as the player renders it. */
export async function hudAfter(loaded: ReturnType<typeof ownPack>, level: string, actions: ActionInput[]) {
  const { pack, assets } = await loaded;
  const controller = new ViewController(pack, level, { assets });
  for (const action of actions) expect(controller.act(action).result.accepted).toBe(true);
  const panel = document.createElement("aside");
  renderHud(panel, controller.hud(), controller.scene, "isometric", url);
  return panel;
}

export function holdingBadge(panel: HTMLElement): HTMLElement {
  const badge = panel.querySelector<HTMLElement>(".gp-inventory .gp-swatch");
  if (!badge) throw new Error("no Holding badge");
  return badge;
}
