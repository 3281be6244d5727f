/**
 * `@gridponder/engine`: the deterministic Gridponder runtime. Load a pack, start a session on a
 * level, act, undo, redo, replay. Runs unchanged in browsers; file-system helpers live in
 * `@gridponder/engine/node`. What searches need beyond this runtime API (the roles systems declare,
 * the push operation's settling rule) is `@gridponder/engine/search-contract`.
 * @module
 */

// What systems, goals and lose conditions written outside the engine use (see `api.ts`).
export * from "./api.js";
export { builtinRegistry } from "./builtins.js";
export { type CanonicalState, canonicalState, stableStringify } from "./canonical.js";
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
} from "./conformance.js";
export { LevelLoadError, type LevelRuntime, prepareLevel } from "./level.js";
export {
  type CustomTypes,
  compilePack,
  customTypes,
  type LoadOptions,
  loadPack,
  prepareValidated,
  validateOptionsFor,
} from "./load.js";
export { isPos } from "./model.js";
export { type LoadResult, missingTypes } from "./pack.js";
export { followerNpcs } from "./plugins/follower-npcs.js";
export {
  createRegistry,
  type Registry,
  RegistryError,
  type RegistryParts,
} from "./registry.js";
export type { CompiledRule, RuleBook } from "./rules/compile.js";
export type { Test as ConditionTest } from "./rules/conditions.js";
export type { EffectRunner } from "./rules/effects.js";
export { type ActionInput, Session, stateKey } from "./session.js";
export type { MultiCellObjectState, OverlayState } from "./state.js";
export { BUILTIN_SYSTEMS } from "./systems/index.js";
export type { PendingMove, SolidObjects, SystemInstance, ToolUse } from "./systems/types.js";
export { renderText, type TextRenderOptions } from "./text.js";
export { type GameAction, resolveAction, runTurn, type TurnResult } from "./turn.js";
