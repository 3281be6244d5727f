/**
 * The entries of the `systems` array of `game.json`: one type per built-in system, told apart by
 * `type`.
 * @module
 */

export type * from "./anchor-point.js";
export type * from "./avatar-navigation.js";
export type * from "./base.js";
export type * from "./coupled-actors.js";
export { SYSTEM_DEFAULTS, SYSTEM_TYPES } from "./defaults.js";
export type * from "./definition.js";
export type * from "./flank-capture.js";
export type * from "./flood-fill.js";
export type * from "./follower-npcs.js";
export type * from "./ice-slide.js";
export type * from "./individual-actors.js";
export type * from "./line-of-sight.js";
export type * from "./overlay-cursor.js";
export type * from "./portals.js";
export type * from "./push-objects.js";
export type * from "./queued-emitters.js";
export type * from "./region-transform.js";
export type * from "./sided-box.js";
export type * from "./slide-merge.js";
export type * from "./sliding-blocks.js";
export type * from "./support-collapse.js";
export type * from "./tile-teleport.js";
