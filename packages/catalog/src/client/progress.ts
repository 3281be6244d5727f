/**
 * Progress kept in the browser: which levels of a pack are solved and the fewest moves each took.
 * Keyed by the pack's slug in the catalog (its URL segment), gameId and version: two packs that share a
 * gameId keep their own progress, and a new version of a pack (whose levels may have changed) starts
 * fresh. Progress saved before the slug was part of the key (under gameId and version alone) is still
 * read, by every pack it may belong to, and is never deleted. Storage can be missing, full, or
 * forbidden (private modes, blocked cookies): every function degrades to "nothing saved" instead of
 * throwing.
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

/** Which pack version progress belongs to, as the pages name it in their data attributes. */
export interface PackRef {
  /** The pack's URL segment in this catalog. */
  readonly slug: string;
  readonly gameId: string;
  readonly version: string;
}

/** The pack a page element names in its `data-pack-slug`, `data-game-id` and `data-version` attributes. */
export function packRefOf(element: HTMLElement): PackRef {
  const { packSlug = "", gameId = "", version = "" } = element.dataset;
  return { slug: packSlug, gameId, version };
}

const PREFIX = "gridponder:progress:";

/**
 * The storage key of a pack version. A gameId and a version never hold a `/` (the schema allows
 * neither), so these keys cannot meet the older ones of {@link legacyProgressKey}.
 */
export function progressKey(pack: PackRef): string {
  return `${PREFIX}${pack.slug}/${pack.gameId}@${pack.version}`;
}

/** The key progress was saved under before the catalog's slug was part of it. */
export function legacyProgressKey(pack: PackRef): string {
  return `${PREFIX}${pack.gameId}@${pack.version}`;
}

/**
 * The saved progress of a pack version (empty when none, or when what is stored is not ours). Until the
 * pack has progress under its own key, what was saved under the older key is its progress.
 */
export function loadProgress(storage: KeyValueStorage | null, pack: PackRef): PackProgress {
  return read(storage, progressKey(pack)) ?? read(storage, legacyProgressKey(pack)) ?? {};
}

/** The progress under `key`; `null` when there is none, or it cannot be read or is not ours. */
function read(storage: KeyValueStorage | null, key: string): PackProgress | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    return sanitize(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * Records a win; keeps the best (lowest) move count. Returns the new progress. It is written under the
 * pack's own key, so progress read from the older key is carried over with it.
 */
export function recordWin(
  storage: KeyValueStorage | null,
  pack: PackRef,
  levelId: string,
  moves: number,
): PackProgress {
  const before = loadProgress(storage, pack);
  const old = before[levelId];
  const best = old?.best != null ? Math.min(old.best, moves) : moves;
  const next: PackProgress = { ...before, [levelId]: { solved: true, best } };
  try {
    storage?.setItem(progressKey(pack), JSON.stringify(next));
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
