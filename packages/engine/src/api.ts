/**
 * What a system, goal or lose condition type written outside the engine may use: the definitions a
 * registry takes, what hooks see, and the board operations that report changes the way the DSL
 * defines. The built-in plug-ins in `plugins/` use nothing else (a test checks it), as the proof that
 * it is enough. Everything here is exported from the package's entry point too.
 * @module
 */

export { defineSystem } from "./assembly/registry.js";
export { DIRECTION_DELTAS } from "./board/geometry.js";
export { moveAvatar, placeEntity, removeEntity } from "./board/ops.js";
export { pushDestination, pushEntity, reportPush, type SettleView } from "./board/push.js";
export type { EventDefinition, EventSaying, GameEvent, PieceChange } from "./contract/events.js";
export type { Entity, KindInfo, Params, Pos } from "./contract/model.js";
export type {
  ActorClaims,
  AvatarTarget,
  CellTarget,
  ClearedSelection,
  ConditionDefinition,
  EffectDefinition,
  GoalCheck,
  GoalDefinition,
  GoalEntry,
  GoalSearchDeclarations,
  GoalStatus,
  LayerInfo,
  LoseConditionDefinition,
  LoseConditionEntry,
  MarkerCheck,
  Pack,
  PresentationWords,
  PushRule,
  ResolvedAction,
  SearchDeclarations,
  SelectedPiece,
  SystemBehaviour,
  SystemContext,
  SystemDefinition,
  TurnContext,
  TurnScratch,
} from "./contract/runtime.js";
export type { AvatarState, Draft, GameState } from "./contract/state.js";
