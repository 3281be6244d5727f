/**
 * The random bot: a legal move chosen uniformly, from its own seeded generator.
 * @module
 */
import { type Bot, movesOf, seededRandom } from "./bot.js";

export function randomBot(options: { seed?: number } = {}): Bot {
  const random = seededRandom(options.seed ?? 1);
  return {
    name: "random",
    choose(position) {
      const moves = movesOf(position);
      return moves[Math.floor(random() * moves.length)] as (typeof moves)[number];
    },
  };
}
