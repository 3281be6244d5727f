import type { Registry, SystemDefinition } from "../contract/runtime.js";
import { BUILTIN_GOALS, BUILTIN_LOSE_CONDITIONS } from "../goals/index.js";
import { withDefaults } from "../systems/with-defaults.js";
import { createRegistry } from "./registry.js";

type Loader = () => Promise<SystemDefinition<never>>;

/**
 * Each built-in system type behind its own dynamic import, so a bundler puts each in a chunk of its own
 * and a page loads only the systems its pack names. The set is the one `builtinRegistry` holds (a test
 * keeps the two equal).
 */
const LOADERS: Readonly<Record<string, Loader>> = {
  anchor_point: () => import("../systems/anchor-point.js").then((m) => withDefaults(m.anchorPoint)),
  avatar_navigation: () =>
    import("../systems/avatar-navigation.js").then((m) => withDefaults(m.avatarNavigation)),
  coupled_actors: () => import("../systems/coupled-actors.js").then((m) => withDefaults(m.coupledActors)),
  flank_capture: () => import("../systems/flank-capture.js").then((m) => withDefaults(m.flankCapture)),
  flood_fill: () => import("../systems/flood-fill.js").then((m) => withDefaults(m.floodFill)),
  ice_slide: () => import("../systems/ice-slide.js").then((m) => withDefaults(m.iceSlide)),
  individual_actors: () =>
    import("../systems/individual-actors.js").then((m) => withDefaults(m.individualActors)),
  line_of_sight: () => import("../systems/line-of-sight.js").then((m) => withDefaults(m.lineOfSight)),
  overlay_cursor: () => import("../systems/overlay-cursor.js").then((m) => withDefaults(m.overlayCursor)),
  portals: () => import("../systems/portals.js").then((m) => withDefaults(m.portals)),
  push_objects: () => import("../systems/push-objects.js").then((m) => withDefaults(m.pushObjects)),
  queued_emitters: () =>
    import("../systems/queued-emitters/index.js").then((m) => withDefaults(m.queuedEmitters)),
  region_transform: () =>
    import("../systems/region-transform.js").then((m) => withDefaults(m.regionTransform)),
  sided_box: () => import("../systems/sided-box.js").then((m) => withDefaults(m.sidedBox)),
  slide_merge: () => import("../systems/slide-merge.js").then((m) => withDefaults(m.slideMerge)),
  sliding_blocks: () => import("../systems/sliding-blocks.js").then((m) => withDefaults(m.slidingBlocks)),
  support_collapse: () =>
    import("../systems/support-collapse.js").then((m) => withDefaults(m.supportCollapse)),
  tile_teleport: () => import("../systems/tile-teleport.js").then((m) => withDefaults(m.tileTeleport)),
  follower_npcs: () => import("../plugins/follower-npcs.js").then((m) => m.followerNpcs),
};

/** The system types {@link registryFor} can load. */
export const ON_DEMAND_SYSTEM_TYPES: readonly string[] = Object.keys(LOADERS);

/**
 * A registry with every built-in goal and lose condition but only the built-in systems `game` names,
 * each loaded when first asked for: for pages, where shipping all nineteen systems up front would
 * cost every pack the code of the others. A type that is not built in is left out, for
 * `missingTypes` to report. Packs play the same with it as with `builtinRegistry`.
 */
export async function registryFor(game: {
  readonly systems: readonly { readonly type: string }[];
}): Promise<Registry> {
  const types = [...new Set(game.systems.map((s) => s.type))].filter((t) => Object.hasOwn(LOADERS, t));
  const systems = await Promise.all(types.map((t) => (LOADERS[t] as Loader)()));
  return createRegistry({ systems, goals: BUILTIN_GOALS, loseConditions: BUILTIN_LOSE_CONDITIONS });
}
