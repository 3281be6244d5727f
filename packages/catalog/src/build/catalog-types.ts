/**
 * The shapes of the catalog the pages are built from, apart from the code that builds it, so the modules
 * that build parts of it can name them without importing the builder.
 * @module
 */
import type { MatchManifest } from "@gridponder/match";
import type { Diagnostic, Manifest } from "@gridponder/schema";
import type { CatalogSolveOptions } from "./optima.ts";

/** A story screen of the pack's `levelSequence`. Its text is untrusted: pages escape it. */
export interface CatalogStory {
  title?: string;
  text?: string;
  /** The illustration's hashed URL, when the pack has the image. */
  imageUrl?: string;
}

export interface CatalogLevel {
  id: string;
  title: string;
  /** Index in play order (`levelOrder`: the sequence, then level files outside it). */
  index: number;
  /**
   * Place in the designed sequence (`levelSequence`), from 1; `null` for a level file outside it,
   * which the catalog lists after the sequence as an extra.
   */
  position: number | null;
  /** URL-safe segment for the level page. */
  slug: string;
  /** `sceneToSvg` of the start scene (escaped, static). */
  thumbnailSvg: string;
  goldLength: number;
  /** The proven optimal length when the build asked for optima (`solve`) and the solver proved it, else `null`. */
  optimum: number | null;
  /** The `levelSequence` stories right before this level. */
  storiesBefore: CatalogStory[];
}

export interface CatalogPack {
  /** URL-safe, unique, from `gameId`. */
  slug: string;
  /** Untrusted text: pages must escape it (Astro does by default; never `set:html`). */
  manifest: Manifest;
  /** Site URL (with Astro's base) of the content-hashed compiled pack JSON (`CompiledPack`). */
  packUrl: string;
  /** URL base the player resolves assets against (`asset-base`). */
  assetBase: string;
  /** Hashed cover image URL, or `null` (then the first level's thumbnail is used). */
  coverUrl: string | null;
  /**
   * A raster cover's WebP encodings (`srcset` candidates, narrowest first) and its size in px, or
   * `null` for an SVG cover, no cover, or one that could not be re-encoded (then `coverUrl` alone).
   */
  coverImage: { srcset: string; width: number; height: number } | null;
  levels: CatalogLevel[];
  storyCount: number;
  /** Story screens after the last level, if the sequence ends with some. */
  epilogue: CatalogStory[];
  /** Pack-relative findings that did not refuse the pack, e.g. a missing shared collection. */
  warnings: Diagnostic[];
}

/** A place to start a match game from: the game's own setup, or one of the pack's levels. */
export interface CatalogMatchPosition {
  /** The level's id; `null` for the game's own start (the standard game). */
  id: string | null;
  /** URL-safe segment of its play page; the standard game's is `play`. */
  slug: string;
  /** Untrusted text (the level's title; "Standard game" for the game's own start): pages escape it. */
  title: string;
  /** The level's description (untrusted), if it has one. */
  description: string | null;
  /** The seats it is played with when the level fixes them, else `null` (the game's range, its fewest first). */
  seatCount: number | null;
  /**
   * A static picture of the start: the board drawn by `@gridponder/renderer-svg` from the view's
   * `matchScene`, or for a game without a board its table (stacks and hands, face-down cards as backs),
   * both as seen by a spectator (so no hidden card is drawn). SVG the build generated and escaped itself.
   */
  previewSvg: string;
}

/** A match pack: a board or card game for several seats (`"format": "match"`), played on its own pages. */
export interface CatalogMatch {
  /** URL-safe, unique among packs and games, from `gameId`. */
  slug: string;
  /** Untrusted text: pages must escape it (Astro does by default; never `set:html`). */
  manifest: MatchManifest;
  /** Site URL (with Astro's base) of the content-hashed match pack file (`WebMatchPack`) `<gridponder-match>` loads. */
  fileUrl: string;
  /** How many seats play it, and their names (the game's, or "Seat 1"…). */
  seats: { min: number; max: number; names: string[] };
  /** Whether some zone hides its pieces from some seat (cards in hands): bots then search by sampling. */
  hidesInformation: boolean;
  /** The standard game first, then the pack's levels in its manifest's order. */
  positions: CatalogMatchPosition[];
  /** Findings that did not refuse the pack (warnings of the match validator), pack-relative. */
  warnings: Diagnostic[];
}

export interface Catalog {
  packs: CatalogPack[];
  /** The match packs (board and card games), in folder order after the puzzle packs' slugs were given. */
  matches: CatalogMatch[];
  /** Every puzzle pack's tag, sorted: what the home page filters the puzzle packs by (games keep theirs). */
  tags: string[];
  engineVersion: string;
  /** Catalog-wide findings that did not stop the build (packs skipped with `skipInvalid`), files located. */
  warnings: Diagnostic[];
  /** Site URL (with Astro's base) of the authoring studio the catalog carries; absent when it is left out. */
  studioUrl?: string;
}

export interface CatalogOptions {
  /** A folder of packs, a single pack folder, or several; default `GRIDPONDER_PACKS`, else `<repo>/packs`. */
  packsDir?: string | readonly string[];
  /** Leave invalid packs out with a warning instead of failing. */
  skipInvalid?: boolean;
  /** Astro's `base`; every URL in the catalog starts with it. */
  base?: string;
  /**
   * Run the solver on every level and set `optimum` where it proves one within these limits (levels
   * settled by earlier builds come from a cache file). Without it, every `optimum` is `null`.
   */
  solve?: CatalogSolveOptions;
  /**
   * Carry the authoring studio at `<base>studio/`, with the index of the catalog's packs it opens them
   * from, and an "Edit a copy" link on every level page. Default: true.
   */
  studio?: boolean;
}
