/**
 * Who plays each seat: a person at this device, or a bot. The bots a game offers follow from the
 * game: alpha-beta only for two seats with nothing hidden; information-set MCTS plays every game.
 * Their think budgets are counts, so a bot plays the same move on every machine.
 * @module
 */
import { alphaBetaBot, type Bot, type CompiledGame, mctsBot, randomBot } from "@gridponder/match";

export type SeatPlayer = "human" | "random" | "alpha-beta" | "mcts";

export const SEAT_PLAYER_LABELS: Readonly<Record<SeatPlayer, string>> = {
  human: "Person",
  random: "Random bot",
  "alpha-beta": "Alpha-beta bot",
  mcts: "MCTS bot",
};

/** The players a seat of this game may have. */
export function seatPlayersOf(game: CompiledGame): SeatPlayer[] {
  const perfect = game.seatCount === 2 && !game.hidesInformation;
  return perfect ? ["human", "random", "alpha-beta", "mcts"] : ["human", "random", "mcts"];
}

/** The strongest bot the game offers. */
export function bestBot(game: CompiledGame): SeatPlayer {
  return seatPlayersOf(game).includes("alpha-beta") ? "alpha-beta" : "mcts";
}

/** Seat 1 a person, the others the best bot: a game against the computer. */
export function defaultSeats(game: CompiledGame): SeatPlayer[] {
  return Array.from({ length: game.seatCount }, (_, i) => (i === 0 ? "human" : bestBot(game)));
}

/** A bot for a seat; `seed` keeps a random or MCTS bot's play the same game after game. */
export function botFor(player: Exclude<SeatPlayer, "human">, game: CompiledGame, seed: number): Bot {
  if (player === "random") return randomBot({ seed });
  if (player === "alpha-beta") return alphaBetaBot({ budget: 20_000 });
  // Fewer iterations where a move's playouts are long (boards) than for cards.
  return mctsBot({ iterations: game.width > 0 ? 400 : 300, seed });
}
