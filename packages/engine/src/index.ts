/**
 * `@gridponder/engine`: the deterministic Gridponder runtime. Load a pack, start a session on a
 * level, act, undo, redo, replay. Runs unchanged in browsers; file-system helpers live in
 * `@gridponder/engine/node`. What searches need beyond this runtime API (the roles systems declare,
 * the push operation's settling rule) is `@gridponder/engine/search-contract`.
 * @module
 */

// What systems, goals and lose conditions written outside the engine use (see `api.ts`).
export * from "./api.js";
export { axisActions } from "./assembly/axis-actions.js";
export { builtinRegistry } from "./assembly/builtins.js";
export { type CanonicalState, canonicalState, stableStringify } from "./assembly/canonical.js";
export { LevelLoadError } from "./assembly/level.js";
export {
  compilePack,
  compilePackWith,
  type LoadOptions,
  loadPack,
  prepareValidated,
  validateOptionsFor,
} from "./assembly/load.js";
export { ON_DEMAND_SYSTEM_TYPES, registryFor } from "./assembly/on-demand.js";
export { missingTypes } from "./assembly/pack.js";
export { createRegistry, RegistryError } from "./assembly/registry.js";
export { selectedPiece } from "./assembly/selected-piece.js";
export { type ActionInput, Session, stateKey } from "./assembly/session.js";
export {
  type GameAction,
  resolveAction,
  runTurn,
  type TurnResult,
} from "./assembly/turn.js";
export { isPos } from "./board/geometry.js";
export { freezeJson } from "./board/json.js";
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
  JoiningBoxesRole,
  PushRole,
  RecallRole,
  SlideRole,
  SystemRole,
  TeleportRole,
} from "./contract/search-roles.js";
export type { MultiCellObjectState, OverlayState } from "./contract/state.js";
export { BUILTIN_SYSTEMS } from "./systems/index.js";
export {
  checkTrace,
  formatLevelReport,
  type LevelReport,
  levelPasses,
  type Mismatch,
  type PassOptions,
  type Trace,
  type TraceRun,
} from "./tooling/conformance.js";
