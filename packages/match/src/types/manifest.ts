/**
 * manifest.json of a match pack.
 * @module
 */

/** manifest.json of a match pack: what it is and who made it. */
export interface MatchManifest {
  $schema?: string;
  /** Always `match`: a game for several seats, not a puzzle pack. */
  format: "match";
  /** A stable id: lowercase words joined by hyphens. */
  gameId: string;
  title: string;
  version: string;
  description?: string;
  author?: string;
  tags?: string[];
  /** The pack's positions (levels/<id>.json) in order; the game's own setup alone when left out. */
  levels?: string[];
}

/** A position to start from (levels/<id>.json): a setup in place of the game's. */
export interface MatchLevel {
  $schema?: string;
  title: string;
  description?: string;
  /** How many seats play it; the game's `seats.min` when left out. */
  seatCount?: number;
  setup?: import("./game.js").Setup;
}
