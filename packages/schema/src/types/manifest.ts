import type { AssetPath, Name } from "./common.js";

/**
 * The pack's front door (`manifest.json`): who the game is, which version it is, what engine it
 * needs, and how the library should present it. The platform reads only this file to list a pack;
 * gameplay (entities, systems, rules, level order) lives in `game.json`.
 */
export interface Manifest {
  /**
   * The JSON Schema this file follows; lets editors validate and complete it. Ignored by the engine.
   * @maxLength 1024
   */
  $schema?: string;
  /**
   * The DSL version the pack is written against, as `major.minor` (for example `"0.8"`) or
   * `major.minor.patch`. The engine refuses versions it does not explicitly support.
   * @pattern ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(\.(0|[1-9][0-9]*))?$
   * @maxLength 32
   */
  dslVersion: string;
  /**
   * The version of the pack container format itself (not of the game's content). Currently always `1`.
   * @asType integer
   * @minimum 1
   */
  packVersion: number;
  /**
   * A globally unique id for the game. A reverse-domain style such as `com.author.game` is advised.
   * Only letters, digits, dots, hyphens and underscores are allowed.
   * @pattern ^[A-Za-z0-9._-]+$
   * @maxLength 128
   */
  gameId: string;
  /**
   * The game's name as shown to players.
   * @minLength 1
   * @maxLength 200
   */
  title: string;
  /**
   * Version of the game's content, as a semantic version (`major.minor.patch`, optionally with
   * a pre-release or build suffix).
   * @pattern ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$
   * @maxLength 64
   */
  version: string;
  /**
   * The oldest engine version able to run the pack, as a semantic version. An older engine
   * refuses to import the pack rather than loading it partially.
   * @pattern ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$
   * @maxLength 64
   */
  minEngineVersion: string;
  /**
   * The person or team credited for the game.
   * @maxLength 200
   */
  author?: string;
  /**
   * A short, self-contained tagline for library tiles and the home screen; aim for about 80
   * characters or fewer.
   * @maxLength 300
   */
  shortDescription?: string;
  /**
   * A paragraph explaining how the game plays: it should name each entity the way players see it
   * and spell out the rules. Used by detail views and as the header of LLM prompts. When absent,
   * `shortDescription` is used instead.
   * @maxLength 4000
   */
  description?: string;
  /**
   * Categories describing the game as a whole, used to browse packs and to group benchmark results.
   * Each is unique, lowercase kebab-case; at most 12. An empty list is accepted.
   * @maxItems 12
   * @uniqueItems true
   */
  tags?: ManifestTag[];
  /**
   * Where the game definition lives, relative to the pack root.
   * @default "game.json"
   */
  gameFile?: AssetPath;
  /**
   * The folder, relative to the pack root, that holds the level files.
   * @default "levels"
   * @maxLength 1024
   */
  levelDirectory?: string;
  /**
   * The folder, relative to the pack root, that holds the pack's assets.
   * @default "assets"
   * @maxLength 1024
   */
  assetsDirectory?: string;
  /** Cover art shown in the library, relative to the pack root. */
  coverImage?: AssetPath;
  /**
   * The licence the pack is released under: an SPDX identifier (such as `CC-BY-4.0`) or `proprietary`.
   * @maxLength 200
   */
  license?: string;
  /**
   * A web page with more about the game or its author.
   * @pattern ^https?://
   * @maxLength 1024
   */
  website?: string;
  /**
   * Ids of platform-managed shared asset collections (for example `gridponder-base`) the pack draws
   * on. An asset path is looked up in the pack's own files first, then in each collection in the
   * order listed. Import fails when a listed collection is not installed.
   * @maxItems 16
   */
  sharedAssets?: Name[];
}

/**
 * One game-level category tag: lowercase letters and digits in hyphen-separated words
 * (for example `spatial-planning`), at most 48 characters.
 * @pattern ^[a-z0-9]+(-[a-z0-9]+)*$
 * @minLength 1
 * @maxLength 48
 */
export type ManifestTag = string;
