/**
 * The imported game's looks: seat colours, a glyph per seat for pieces (from a `player`-coloured
 * marker's name), card text from `displayProperties` (`{value}{suit}`), suit symbols when a property's
 * values are suits. Presentation only.
 * @module
 */
import type { MatchTheme, PieceLook } from "@gridponder/match/validate";
import type { BagelContext } from "./context.js";

const SEAT_COLOURS = ["#d94f3d", "#2f6fbd", "#3a9a5b", "#c99a1a", "#8a4fbf", "#2aa3a3", "#d9730d", "#6b6b6b"];
const SUITS: Record<string, { symbol: string; color: string }> = {
  clubs: { symbol: "♣", color: "#1d1d1f" },
  diamonds: { symbol: "♦", color: "#c0392b" },
  hearts: { symbol: "♥", color: "#c0392b" },
  spades: { symbol: "♠", color: "#1d1d1f" },
};

export function themeOf(cx: BagelContext): MatchTheme {
  const pieces: Record<string, PieceLook> = {};
  const labels: NonNullable<MatchTheme["labels"]> = {};
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
      if (t.perPlayer && t.name === "playerMarker") look.glyphs = ["X", "O", "△", "□", "◇", "☆", "+", "#"];
      if (shown.includes("isKing"))
        cx.notCarried(
          t.pointer,
          "displayProperties isKing",
          "a king is shown by the piece's state in text views only; the theme has no separate crowned look for a state",
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
    pieces,
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
  };
}
