/**
 * Run-time companions of the system types: the list of system types and the default of every
 * optional config setting that has one. These values must agree with the `@default` tags of the
 * config interfaces.
 * @module
 */
import type { SystemConfigOf, SystemType } from "./definition.js";

/**
 * Returns `list` unchanged. The parameter type only accepts a list that names every system type,
 * so leaving one out is a compile error that names the missing type.
 */
function everySystemType<const L extends readonly SystemType[]>(
  list: L &
    ([Exclude<SystemType, L[number]>] extends [never]
      ? unknown
      : { missing: Exclude<SystemType, L[number]> }),
): readonly SystemType[] {
  return list;
}

/** Every built-in system type, in catalog order. */
export const SYSTEM_TYPES: readonly SystemType[] = everySystemType([
  "avatar_navigation",
  "push_objects",
  "sliding_blocks",
  "portals",
  "slide_merge",
  "queued_emitters",
  "overlay_cursor",
  "region_transform",
  "flood_fill",
  "anchor_point",
  "coupled_actors",
  "individual_actors",
  "line_of_sight",
  "flank_capture",
  "support_collapse",
  "ice_slide",
  "tile_teleport",
  "sided_box",
  "follower_npcs",
]);

/**
 * The default of every optional config setting that has a fixed default, per system type. Settings
 * that are required, optional without a default, or whose default depends on other settings (such
 * as `support_collapse.restLayers`, which defaults to `[layer]`) are absent. An engine builds a
 * system's effective config as `{ ...SYSTEM_DEFAULTS[type], ...game config, ...level override }`.
 * The objects are shared: copy before mutating.
 */
export const SYSTEM_DEFAULTS = {
  avatar_navigation: {
    directions: ["up", "down", "left", "right"],
    solidHandling: "block",
    moveAction: "move",
    validGroundTags: [],
    groundLayer: "ground",
  },
  push_objects: {
    pushableTags: ["pushable"],
    validTargetTags: ["walkable"],
    chainPush: false,
    toolInteractions: [],
  },
  sliding_blocks: {
    moveAction: "move",
    groundLayer: "ground",
    validGroundTags: ["walkable"],
    blockingLayers: ["objects"],
    blockingTags: ["solid"],
    coverableTags: [],
    coverableBlockedRoles: [],
    escapeRoles: [],
    exitTags: ["exit"],
    escapedVariable: "escapedCount",
  },
  portals: {
    teleportTags: ["teleport"],
    matchKey: "channel",
    endMovement: true,
    teleportObjects: false,
  },
  slide_merge: {
    mergeableTags: ["mergeable"],
    mergeAction: "move",
    mergePredicate: "equal_value",
    mergeResult: "sum",
    mergeLimit: 1,
    blockerTags: ["solid"],
    wrapAround: false,
  },
  queued_emitters: {
    emitterKind: "pipe",
  },
  overlay_cursor: {
    size: [2, 2],
    moveAction: "move",
    anchorToAvatar: false,
    boundsConstrained: true,
  },
  region_transform: {
    affectedLayers: ["objects"],
    operations: {},
    blockOnVoid: false,
  },
  flood_fill: {
    floodAction: "flood",
    sourcePosition: "avatar",
    sourceKind: "cell_flooded",
    affectedLayer: "objects",
    matchBy: "color",
    colorCycle: ["red", "blue", "green", "yellow", "purple", "orange"],
    kindTransform: {},
  },
  anchor_point: {
    blockedByTags: ["solid"],
  },
  coupled_actors: {
    moveAction: "move",
    directions: ["up", "down", "left", "right"],
    actorLayer: "actors",
    groundLayer: "ground",
    wallTag: "solid",
    directionTransforms: {},
  },
  individual_actors: {
    selectAction: "tap_cell",
    moveAction: "move",
    directions: ["up", "down", "left", "right"],
    actorLayer: "actors",
    actorTag: "actor",
    groundLayer: "ground",
    wallTag: "solid",
    selectedVariable: "selectedActorKind",
    selectedPositionVariable: "selectedActorPosition",
    budgetVariable: "actorMovesRemaining",
    reactiveKinds: {},
  },
  line_of_sight: {
    triggerEvents: ["multi_cell_object_moved"],
    sourceKinds: [],
    sourceTags: [],
    sourceRoles: [],
    targetLayer: "objects",
    targetKinds: [],
    targetTags: [],
    blockingLayers: ["objects"],
    blockingTags: ["solid"],
    multiCellObjectsBlock: true,
    maxMatches: 1,
  },
  flank_capture: {
    pieceLayer: "pieces",
    directions: ["up", "down", "left", "right"],
    wallTerminates: true,
    wallLayer: "ground",
    wallTag: "solid",
    terminalKinds: {},
    triggerEvents: ["actor_moved"],
  },
  support_collapse: {
    layer: "ground",
    severableTags: ["severable"],
    rootTags: ["support_root"],
    memberTags: ["supported"],
    connectivity: "orthogonal",
    direction: "down",
    restTags: ["solid"],
    settleTransform: {},
    deflect: {},
    carryAvatar: true,
    triggerEvents: [],
  },
  ice_slide: {
    slipperyTag: "slippery",
  },
  tile_teleport: {
    layer: "objects",
  },
  sided_box: {
    moveAction: "move",
    sidedTag: "sided",
    sidesParam: "sides",
    validGroundTags: ["walkable"],
    toolInteractions: [],
  },
  follower_npcs: {
    layer: "actors",
    npcTag: "npc",
    groundLayer: "ground",
    walkableTags: ["walkable"],
    blockingTags: ["solid"],
    directions: ["up", "right", "down", "left"],
    onAvatar: "block",
  },
} satisfies { readonly [T in SystemType]: Partial<SystemConfigOf<T>> };
