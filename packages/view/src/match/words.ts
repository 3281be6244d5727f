/**
 * Sentences about a match, for people and screen readers: a move as it was played, whose turn it is,
 * how the game ended. Built from the observation of the seat they are said to, so a card hidden from
 * that seat is never named (a draw says only that a card was drawn).
 * @module
 */
import type { CompiledGame, MatchAction, Observation, Outcome } from "@gridponder/match";
import type { MatchLook } from "./look.js";
import { cardFace } from "./table.js";

/** A move in words: `White: Pawn push e2 to e4`, `Seat 2: Play an eight 8♣, hearts`. */
export function describeMatchMove(
  game: CompiledGame,
  look: MatchLook,
  seat: number,
  action: MatchAction,
  after: Observation,
): string {
  const move = game.moves[game.moveIndex.get(action.move) ?? -1];
  let text = `${game.seatNames[seat] ?? `Seat ${seat + 1}`}: ${move?.label ?? action.move}`;
  if (action.from !== undefined) text += ` ${action.from}`;
  if (action.to !== undefined) text += action.from === undefined ? ` ${action.to}` : ` to ${action.to}`;
  for (const step of action.chain ?? []) if (step.to !== undefined) text += `, then ${step.to}`;
  if (action.piece !== undefined) {
    const seen = after.zones.flatMap((z) => z.pieces).find((p) => "id" in p && p.id === action.piece);
    if (seen && "id" in seen) text += ` ${cardFace(game, look, seen).text}`;
  }
  const choices = Object.values(action.choices ?? {});
  if (choices.length > 0) text += `, ${choices.join(", ")}`;
  return text;
}

/** How a game ended: `Checkmate: Black wins.`, `Stalemate: a draw.`, with scores when it ranks. */
export function describeOutcome(game: CompiledGame, outcome: Outcome): string {
  const reason = outcome.reason.charAt(0).toUpperCase() + outcome.reason.slice(1);
  const winners = outcome.results.flatMap((r, seat) =>
    r === "win" ? [game.seatNames[seat] ?? `Seat ${seat + 1}`] : [],
  );
  const result =
    winners.length === 0
      ? "a draw"
      : winners.length === 1
        ? `${winners[0]} wins`
        : `${winners.slice(0, -1).join(", ")} and ${winners.at(-1)} win`;
  const scores = outcome.scores
    ? ` (${outcome.scores.map((s, seat) => `${game.seatNames[seat] ?? `Seat ${seat + 1}`} ${s}`).join(", ")})`
    : "";
  return `${reason}: ${result}${scores}.`;
}

/** Whose turn it is: `White to move.` */
export function describeTurn(game: CompiledGame, seat: number): string {
  return `${game.seatNames[seat] ?? `Seat ${seat + 1}`} to move.`;
}
