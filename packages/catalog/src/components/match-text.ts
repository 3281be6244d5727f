/**
 * Words about a match game shared by its pages and their script: how many seats, who may play them.
 * Plain functions of the catalog's data, so they run at build time and in the browser alike.
 * @module
 */
import type { MatchSeat } from "../client/match-share-code.ts";

/** What the player calls each kind of seat player (`SEAT_PLAYER_LABELS` of `@gridponder/player/match`). */
export const SEAT_LABELS: Readonly<Record<MatchSeat, string>> = {
  human: "Person",
  random: "Random bot",
  "alpha-beta": "Alpha-beta bot",
  mcts: "MCTS bot",
};

/** "2 seats", "2 to 5 seats". */
export function seatRange(min: number, max: number): string {
  return min === max ? `${min} seat${min === 1 ? "" : "s"}` : `${min} to ${max} seats`;
}

/**
 * The players the match player offers a seat of a game with `seatCount` seats (its `seatPlayersOf`):
 * alpha-beta only for two seats with nothing hidden; the random bot and MCTS play every game.
 */
export function seatPlayers(seatCount: number, hidesInformation: boolean): MatchSeat[] {
  return seatCount === 2 && !hidesInformation
    ? ["human", "random", "alpha-beta", "mcts"]
    : ["human", "random", "mcts"];
}

/** Who plays when nobody has chosen (the player's `defaultSeats`): seat 1 a person, the rest the best bot. */
export function defaultSeatPlayers(seatCount: number, hidesInformation: boolean): MatchSeat[] {
  const best = seatPlayers(seatCount, hidesInformation).includes("alpha-beta") ? "alpha-beta" : "mcts";
  return Array.from({ length: seatCount }, (_, i) => (i === 0 ? "human" : best));
}

/** "Crosses: Person · Noughts: Alpha-beta bot": who plays each seat. */
export function seatsLine(names: readonly string[], seats: readonly MatchSeat[]): string {
  return seats.map((player, i) => `${names[i] ?? `Seat ${i + 1}`}: ${SEAT_LABELS[player]}`).join(" · ");
}
