/**
 * A match pack as a page loads it: one JSON file with the pack's manifest, game, theme and levels,
 * validated when the site was built (pages never load the validator). The check here is only of the
 * file's shape, so a stale or foreign file is refused with a message instead of failing later.
 * @module
 */
import type { MatchGame, MatchLevel, MatchManifest, MatchTheme } from "@gridponder/match";

/** The format name and version of the file. */
export const MATCH_PACK_FORMAT = "gridponder-match-pack@1";

export interface WebMatchPack {
  readonly format: typeof MATCH_PACK_FORMAT;
  readonly manifest: MatchManifest;
  readonly game: MatchGame;
  readonly theme?: MatchTheme;
  /** Levels (start positions) by id, in the manifest's order. */
  readonly levels: Readonly<Record<string, MatchLevel>>;
}

/** The file's contents as a match pack; throws for anything else. */
export function checkWebMatchPack(value: unknown): WebMatchPack {
  const v = value as Partial<WebMatchPack> | null;
  if (v === null || typeof v !== "object" || v.format !== MATCH_PACK_FORMAT)
    throw new Error(`not a match pack file (expected format ${MATCH_PACK_FORMAT})`);
  if (typeof v.game !== "object" || v.game === null || typeof v.manifest !== "object" || v.manifest === null)
    throw new Error("the match pack file has no game or manifest");
  return { ...v, levels: v.levels ?? {} } as WebMatchPack;
}
