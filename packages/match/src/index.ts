/**
 * `@gridponder/match`: games for two to eight seats as data — the format's types, its compiler, a
 * runtime with legal moves, undo in place and outcomes, sessions with observations per seat, and
 * game-tree counting. Everything here runs in browsers.
 * @module
 */

export { countGames, perft, perftDivide } from "./analysis/perft.js";
export {
  type AlphaBetaOptions,
  alphaBetaBot,
  alphaBetaSearch,
  type SearchResult,
} from "./bots/alpha-beta.js";
export { type Bot, seededRandom } from "./bots/bot.js";
export { determinize, hiddenFrom } from "./bots/determinize.js";
export { heuristic, rewards } from "./bots/evaluate.js";
export { type MctsOptions, mctsBot, mctsSearch } from "./bots/mcts.js";
export { randomBot } from "./bots/random.js";
export { cellName, parseCell } from "./compile/cells.js";
export type { CompileError } from "./compile/context.js";
export { EFFECT_KEYS } from "./compile/effects.js";
export { EXPRESSION_KEYS } from "./compile/expressions.js";
export { type CompiledSetup, type CompileResult, compileGame, MAX_SEATS } from "./compile/game.js";
export type {
  CompiledChoice,
  CompiledEnd,
  CompiledGame,
  CompiledMove,
  CompiledPhase,
  CompiledResult,
  CompiledZone,
  Fn,
  Rt,
  Run,
  Threat,
  ValueKind,
  VariableInfo,
} from "./contract.js";
export {
  actionKey,
  actionOf,
  type MatchAction,
  type MatchActionStep,
  parseActionKey,
} from "./runtime/actions.js";
export type { BoardPiece, Observation, ObservedValue, ObservedZone, SeenPiece } from "./runtime/observe.js";
export { observe } from "./runtime/observe.js";
export { MatchRuntime, type Move, type Outcome, type Step } from "./runtime/runtime.js";
export { MatchSession, type MatchSessionOptions, type MatchTurn } from "./runtime/session.js";
export { MatchState, type StateShape } from "./runtime/state.js";
export type * from "./types/index.js";
