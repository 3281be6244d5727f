import type { SystemType } from "@gridponder/schema";
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
import { queuedEmitters } from "./queued-emitters.js";
import { regionTransform } from "./region-transform.js";
import { sidedBox } from "./sided-box.js";
import { slideMerge } from "./slide-merge.js";
import { slidingBlocks } from "./sliding-blocks.js";
import { supportCollapse } from "./support-collapse.js";
import { tileTeleport } from "./tile-teleport.js";
import type { SystemBehaviour } from "./types.js";

/**
 * The built-in systems, one module each. A type missing here cannot be loaded: a level that uses it is
 * refused with an error naming the type.
 */
export const BUILTIN_SYSTEMS: Partial<Record<SystemType, SystemBehaviour<never>>> = {
  anchor_point: anchorPoint as SystemBehaviour<never>,
  avatar_navigation: avatarNavigation as SystemBehaviour<never>,
  coupled_actors: coupledActors as SystemBehaviour<never>,
  flank_capture: flankCapture as SystemBehaviour<never>,
  flood_fill: floodFill as SystemBehaviour<never>,
  ice_slide: iceSlide as SystemBehaviour<never>,
  individual_actors: individualActors as SystemBehaviour<never>,
  line_of_sight: lineOfSight as SystemBehaviour<never>,
  overlay_cursor: overlayCursor as SystemBehaviour<never>,
  portals: portals as SystemBehaviour<never>,
  push_objects: pushObjects as SystemBehaviour<never>,
  queued_emitters: queuedEmitters as SystemBehaviour<never>,
  region_transform: regionTransform as SystemBehaviour<never>,
  sided_box: sidedBox as SystemBehaviour<never>,
  slide_merge: slideMerge as SystemBehaviour<never>,
  sliding_blocks: slidingBlocks as SystemBehaviour<never>,
  support_collapse: supportCollapse as SystemBehaviour<never>,
  tile_teleport: tileTeleport as SystemBehaviour<never>,
};
