/** This repository's `packs/`: puzzle packs and match packs side by side. */
export declare const OWN_PACKS: string;
/** Whether the folder's `manifest.json` says `"format": "match"` (a board or card game, not a puzzle pack). */
export declare function isMatchPack(dir: string): boolean;
/**
 * The puzzle packs of a packs folder (default `packs/`), sorted by name: sub-folders with a
 * `manifest.json` that is not a match pack's. Shared collections (no manifest) are left out too.
 */
export declare function puzzlePackNames(root?: string): string[];
/** The match packs of a packs folder (default `packs/`), sorted by name. */
export declare function matchPackNames(root?: string): string[];
