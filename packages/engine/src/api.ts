/**
 * What a system, goal or lose condition type written outside the engine may use: the definitions a
 * registry takes, what hooks see, and the board operations that report changes the way the DSL
 * defines. The built-in plug-ins in `plugins/` use nothing else (a test checks it), as the proof that
 * it is enough. Everything here is exported from the package's entry point too.
 * @module
 */
export type { GameEvent } from "./events.js";
export { DIRECTION_DELTAS, type Entity, type KindInfo, type Params, type Pos } from "./model.js";
export { moveAvatar, placeEntity, removeEntity } from "./ops.js";
export type { LayerInfo, Pack } from "./pack.js";
export {
  defineSystem,
  type GoalCheck,
  type GoalDefinition,
  type GoalEntry,
  type GoalStatus,
  type LoseConditionDefinition,
  type LoseConditionEntry,
  type SystemDefinition,
} from "./registry.js";
export type { AvatarState, Draft, GameState } from "./state.js";
export type {
  ResolvedAction,
  SystemBehaviour,
  SystemContext,
  TurnContext,
  TurnScratch,
} from "./systems/types.js";
