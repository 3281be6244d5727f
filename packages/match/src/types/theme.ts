/**
 * theme.json of a match pack: how seats, the board, pieces and cards look. Presentation only: nothing
 * here changes how the game plays.
 * @module
 */

/** A CSS colour: `#rgb`, `#rrggbb` or a colour keyword. */
export type Colour = string;

/** How one piece type is drawn. */
export interface PieceLook {
  /** A character per seat (its last serves seats beyond it): ♔ and ♚, or X and O. */
  glyphs?: string[];
  /** One letter for text views (an agent's board, a screen reader's table): `N` for a knight. */
  letter?: string;
  /** The 3D token: a flat `disc` (draughts), a `tall` piece (chess) or a `card`. */
  shape?: "disc" | "tall" | "card";
  /**
   * The text on a card or token, with `{attribute}` replaced by the piece's value (an enum label by its
   * `labels` symbol when it has one): `"{rank}{suit}"`.
   */
  text?: string;
}

/** theme.json of a match pack. */
export interface MatchTheme {
  $schema?: string;
  /** Each seat's colour, by seat number. */
  seats?: { color: Colour }[];
  board?: { light?: Colour; dark?: Colour };
  /** Looks of piece types, by type id. */
  pieces?: Record<string, PieceLook>;
  /** Symbols and colours of enum labels, by enum and label: suits as ♥ in red. */
  labels?: Record<string, Record<string, { symbol?: string; color?: Colour }>>;
}
