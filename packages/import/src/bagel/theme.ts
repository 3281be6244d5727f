/**
 * The imported game's looks: seat colours; pieces on a board as discs, a player's pieces in their seat's
 * colour (X and O on a 3×3 board a line wins, a crown on a separate king type, else plain discs as the
 * draughts pack's men), card text from `displayProperties` (`{value}{suit}`), suit symbols when a
 * property's values are suits. Presentation only.
 * @module
 */
import type { Effect, MatchGame, MatchTheme, PieceLook } from "@gridponder/match/validate";
import { isRecord } from "../findings.js";
import type { BagelContext } from "./context.js";

const SEAT_COLOURS = ["#d94f3d", "#2f6fbd", "#3a9a5b", "#c99a1a", "#8a4fbf", "#2aa3a3", "#d9730d", "#6b6b6b"];
const SUITS: Record<string, { symbol: string; color: string }> = {
  clubs: { symbol: "♣", color: "#1d1d1f" },
  diamonds: { symbol: "♦", color: "#c0392b" },
  hearts: { symbol: "♥", color: "#c0392b" },
  spades: { symbol: "♠", color: "#1d1d1f" },
};

/** Marks for the seats of a 3×3 line game, in seat order. */
const MARKS = ["X", "O", "△", "□", "◇", "☆", "+", "#"];
/** The draughts pack's king (packs/checkers/theme.json). */
const CROWN = "♛";
/** A disc with nothing on it: the seat's colour alone (the draughts pack's man). */
const PLAIN = " ";

/** Piece types the game puts on the board for a seat: placed with an owner, at the start or by a move. */
function ownedTypes(game: MatchGame): Set<string> {
  const owned = new Set<string>();
  for (const p of game.setup.pieces ?? []) if (p.owner !== undefined) owned.add(p.type);
  const walk = (x: unknown, depth: number): void => {
    if (depth > 64) return;
    if (Array.isArray(x)) for (const y of x) walk(y, depth + 1);
    else if (isRecord(x)) {
      const place = (x as Partial<Extract<Effect, { place: unknown }>>).place;
      if (isRecord(place) && typeof place.type === "string") owned.add(place.type);
      for (const v of Object.values(x)) walk(v, depth + 1);
    }
  };
  walk(game.moves, 0);
  walk(game.setup.do ?? [], 0);
  return owned;
}

/**
 * The board's squares: the draughts pack's when every piece starts on squares of one colour (a game
 * played on the dark squares), else two close shades (the tic-tac-toe pack's), so that a board all of
 * whose squares are played does not look like a draughts board.
 */
function boardOf(game: MatchGame): MatchTheme["board"] {
  const parities = new Set(
    (game.setup.pieces ?? []).map((p) => {
      const m = /^([a-z])(\d+)$/.exec(p.at);
      return m ? ((m[1] as string).charCodeAt(0) - 97 + Number(m[2]) - 1) % 2 : -1;
    }),
  );
  const oneColour = parities.size === 1 && !parities.has(-1);
  return oneColour ? { light: "#efe3c8", dark: "#5b7a4a" } : { light: "#e9e4d8", dark: "#d9d2c2" };
}

/** Whether some end of the game is a line of one seat's pieces. */
function wonByLines(game: MatchGame): boolean {
  return JSON.stringify(game.end).includes('"line":');
}

export function themeOf(cx: BagelContext, game: MatchGame): MatchTheme {
  const pieces: Record<string, PieceLook> = {};
  const labels: NonNullable<MatchTheme["labels"]> = {};
  const owned = ownedTypes(game);
  const marks = wonByLines(game) && cx.grid?.width === 3 && cx.grid.height === 3;
  for (const t of cx.types.values()) {
    const inZones = cx.zones.size > 0 && cx.grid === undefined;
    const shown = t.displayProperties.filter((p) => t.attrs.has(p));
    for (const p of t.displayProperties)
      if (!t.attrs.has(p) && p !== "player")
        cx.notCarried(
          t.pointer,
          `displayProperties "${p}"`,
          "the property is not part of the imported piece, so it is not shown",
        );
    const look: PieceLook = { letter: (t.name[0] ?? "?").toUpperCase() };
    if (inZones) {
      look.shape = "card";
      if (shown.length > 0) look.text = shown.map((p) => `{${p}}`).join("");
    } else {
      look.shape = "disc";
      // A player's piece shows its seat by colour, so no letter of its name (an "M" for a marker).
      if (t.perPlayer || t.rulePlayer !== "no" || owned.has(t.name))
        look.glyphs = marks ? MARKS.slice(0, cx.maxPlayers) : /king/i.test(t.name) ? [CROWN] : [PLAIN];
      if (shown.includes("isKing"))
        cx.notCarried(
          t.pointer,
          "displayProperties isKing",
          "a king is shown by the piece's state in text views only; the theme has no separate crowned look for a state",
        );
      else
        for (const name of t.attrs.keys())
          if (/king|crown/i.test(name))
            cx.notCarried(
              t.pointer,
              `state ${name}`,
              "a crowned piece looks like any other on the board (a plain disc): the theme has no look for a piece's state",
            );
    }
    pieces[t.name] = look;
    for (const [name, a] of t.attrs)
      if (a.type === "enum" && a.labels.length > 0 && a.labels.every((l) => Object.hasOwn(SUITS, l)))
        labels[`${t.name}_${name}`] = Object.fromEntries(
          a.labels.map((l) => [l, SUITS[l] as { symbol: string; color: string }]),
        );
  }
  for (const r of cx.records.values())
    if (r.displayProperties.length > 0)
      cx.notCarried(
        r.pointer,
        `${r.name} display`,
        `shown as the seat variable${r.props.size > 1 ? "s" : ""} ${[...r.props.values()].map((p) => p.variable).join(", ")}`,
      );
  return {
    seats: Array.from({ length: cx.maxPlayers }, (_, i) => ({ color: SEAT_COLOURS[i] as string })),
    ...(cx.grid ? { board: boardOf(game) } : {}),
    pieces,
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
  };
}
