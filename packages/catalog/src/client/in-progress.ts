/**
 * Levels in progress, kept in the browser: the moves played so far on each level (as a share code),
 * so a reload, a crash or coming back later finds a half-played level where it was left. Kept per pack
 * version under the same slug, gameId and version as the progress of `progress.ts`. Like progress it
 * degrades to "nothing kept" where storage is missing, full or forbidden.
 * @module
 */
import type { KeyValueStorage, PackRef } from "./progress.js";

const PREFIX = "gridponder:playing:";

/** The storage key of a pack version's levels in progress. */
export function inProgressKey(pack: PackRef): string {
  return `${PREFIX}${pack.slug}/${pack.gameId}@${pack.version}`;
}

/** The moves kept for a level (a share code), or `null`. */
export function loadInProgress(storage: KeyValueStorage | null, pack: PackRef, level: string): string | null {
  return readAll(storage, pack)[level] ?? null;
}

/** Keeps a level's moves (a share code); `null` forgets them (the level was won, or is at its start). */
export function saveInProgress(
  storage: KeyValueStorage | null,
  pack: PackRef,
  level: string,
  code: string | null,
): void {
  const all = readAll(storage, pack);
  if (code === null) {
    if (!Object.hasOwn(all, level)) return;
    delete all[level];
  } else all[level] = code;
  try {
    storage?.setItem(inProgressKey(pack), JSON.stringify(all));
  } catch {
    // Full or forbidden storage: the moves stay on this page, they just are not kept.
  }
}

/** Every level's code; an empty record when there are none or what is stored is not ours. */
function readAll(storage: KeyValueStorage | null, pack: PackRef): Record<string, string> {
  // No prototype: a stored level id such as "__proto__" stays a plain key.
  const out: Record<string, string> = Object.create(null);
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(inProgressKey(pack)) ?? "null");
  } catch {
    return out;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return out;
  for (const [level, code] of Object.entries(parsed as Record<string, unknown>))
    if (typeof code === "string" && /^[A-Za-z0-9_-]+$/.test(code)) out[level] = code;
  return out;
}
