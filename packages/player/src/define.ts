/**
 * Side-effect entry: importing it registers `<gridponder-player>`.
 * @module
 */
import { defineGridponderPlayer } from "./element.js";

defineGridponderPlayer();

export { type GridponderPlayerElement, PLAYER_TAG } from "./element.js";
