/**
 * A match as text for an agent: the board as a character grid with a legend, the zones it may see,
 * variables and scores, whose turn it is, and the recent moves, all from the agent's seat's
 * observation, so a card hidden from it is never named.
 * @module
 */
import { actionKey, type CompiledGame, type Observation } from "@gridponder/match";
import { cardFace, type MatchLook } from "@gridponder/view/match";

/** A letter per piece type: the theme's, else the first letter of its name not taken by another type. */
function lettersOf(game: CompiledGame, look: MatchLook): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  game.typeNames.forEach((type, i) => {
    const label = (game.typeLabels[i] ?? type).toLowerCase();
    const given = look.pieces[type]?.letter ?? "";
    const letter =
      [...given, ...label, ..."abcdefghijklmnopqrstuvwxyz"].find((c) => /[a-z]/.test(c) && !used.has(c)) ??
      "?";
    used.add(letter);
    out.set(type, letter);
  });
  return out;
}

function seatName(game: CompiledGame, seat: number): string {
  return game.seatNames[seat] ?? `Seat ${seat + 1}`;
}

/** The board grid: row numbers at the left, top row first; two seats as upper and lower case. */
function boardText(game: CompiledGame, look: MatchLook, observation: Observation): string[] {
  const board = observation.board;
  if (!board) return [];
  const letters = lettersOf(game, look);
  const two = game.seatCount === 2;
  const grid: string[][] = Array.from({ length: board.height }, () =>
    new Array(board.width).fill(two ? "." : ".."),
  );
  for (const p of board.pieces) {
    const x = p.at.charCodeAt(0) - 97;
    const y = Number(p.at.slice(1)) - 1;
    const letter = letters.get(p.type) ?? "?";
    const row = grid[board.height - 1 - y];
    if (row)
      row[x] = two ? (p.owner === 0 ? letter.toUpperCase() : letter) : `${letter}${(p.owner ?? -1) + 1}`;
  }
  const lines = grid.map((row, i) => `${String(board.height - i).padStart(2)} ${row.join(" ")}`);
  const files = Array.from({ length: board.width }, (_, x) => String.fromCharCode(97 + x));
  lines.push(`   ${files.join(two ? " " : "  ")}`);
  const legend = [...letters].map(([type, letter]) => `${letter} ${type}`).join(", ");
  lines.push(
    two
      ? `Pieces: ${legend}; upper case ${seatName(game, 0)}, lower case ${seatName(game, 1)}; . empty.`
      : `Pieces: ${legend}, followed by the seat number; .. empty.`,
  );
  return lines;
}

function zoneText(game: CompiledGame, look: MatchLook, observation: Observation, seat: number): string[] {
  return observation.zones.map((zone) => {
    const whose =
      zone.seat === null
        ? zone.label
        : zone.seat === seat
          ? `Your ${zone.label.toLowerCase()}`
          : `${seatName(game, zone.seat)}'s ${zone.label.toLowerCase()}`;
    const seen = zone.pieces.flatMap((p) =>
      "id" in p ? [`${cardFace(game, look, p).text} (#${p.id})`] : [],
    );
    const hidden = zone.pieces.length - seen.length;
    const parts = [`${whose}: ${zone.count} ${zone.count === 1 ? "piece" : "pieces"}`];
    if (seen.length > 0) parts.push(`${zone.kind === "stack" ? "bottom to top " : ""}${seen.join(" ")}`);
    if (hidden > 0 && seen.length > 0) parts.push(`${hidden} face down`);
    else if (hidden > 0) parts.push("face down");
    return parts.join("; ");
  });
}

/** The observation as text for the agent in `seat`. */
export function matchText(
  game: CompiledGame,
  look: MatchLook,
  observation: Observation,
  seat: number,
  recent: readonly string[],
): string {
  const lines: string[] = [`You play ${seatName(game, seat)} (seat ${seat + 1} of ${game.seatCount}).`];
  if (observation.outcome) {
    const mine = observation.outcome.results[seat];
    lines.push(
      `The game is over (${observation.outcome.reason}): you ${mine === "win" ? "won" : mine === "loss" ? "lost" : "drew"}.`,
    );
  } else
    lines.push(
      observation.current === seat
        ? "It is your move."
        : `${seatName(game, observation.current)} is to move.`,
    );
  const board = boardText(game, look, observation);
  if (board.length > 0) lines.push("", ...board);
  const zones = zoneText(game, look, observation, seat);
  if (zones.length > 0) lines.push("", ...zones);
  const vars = Object.entries(observation.variables).filter(([, v]) => v !== null);
  if (vars.length > 0) lines.push("", `Variables: ${vars.map(([k, v]) => `${k} ${String(v)}`).join(", ")}.`);
  const scores = observation.seats.filter((s) => Object.keys(s.variables).length > 0);
  if (scores.length > 0)
    lines.push(
      `Seats: ${observation.seats
        .map(
          (s, i) =>
            `${s.name}${i === seat ? " (you)" : ""} ${Object.entries(s.variables)
              .map(([k, v]) => `${k} ${String(v)}`)
              .join(" ")}`,
        )
        .join("; ")}.`,
    );
  if (recent.length > 0) lines.push("", "Since your last move:", ...recent.map((r) => `- ${r}`));
  if (observation.legal)
    lines.push(
      "",
      `Your legal moves (${observation.legal.length}), as action keys:`,
      observation.legal.map((a) => actionKey(a)).join(" "),
    );
  return lines.join("\n");
}
