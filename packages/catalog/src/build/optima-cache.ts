/**
 * What earlier builds learnt about levels' optima, kept in a JSON file so that a build with `solve`
 * only searches levels it has not settled before. An entry is keyed by the solver's and engine's
 * versions, a hash of the level's rules (the game) and the level itself, and the level id: editing a
 * level or the game, or upgrading the solver or engine, starts afresh, while images and covers do not
 * matter.
 *
 * The file is not trusted: it lives in the user's cache folder, but anyone who can write it could claim
 * any optimum. So a proven optimum is stored with its solution, and `optima.ts` replays that solution
 * with the engine before a page shows the number (see `verifiedOptimum`).
 * @module
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { ActionInput } from "@gridponder/engine";
import { ENGINE_VERSION } from "@gridponder/schema";

/**
 * What is known about one level: a proven optimum with one solution of that length, or the limits under
 * which a search stopped without a proof (a later build with larger limits tries again).
 */
export type CachedOutcome =
  | { readonly optimum: number; readonly solution: readonly ActionInput[] }
  | { readonly bounded: SearchLimits };

/** The limits of a search; `maxStates: null` is no state limit. */
export interface SearchLimits {
  readonly timeLimitMs: number;
  readonly maxStates: number | null;
}

/** 2: optima carry their solution (format 1 files, whose optima cannot be checked, are ignored). */
const FORMAT = 2;

interface CacheFile {
  readonly format: typeof FORMAT;
  readonly levels: Record<string, CachedOutcome>;
}

/** A cache file larger than this is ignored (and replaced by the next write): it is not one we wrote. */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The file a build uses when none is given: `GRIDPONDER_OPTIMA_CACHE`, else `optima.json` in the user's
 * own cache folder (`$XDG_CACHE_HOME/gridponder` or `~/.cache/gridponder` on Linux,
 * `~/Library/Caches/gridponder` on macOS, `%LOCALAPPDATA%\gridponder\Cache` on Windows). Never a folder
 * other users share, such as the system's temporary folder.
 */
export function defaultCacheFile(): string {
  const fromEnv = process.env.GRIDPONDER_OPTIMA_CACHE;
  if (fromEnv) return resolve(fromEnv);
  return join(userCacheFolder(), "gridponder", "optima.json");
}

/**
 * The folder the platform gives a user's caches. Written out rather than taken from a library: the
 * pages' bundle imports this module, and Astro runs that bundle from its work folder, where a bare
 * import of a dependency does not resolve.
 */
function userCacheFolder(): string {
  const { env, platform } = process;
  if (platform === "darwin") return join(homedir(), "Library", "Caches");
  if (platform === "win32") return env.LOCALAPPDATA || join(homedir(), "AppData", "Local");
  // The XDG base directory spec ignores a relative path.
  const xdg = env.XDG_CACHE_HOME;
  return xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".cache");
}

/** The versions whose change invalidates every entry: a new solver or engine may prove differently. */
export function solverKey(): string {
  const require = createRequire(import.meta.url);
  const { version } = require("@gridponder/solver/package.json") as { version: string };
  return `solver@${version}+engine@${ENGINE_VERSION}`;
}

/** `levelHash` is a content hash of the game and the level (see `optima.ts`). */
export function cacheKey(solver: string, levelHash: string, levelId: string): string {
  return `${solver}|${levelHash}|${levelId}`;
}

/** Whether a cached outcome answers a search with these limits, so the level need not be searched. */
export function settles(outcome: CachedOutcome | undefined, limits: SearchLimits): boolean {
  if (outcome === undefined) return false;
  if (!("bounded" in outcome)) return true;
  // A search no larger than one that already stopped would stop too (or, on a faster day, barely not).
  const tried = outcome.bounded;
  return (
    limits.timeLimitMs <= tried.timeLimitMs &&
    (tried.maxStates === null || (limits.maxStates !== null && limits.maxStates <= tried.maxStates))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * The shape of an entry, checked before anything reads it. That a solution wins, and in as many moves
 * as claimed, is for the replay in `optima.ts`: a shape says nothing of truth.
 */
function isOutcome(value: unknown): value is CachedOutcome {
  if (!isRecord(value)) return false;
  if ("optimum" in value)
    return (
      isCount(value.optimum) &&
      Array.isArray(value.solution) &&
      value.solution.length === value.optimum &&
      value.solution.every((a) => isRecord(a) && typeof a.action === "string")
    );
  const b = value.bounded;
  return (
    isRecord(b) &&
    typeof b.timeLimitMs === "number" &&
    Number.isFinite(b.timeLimitMs) &&
    (b.maxStates === null || isCount(b.maxStates))
  );
}

/** The file's text, or `null` when it is missing, unreadable or too large to be ours. */
async function readSmallFile(file: string): Promise<string | null> {
  try {
    const handle = await open(file, "r");
    try {
      if ((await handle.stat()).size > MAX_CACHE_BYTES) return null;
      return await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
}

/** The entries of a cache file; a missing, unreadable, oversized or foreign file is an empty cache. */
export async function readCache(file: string): Promise<Map<string, CachedOutcome>> {
  const entries = new Map<string, CachedOutcome>();
  const text = await readSmallFile(file);
  if (text === null) return entries;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return entries;
  }
  if (!isRecord(json) || json.format !== FORMAT || !isRecord(json.levels)) return entries;
  // Own keys only, into a Map: a key such as `__proto__` is just a key that matches no level.
  for (const [key, value] of Object.entries(json.levels)) if (isOutcome(value)) entries.set(key, value);
  return entries;
}

/**
 * Adds entries to a cache file. The file is read again first, so builds running at the same time
 * keep each other's entries, and replaced in one rename, so a reader never sees half a file. The
 * folder and file are the user's alone (modes 700 and 600 where the system has them).
 */
export async function writeCache(file: string, added: ReadonlyMap<string, CachedOutcome>): Promise<void> {
  if (added.size === 0) return;
  const levels: Record<string, CachedOutcome> = Object.create(null);
  for (const [key, value] of await readCache(file)) levels[key] = value;
  for (const [key, value] of added) levels[key] = value;
  const data: CacheFile = { format: FORMAT, levels };
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(data)}\n`, { mode: 0o600, flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
