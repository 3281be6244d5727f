/**
 * `@gridponder/player/match`: the player of board and card games for several seats. `mountMatch()` for
 * scripts, `<gridponder-match>` (registered by `@gridponder/player/define-match`) for plain HTML.
 * @module
 */
export {
  defineGridponderMatch,
  type GridponderMatchElement,
  MATCH_TAG,
  matchElementClass,
} from "./element.js";
export { checkWebMatchPack, MATCH_PACK_FORMAT, type WebMatchPack } from "./match-pack.js";
export { type MatchChange, type MatchHandle, type MatchPlayerOptions, mountMatch } from "./match-player.js";
export { bestBot, defaultSeats, SEAT_PLAYER_LABELS, type SeatPlayer, seatPlayersOf } from "./seats.js";
