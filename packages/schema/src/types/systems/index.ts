/**
 * The entries of the `systems` array of `game.json`: one type per built-in system, told apart by
 * `type`.
 * @module
 */
import type { AnchorPointSystem } from "./anchor-point.js";
import type { AvatarNavigationSystem } from "./avatar-navigation.js";
import type { CoupledActorsSystem } from "./coupled-actors.js";
import type { FlankCaptureSystem } from "./flank-capture.js";
import type { FloodFillSystem } from "./flood-fill.js";
import type { FollowerNpcsSystem } from "./follower-npcs.js";
import type { IceSlideSystem } from "./ice-slide.js";
import type { IndividualActorsSystem } from "./individual-actors.js";
import type { LineOfSightSystem } from "./line-of-sight.js";
import type { OverlayCursorSystem } from "./overlay-cursor.js";
import type { PortalsSystem } from "./portals.js";
import type { PushObjectsSystem } from "./push-objects.js";
import type { QueuedEmittersSystem } from "./queued-emitters.js";
import type { RegionTransformSystem } from "./region-transform.js";
import type { SidedBoxSystem } from "./sided-box.js";
import type { SlideMergeSystem } from "./slide-merge.js";
import type { SlidingBlocksSystem } from "./sliding-blocks.js";
import type { SupportCollapseSystem } from "./support-collapse.js";
import type { TileTeleportSystem } from "./tile-teleport.js";

/**
 * One engine system the game turns on, with its configuration. `type` picks the built-in system;
 * `config` holds its settings, and any setting left out takes its documented default. Systems run
 * in the order the `systems` array lists them, within each turn phase.
 * @discriminator type
 */
export type SystemDefinition =
  | AvatarNavigationSystem
  | PushObjectsSystem
  | SlidingBlocksSystem
  | PortalsSystem
  | SlideMergeSystem
  | QueuedEmittersSystem
  | OverlayCursorSystem
  | RegionTransformSystem
  | FloodFillSystem
  | AnchorPointSystem
  | CoupledActorsSystem
  | IndividualActorsSystem
  | LineOfSightSystem
  | FlankCaptureSystem
  | SupportCollapseSystem
  | IceSlideSystem
  | TileTeleportSystem
  | SidedBoxSystem
  | FollowerNpcsSystem;

/** The name of a built-in system, as written in a system entry's `type`. */
export type SystemType = SystemDefinition["type"];

/** The type of the `config` object of the system named `T`. */
export type SystemConfigOf<T extends SystemType> = NonNullable<
  Extract<SystemDefinition, { type: T }>["config"]
>;

export type * from "./anchor-point.js";
export type * from "./avatar-navigation.js";
export type * from "./base.js";
export type * from "./coupled-actors.js";
export { SYSTEM_DEFAULTS, SYSTEM_TYPES } from "./defaults.js";
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
