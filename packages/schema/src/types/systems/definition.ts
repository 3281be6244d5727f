/** The union of the built-in systems' entries and the names derived from it (kept apart from `index.ts` so `defaults.ts` can name them without a cycle). */
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
