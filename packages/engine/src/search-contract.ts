/**
 * `@gridponder/engine/search-contract`: what the analyses beside the runtime (the solver's relaxed
 * models and level facts) need from the engine beyond its main entry. It holds only declarations and
 * small runtime facts a search may rely on, never a search model itself:
 * - what a system declares for search in its one `search` field (`SearchDeclarations`), with the roles
 *   (`SystemRole` and its members): each is a promise about every turn of the system, and the only thing
 *   a model may know about a system's behaviour;
 * - `settlementOf`: the push operation's own rule for settling a pending move, so a model tells whether
 *   a stale pending move fires next turn by the very code the runtime runs;
 * - `PENDING_MOVE_MEMORY`: where a turn keeps the pending move between turns;
 * - `directionDelta`: a direction name's unit step, the fast form of `DIRECTION_DELTAS`.
 * Everything else a search uses (sessions, states, packs, levels) is the main entry's runtime API.
 * @module
 */

export { PENDING_MOVE_MEMORY } from "./assembly/turn.js";
export { directionDelta } from "./board/geometry.js";
export { type Settlement, type SettleView, settlementOf } from "./board/push.js";
export type { SearchDeclarations, SolidObjects, ToolUse } from "./contract/runtime.js";
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
