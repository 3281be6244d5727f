/**
 * A theme for an imported specification: seat colours from the roles' names, and piece looks from the
 * kind names (chess and draughts pieces get their usual symbols, anything else its initial).
 * @module
 */
import type { MatchTheme, PieceLook } from "@gridponder/match/validate";

const COLOURS: [RegExp, string][] = [
  [/white|light|ivory/i, "#f2ede1"],
  [/black|dark/i, "#2b2d33"],
  [/red/i, "#c8372d"],
  [/blue/i, "#2f6db5"],
  [/green/i, "#3c8a4a"],
  [/yellow|gold/i, "#e0b52c"],
];
const PALETTE = ["#f2ede1", "#2b2d33", "#c8372d", "#2f6db5", "#3c8a4a", "#e0b52c", "#8a4fb5", "#d9782d"];

const CHESS: Record<string, [string, string]> = {
  king: ["♚", "k"],
  queen: ["♛", "q"],
  rook: ["♜", "r"],
  bishop: ["♝", "b"],
  knight: ["♞", "n"],
  pawn: ["♟", "p"],
};

/** The theme of seats named `seats` and piece types with these kind names, by type id. */
export function themeFor(seats: readonly string[], kinds: ReadonlyMap<string, string>): MatchTheme {
  const used = new Set<string>();
  const seatColours = seats.map((name, i) => {
    const hit = COLOURS.find(([re, c]) => re.test(name) && !used.has(c));
    const color = hit?.[1] ?? PALETTE.find((c) => !used.has(c)) ?? (PALETTE[i % PALETTE.length] as string);
    used.add(color);
    return { color };
  });
  const names = new Set(kinds.values());
  const chessLike = [...names].some((n) => n in CHESS && n !== "king");
  const pieces: Record<string, PieceLook> = {};
  for (const [id, kind] of kinds) {
    const chess = Object.hasOwn(CHESS, kind) ? CHESS[kind] : undefined;
    if (chessLike && chess) pieces[id] = { glyphs: [chess[0]], letter: chess[1], shape: "tall" };
    else if (kind === "man") pieces[id] = { glyphs: [" "], letter: "m", shape: "disc" };
    else if (kind === "king") pieces[id] = { glyphs: ["♛"], letter: "k", shape: "disc" };
    else {
      const letter = (kind.match(/[a-z0-9]/i)?.[0] ?? "?").toLowerCase();
      pieces[id] = { glyphs: [letter.toUpperCase()], letter, shape: "disc" };
    }
  }
  return { seats: seatColours, board: { light: "#efe3c8", dark: "#8a6a4a" }, pieces };
}
