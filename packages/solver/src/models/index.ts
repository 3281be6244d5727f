/**
 * The solver's models of a level, built beside the runtime from what systems and goals declare (the
 * roles of `@gridponder/engine/search-contract`, configs, goal definitions) and the runtime's public
 * API: never from how one system is implemented. `facts/` holds what a level's declarations imply for
 * every state (which layers a turn can move, what a goal can still be supplied with, which pending
 * moves matter); `carry/` is the relaxed model of levels whose systems step, push, slide and recall;
 * the files here are the smaller relaxed models and their shared helpers.
 * @module
 */

export { type AreaGrowthLevel, areaGrowthLevel } from "./area-growth.js";
export { contentBlindLayers } from "./blind-layers.js";
export type { CarryLevel } from "./carry/analysis.js";
export { decode, pendingRegion, RelaxedLayout, type RelaxedState, readyToFire } from "./carry/layout.js";
export { RelaxedModel } from "./carry/model.js";
export { type PendingRegions, pendingRegions } from "./carry/pending-regions.js";
export type { PlotGates } from "./carry/plot-gates.js";
export {
  DEFAULT_MAX_ENTRIES,
  type RelaxedCarry,
  type RelaxedCarryOptions,
  type RelaxedSpace,
  relaxedCarry,
} from "./carry/relaxed-carry.js";
export {
  type ActionBoundLayer,
  actionBoundLayers,
  type OriginFreeTeleport,
  originFreeTeleports,
} from "./facts/action-bound-layers.js";
export {
  creatableKinds,
  fixedCells,
  type GoalSupply,
  goalSupply,
} from "./facts/goal-supply.js";
export { avatarReach, hasFreeTurns, movedLayers } from "./facts/level-traits.js";
export {
  fixedGroundKinds,
  type PendingMoveKey,
  pendingMoveKey,
  slipperyGroundPossible,
} from "./facts/pending-move.js";
export { reachTargetsStayPut, targetLocks } from "./facts/target-locks.js";
export {
  actionLimitOf,
  avatarTargetOf,
  cellTargetsOf,
  clearsOf,
  goalReadsOnlyItsConfig,
  goalSearch,
  loseReadsOnlyItsConfig,
  markerCheckOf,
} from "./goal-declarations.js";
export { ORTHOGONAL_STEPS } from "./grid.js";
export { type JoiningBoxesLevel, joiningBoxesLevel, joiningBoxesRole, maskOf } from "./joining-boxes.js";
export { levelRoles } from "./level-roles.js";
export { type PlacementLevel, placementLevel } from "./placement.js";
