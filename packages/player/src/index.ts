/**
 * `@gridponder/player`: an embeddable Gridponder player. `mountPlayer()` for frameworks and scripts,
 * `<gridponder-player>` (registered by `@gridponder/player/define`) for plain HTML. Pages load packs
 * compiled by `compilePackForWeb` (from `@gridponder/player/node`): no validator ships to browsers.
 * @module
 */

export {
  type BoardRenderer,
  type BoardRendererOptions,
  describeAction,
  describeEvents,
  describeTurn,
} from "@gridponder/view";
export { CanvasRenderer, type CanvasRendererOptions } from "./canvas-renderer.js";
export {
  assetUrl,
  COMPILED_PACK_FORMAT,
  type CompiledPack,
  CompiledPackError,
  checkCompiledPack,
  openCompiledPack,
  openCompiledPackWith,
  registryForPack,
} from "./compiled-pack.js";
export {
  defineGridponderPlayer,
  type GridponderPlayerElement,
  PLAYER_TAG,
  playerElementClass,
} from "./element.js";
export {
  mountPlayer,
  mountPlayerWith,
  type PlayerEventDetail,
  type PlayerEventType,
  type PlayerHandle,
  type PlayerOptions,
} from "./player.js";
export { maxReplayActions, REPLAY_BUDGET, type ReplayReport } from "./replay.js";
export {
  type PartialRedraws,
  partialRedraws,
  type SceneChange,
  type SceneIndex,
  type StaysInCells,
} from "./scene-diff.js";
