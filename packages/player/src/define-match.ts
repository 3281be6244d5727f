/**
 * Registers `<gridponder-match>`: import for its side effect.
 * @module
 */
import { defineGridponderMatch } from "./match/element.js";

defineGridponderMatch();
