/**
 * How a match game looks, resolved once from its theme with every gap filled: seat colours, board
 * squares, each piece type's glyphs and 3D form, and the symbols of enum labels (suits).
 * @module
 */
import type { CompiledGame, MatchTheme } from "@gridponder/match";
import { BUILTIN_PALETTE, parseColor } from "../colors.js";
import type { Form } from "../types.js";

/** A piece type's look for each seat. */
export interface MatchPieceLook {
  /** The glyph drawn on the piece, per seat (the last serves seats beyond). */
  readonly glyphs: readonly string[];
  readonly form: Form;
  /** A card's face text template, `{attribute}` replaced; null for a board piece. */
  readonly text: string | null;
  /** The theme's letter for text views, lower case; null when it gives none. */
  readonly letter: string | null;
}

export interface MatchLook {
  readonly seatColors: readonly string[];
  readonly light: string;
  readonly dark: string;
  /** Marks drawn on squares: a selected piece's square, the squares it may go to, the last move. */
  readonly selectColor: string;
  readonly targetColor: string;
  readonly lastMoveColor: string;
  readonly pieces: Readonly<Record<string, MatchPieceLook>>;
  /** Enum label → symbol and colour (`♥`, red). */
  readonly labels: Readonly<
    Record<string, Readonly<Record<string, { symbol: string; color: string | null }>>>
  >;
}

/** Seat colours when the theme gives none: light and dark first, as most two-seat games expect. */
const SEAT_COLORS = ["#f2efe6", "#2b2d33", "#d64545", "#3f7fd9", "#3fae5a", "#e0a030", "#9b59b6", "#1abc9c"];

const FORMS: Record<string, Form> = { disc: "tile", tall: "crate", card: "tile" };

function color(value: string | undefined, fallback: string): string {
  return (value && parseColor(value, BUILTIN_PALETTE)?.color) || fallback;
}

/** The look of a compiled game under its theme (or none). Theme names the game lacks are ignored. */
export function matchLook(game: CompiledGame, theme: MatchTheme | undefined): MatchLook {
  const pieces: Record<string, MatchPieceLook> = Object.create(null);
  for (const [i, type] of game.typeNames.entries()) {
    const look = theme?.pieces?.[type];
    const label = game.typeLabels[i] ?? type;
    pieces[type] = {
      glyphs: look?.glyphs && look.glyphs.length > 0 ? look.glyphs : [label.slice(0, 1).toUpperCase()],
      form: FORMS[look?.shape ?? "disc"] ?? "tile",
      text: look?.text ?? null,
      letter: look?.letter && /^[A-Za-z]$/.test(look.letter) ? look.letter.toLowerCase() : null,
    };
  }
  const labels: Record<string, Record<string, { symbol: string; color: string | null }>> = Object.create(
    null,
  );
  for (const [name, values] of game.enums) {
    const given = theme?.labels?.[name];
    const entries: Record<string, { symbol: string; color: string | null }> = Object.create(null);
    for (const label of values) {
      const l = given?.[label];
      entries[label] = { symbol: l?.symbol ?? label, color: l?.color ? color(l.color, "#1d1d1f") : null };
    }
    labels[name] = entries;
  }
  return {
    seatColors: Array.from({ length: game.seatCount }, (_, i) =>
      color(theme?.seats?.[i]?.color, SEAT_COLORS[i % SEAT_COLORS.length] as string),
    ),
    light: color(theme?.board?.light, "#e9dcc0"),
    dark: color(theme?.board?.dark, "#8a6a4a"),
    selectColor: "#f5c542",
    targetColor: "#6fcf97",
    lastMoveColor: "#c9b458",
    pieces,
    labels,
  };
}

/** The glyph a seat's piece of this type shows. */
export function glyphOf(look: MatchLook, type: string, owner: number | null): string {
  const glyphs = look.pieces[type]?.glyphs ?? [type.slice(0, 1).toUpperCase()];
  return glyphs[Math.min(owner ?? 0, glyphs.length - 1)] ?? "";
}
