/**
 * Progress kept in the browser: which levels of a pack are solved and the fewest moves each took.
 * Keyed by the pack's gameId and version, so a new version of a pack (whose levels may have changed)
 * starts fresh. Storage can be missing, full, or forbidden (private modes, blocked cookies): every
 * function degrades to "nothing saved" instead of throwing.
 * @module
 */

/** What is kept for one level. */
export interface LevelProgress {
  readonly solved: boolean;
  /** The fewest moves of a win. */
  readonly best: number | null;
}

/** Progress of one pack version, by level id. */
export type PackProgress = Readonly<Record<string, LevelProgress>>;

/** The part of the Web Storage API used here (so tests can pass a map). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const PREFIX = "gridponder:progress:";

/** The storage key of a pack version. */
export function progressKey(gameId: string, version: string): string {
  return `${PREFIX}${gameId}@${version}`;
}

/** The saved progress of a pack version (empty when none, or when what is stored is not ours). */
export function loadProgress(storage: KeyValueStorage | null, gameId: string, version: string): PackProgress {
  let text: string | null = null;
  try {
    text = storage?.getItem(progressKey(gameId, version)) ?? null;
  } catch {
    return {};
  }
  if (!text) return {};
  try {
    return sanitize(JSON.parse(text));
  } catch {
    return {};
  }
}

/** Records a win; keeps the best (lowest) move count. Returns the new progress. */
export function recordWin(
  storage: KeyValueStorage | null,
  gameId: string,
  version: string,
  levelId: string,
  moves: number,
): PackProgress {
  const before = loadProgress(storage, gameId, version);
  const old = before[levelId];
  const best = old?.best != null ? Math.min(old.best, moves) : moves;
  const next: PackProgress = { ...before, [levelId]: { solved: true, best } };
  try {
    storage?.setItem(progressKey(gameId, version), JSON.stringify(next));
  } catch {
    // Full or forbidden storage: the win still counts on this page, it just is not remembered.
  }
  return next;
}

/** How many of `levelIds` are solved. */
export function solvedCount(progress: PackProgress, levelIds: readonly string[]): number {
  return levelIds.filter((id) => progress[id]?.solved).length;
}

/** The first level in play order that is not solved, or `null` when all are. */
export function firstUnsolved(progress: PackProgress, levelIds: readonly string[]): string | null {
  return levelIds.find((id) => !progress[id]?.solved) ?? null;
}

/** `localStorage`, or `null` where reading it throws (some privacy settings do). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

function sanitize(value: unknown): PackProgress {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  // No prototype: a stored level id such as "__proto__" stays a plain key.
  const out: Record<string, LevelProgress> = Object.create(null);
  for (const [id, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== "object" || entry === null) continue;
    const { solved, best } = entry as { solved?: unknown; best?: unknown };
    if (solved !== true) continue;
    out[id] = {
      solved: true,
      best: typeof best === "number" && Number.isInteger(best) && best >= 0 ? best : null,
    };
  }
  return out;
}
