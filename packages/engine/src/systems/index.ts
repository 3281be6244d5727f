import type { SystemType } from "@gridponder/schema";
import type { SystemDefinition } from "../contract/runtime.js";
import { anchorPoint } from "./anchor-point.js";
import { avatarNavigation } from "./avatar-navigation.js";
import { coupledActors } from "./coupled-actors.js";
import { flankCapture } from "./flank-capture.js";
import { floodFill } from "./flood-fill.js";
import { iceSlide } from "./ice-slide.js";
import { individualActors } from "./individual-actors.js";
import { lineOfSight } from "./line-of-sight.js";
import { overlayCursor } from "./overlay-cursor.js";
import { portals } from "./portals.js";
import { pushObjects } from "./push-objects.js";
import { queuedEmitters } from "./queued-emitters/index.js";
import { regionTransform } from "./region-transform.js";
import { sidedBox } from "./sided-box.js";
import { slideMerge } from "./slide-merge.js";
import { slidingBlocks } from "./sliding-blocks.js";
import { supportCollapse } from "./support-collapse.js";
import { tileTeleport } from "./tile-teleport.js";
import { withDefaults } from "./with-defaults.js";

/**
 * The built-in systems, one module each, with their documented defaults. A type missing here cannot be
 * loaded: a level that uses it is refused with an error naming the type.
 * Exported for the solver's tests of the systems' search roles; `builtinRegistry` is the public form. Not
 * part of the public API.
 * @internal
 */
export const BUILTIN_SYSTEMS: Partial<Record<SystemType, SystemDefinition<never>>> = {
  anchor_point: withDefaults(anchorPoint),
  avatar_navigation: withDefaults(avatarNavigation),
  coupled_actors: withDefaults(coupledActors),
  flank_capture: withDefaults(flankCapture),
  flood_fill: withDefaults(floodFill),
  ice_slide: withDefaults(iceSlide),
  individual_actors: withDefaults(individualActors),
  line_of_sight: withDefaults(lineOfSight),
  overlay_cursor: withDefaults(overlayCursor),
  portals: withDefaults(portals),
  push_objects: withDefaults(pushObjects),
  queued_emitters: withDefaults(queuedEmitters),
  region_transform: withDefaults(regionTransform),
  sided_box: withDefaults(sidedBox),
  slide_merge: withDefaults(slideMerge),
  sliding_blocks: withDefaults(slidingBlocks),
  support_collapse: withDefaults(supportCollapse),
  tile_teleport: withDefaults(tileTeleport),
};
