/**
 * The checks the schema cannot make: seat and board limits, the compiler's findings (every name a
 * rule uses must be defined), and the theme's references to the game.
 * @module
 */
import { escapePointerSegment, valueAtPointer } from "@gridponder/schema";
import type { CompileError } from "../compile/context.js";
import { MAX_SEATS } from "../compile/game.js";
import type { MatchGame, MatchLevel, MatchTheme } from "../types/index.js";
import type { FileDiagnostic } from "./schema-check.js";
import { didYouMean, likelyMeant } from "./suggest.js";

/** The widest board: columns are named by one letter, `a` to `z`. */
export const MAX_BOARD_WIDTH = 26;
/** The tallest board: rows are numbered 1 to 99. */
export const MAX_BOARD_HEIGHT = 99;

function isWhole(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n);
}

/**
 * Seat counts and board sizes the compiler relies on (a seat count it can allocate, cells it can
 * name). A game failing these is not compiled: the compiler's findings would only repeat them.
 */
export function checkGameLimits(game: MatchGame): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  const { min, max } = game.seats;
  // Whether `seats[side]` is a seat count the compiler can allocate; an error when it is not.
  const seatCountIn = (side: "min" | "max", n: number) => {
    if (isWhole(n) && n >= 1 && n <= MAX_SEATS) return true;
    out.push({
      pointer: `/seats/${side}`,
      severity: "error",
      code: "seat-range",
      message: `expected a whole number of seats from 1 to ${MAX_SEATS} but found ${n}`,
    });
    return false;
  };
  seatCountIn("min", min);
  if (seatCountIn("max", max) && isWhole(min) && max < min)
    out.push({
      pointer: "/seats/max",
      severity: "error",
      code: "seat-range",
      message: `the most seats (${max}) is fewer than the fewest (${min})`,
    });
  const board = game.board;
  if (board) {
    const sides: [keyof typeof board & ("width" | "height"), number, string][] = [
      ["width", MAX_BOARD_WIDTH, "columns are named a to z"],
      ["height", MAX_BOARD_HEIGHT, "rows are numbered 1 to 99"],
    ];
    for (const [side, limit, why] of sides) {
      const n = board[side];
      if (!isWhole(n) || n < 1 || n > limit)
        out.push({
          pointer: `/board/${side}`,
          severity: "error",
          code: "board-size",
          message: `expected a whole number from 1 to ${limit} but found ${n}`,
          hint: why,
        });
    }
  }
  return out;
}

/** A level's seat count must be one the game is played with. */
export function checkLevelSeats(level: MatchLevel, game: MatchGame): FileDiagnostic[] {
  const n = level.seatCount;
  if (n === undefined) return [];
  const { min, max } = game.seats;
  const most = Math.min(max, MAX_SEATS);
  if (isWhole(n) && n >= min && n <= most) return [];
  return [
    {
      pointer: "/seatCount",
      severity: "error",
      code: "seat-count",
      message: `the game is played by ${min} to ${most} seats, not ${n}`,
    },
  ];
}

/** The names a finding's code is about, to suggest the one probably meant. */
function namesFor(code: string, game: MatchGame): string[] | undefined {
  const keys = (record: object | undefined) => Object.keys(record ?? {});
  switch (code) {
    case "unknown-type":
      return keys(game.pieces);
    case "unknown-variable":
      return keys(game.variables);
    case "unknown-seat-variable":
      return keys(game.seats.variables);
    case "unknown-seat-attribute":
      return keys(game.seats.attributes);
    case "unknown-attribute":
      return ["type", "owner", ...new Set(Object.values(game.pieces).flatMap((p) => keys(p?.attributes)))];
    case "unknown-zone":
      return (game.zones ?? []).map((z) => z.id);
    case "unknown-move":
      return game.moves.map((m) => m.id);
    case "unknown-phase":
      return keys(game.phases);
    case "unknown-enum":
      return keys(game.enums);
    default:
      return undefined;
  }
}

/** A compiler finding as a diagnostic of the file `root` was read from, with a suggestion when one helps. */
export function compileDiagnostic(
  error: CompileError,
  pointer: string,
  root: unknown,
  game: MatchGame,
): FileDiagnostic {
  const d: FileDiagnostic = { pointer, severity: "error", code: error.code, message: error.message };
  const names = namesFor(error.code, game);
  const value = valueAtPointer(root, pointer);
  const meant = names && typeof value === "string" ? likelyMeant(value, names) : undefined;
  return meant === undefined ? d : { ...d, hint: `did you mean "${meant}"?` };
}

/**
 * theme.json only draws the game: an entry for a piece type or enum the game does not have is never
 * used. Each is a warning (the game plays the same), with the name probably meant.
 */
export function checkTheme(theme: MatchTheme, game: MatchGame): FileDiagnostic[] {
  const out: FileDiagnostic[] = [];
  const types = Object.keys(game.pieces);
  for (const type of Object.keys(theme.pieces ?? {}))
    if (!Object.hasOwn(game.pieces, type))
      out.push({
        pointer: `/pieces/${escapePointerSegment(type)}`,
        severity: "warning",
        code: "theme-unknown-piece",
        message: `the game has no piece type "${type}"${didYouMean(type, types)}; this look is never used`,
      });
  const enums = game.enums ?? {};
  for (const [name, labels] of Object.entries(theme.labels ?? {})) {
    if (!Object.hasOwn(enums, name)) {
      out.push({
        pointer: `/labels/${escapePointerSegment(name)}`,
        severity: "warning",
        code: "theme-unknown-enum",
        message: `the game has no enum "${name}"${didYouMean(name, Object.keys(enums))}; these labels are never used`,
      });
      continue;
    }
    const known = enums[name] ?? [];
    for (const label of Object.keys(labels ?? {}))
      if (!known.includes(label))
        out.push({
          pointer: `/labels/${escapePointerSegment(name)}/${escapePointerSegment(label)}`,
          severity: "warning",
          code: "theme-unknown-label",
          message: `enum "${name}" has no label "${label}"${didYouMean(label, known)}; this look is never used`,
        });
  }
  const seats = theme.seats ?? [];
  if (seats.length > game.seats.max)
    out.push({
      pointer: `/seats/${game.seats.max}`,
      severity: "warning",
      code: "theme-extra-seat",
      message: `the game has at most ${game.seats.max} seats; the colours from here on are never used`,
    });
  return out;
}
