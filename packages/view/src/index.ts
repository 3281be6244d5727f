/**
 * `@gridponder/view`: the renderer-agnostic view model of a Gridponder level. Scenes with stable visual
 * identities, per-turn animation timelines, the HUD and the input model, all pure data built from engine
 * sessions. No DOM and no graphics library: renderers draw what this package describes.
 * @module
 */

export * from "./appearance.js";
export * from "./assets.js";
export * from "./avatar.js";
export * from "./board-view.js";
export * from "./board-words.js";
export * from "./colors.js";
export * from "./context.js";
export * from "./controller.js";
export * from "./describe.js";
export * from "./goal-grid.js";
export * from "./hud.js";
export * from "./identity.js";
export * from "./input.js";
export * from "./keyboard.js";
export * from "./names.js";
export * from "./outline.js";
export type * from "./render/contract.js";
export * from "./render/text.js";
export * from "./sample.js";
export * from "./scene.js";
export * from "./sound.js";
export * from "./timeline.js";
export * from "./transition.js";
export type * from "./types.js";
