/**
 * `@gridponder/engine`: the deterministic Gridponder runtime. Load a pack, start a session on a
 * level, act, undo, redo, replay. Runs unchanged in browsers; file-system helpers live in
 * `@gridponder/engine/node`.
 * @module
 */

export {
  type ActionBoundLayer,
  actionBoundLayers,
  type OriginFreeTeleport,
  originFreeTeleports,
} from "./analysis/action-bound-layers.js";
export {
  type BoardTarget,
  boardTargets,
  creatableKinds,
  fixedCells,
  type GoalSupply,
  goalSupply,
} from "./analysis/goal-supply.js";
export { avatarReach, hasFreeTurns, movedLayers } from "./analysis/level-traits.js";
export {
  fixedGroundKinds,
  type PendingMoveKey,
  pendingMoveKey,
  slipperyGroundPossible,
} from "./analysis/pending-move.js";
export { reachTargetsStayPut, targetLocks } from "./analysis/target-locks.js";
// What systems, goals and lose conditions written outside the engine use (see `api.ts`).
export * from "./api.js";
export { builtinRegistry } from "./assembly/builtins.js";
export { type CanonicalState, canonicalState, stableStringify } from "./assembly/canonical.js";
export { LevelLoadError, prepareLevel } from "./assembly/level.js";
export {
  type CustomTypes,
  compilePack,
  customTypes,
  type LoadOptions,
  loadPack,
  prepareValidated,
  validateOptionsFor,
} from "./assembly/load.js";
export { missingTypes } from "./assembly/pack.js";
export { createRegistry, RegistryError } from "./assembly/registry.js";
export { selectedPiece } from "./assembly/selected-piece.js";
export { type ActionInput, Session, stateKey } from "./assembly/session.js";
export {
  type GameAction,
  PENDING_MOVE_MEMORY,
  resolveAction,
  runTurn,
  type TurnResult,
} from "./assembly/turn.js";
export { isPos } from "./board/geometry.js";
export { type Settlement, type SettleView, settlementOf } from "./board/push.js";
export type {
  CompiledRule,
  EffectRunner,
  LevelRuntime,
  LoadResult,
  PendingMove,
  Registry,
  RegistryParts,
  RuleBook,
  SolidObjects,
  SystemInstance,
  Test as ConditionTest,
  ToolUse,
} from "./contract/runtime.js";
export type {
  AreaGrowthRole,
  AvatarStepRole,
  PushRole,
  RecallRole,
  SlideRole,
  SystemRole,
} from "./contract/search-roles.js";
export type { MultiCellObjectState, OverlayState } from "./contract/state.js";
export { followerNpcs } from "./plugins/follower-npcs.js";
export { type AreaGrowthLevel, areaGrowthLevel } from "./search/area-growth.js";
export { contentBlindLayers } from "./search/blind-layers.js";
export type { CarryLevel } from "./search/carry/analysis.js";
export {
  decode,
  pendingRegion,
  RelaxedLayout,
  type RelaxedState,
  readyToFire,
} from "./search/carry/layout.js";
export { RelaxedModel } from "./search/carry/model.js";
export { type PendingRegions, pendingRegions } from "./search/carry/pending-regions.js";
export {
  DEFAULT_MAX_ENTRIES,
  type RelaxedCarry,
  type RelaxedCarryOptions,
  type RelaxedSpace,
  relaxedCarry,
} from "./search/carry/relaxed-carry.js";
export { ORTHOGONAL_STEPS } from "./search/grid.js";
export { levelRoles } from "./search/level-roles.js";
export { type PlacementLevel, placementLevel } from "./search/placement.js";
export { BUILTIN_SYSTEMS } from "./systems/index.js";
export {
  checkTrace,
  formatLevelReport,
  jsonDiff,
  type LevelReport,
  levelPasses,
  type Mismatch,
  type PassOptions,
  type Trace,
  type TraceRun,
} from "./tooling/conformance.js";
export { renderText, type TextRenderOptions } from "./tooling/text.js";
