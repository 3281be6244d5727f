/**
 * The table of a card game, from what one seat observes: every zone with its cards as text and
 * colour, a face-down card as nothing but that. A player draws this as it likes (the catalog as HTML);
 * since it is built from an observation, a card hidden from the seat is not in it.
 * @module
 */
import type { CompiledGame, Observation, SeenPiece } from "@gridponder/match";
import type { MatchLook } from "./look.js";

export interface TableCard {
  /** The card's id, for acting on it; null when it is face down. */
  readonly id: number | null;
  /** What the card shows (`8♥`); empty when face down. */
  readonly text: string;
  readonly color: string | null;
  /** Its name for screen readers (`Card: hearts 8`, `face-down card`). */
  readonly name: string;
}

export interface TableZone {
  readonly id: string;
  readonly label: string;
  readonly kind: "stack" | "row" | "hand";
  /** The seat whose zone it is; null for a shared zone. */
  readonly seat: number | null;
  readonly count: number;
  /** Bottom first. A stack shows its top card last. */
  readonly cards: readonly TableCard[];
}

/** A card's face: the type's `text` template with attribute values (enum labels by their symbol). */
export function cardFace(
  game: CompiledGame,
  look: MatchLook,
  piece: SeenPiece,
): { text: string; color: string | null } {
  const template = look.pieces[piece.type]?.text ?? null;
  let color: string | null = null;
  const valueText = (name: string): string => {
    const value = piece.attributes[name];
    const slot = game.attrIndex.get(name);
    const kind = slot === undefined ? undefined : game.attrs[slot]?.kind;
    if (typeof value === "string" && kind?.startsWith("enum:")) {
      const label = look.labels[kind.slice(5)]?.[value];
      if (label?.color) color = label.color;
      return label?.symbol ?? value;
    }
    return value === null || value === undefined ? "" : String(value);
  };
  const text =
    template === null
      ? Object.keys(piece.attributes).map(valueText).join(" ")
      : template.replace(/\{([A-Za-z0-9_-]+)\}/g, (_, name: string) => valueText(name));
  return { text, color };
}

/** The zones of an observation as a table. */
export function matchTable(game: CompiledGame, look: MatchLook, observation: Observation): TableZone[] {
  return observation.zones.map((zone) => ({
    id: zone.id,
    label: zone.label,
    kind: zone.kind,
    seat: zone.seat,
    count: zone.count,
    cards: zone.pieces.map((p): TableCard => {
      if ("hidden" in p) return { id: null, text: "", color: null, name: "face-down card" };
      const face = cardFace(game, look, p);
      const label = game.typeLabels[game.typeIndex.get(p.type) ?? -1] ?? p.type;
      const words = Object.values(p.attributes)
        .map((v) => String(v))
        .join(" ");
      return { id: p.id, text: face.text, color: face.color, name: `${label}: ${words}` };
    }),
  }));
}
