/**
 * What earlier builds learnt about levels' optima, kept in a JSON file so that a build with `solve`
 * only searches levels it has not settled before. An entry is keyed by the solver's and engine's
 * versions, a hash of the pack's rules and levels, and the level id: editing a pack or upgrading the
 * solver or engine starts its levels afresh, while images and covers do not matter.
 * @module
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { ENGINE_VERSION } from "@gridponder/schema";

/**
 * What is known about one level: a proven optimum, a proof that no solution exists, or the limits
 * under which a search stopped without a proof (a later build with larger limits tries again).
 */
export type CachedOutcome =
  | { readonly optimum: number }
  | { readonly unsolvable: true }
  | { readonly bounded: SearchLimits };

/** The limits of a search; `maxStates: null` is no state limit. */
export interface SearchLimits {
  readonly timeLimitMs: number;
  readonly maxStates: number | null;
}

interface CacheFile {
  readonly format: 1;
  readonly levels: Record<string, CachedOutcome>;
}

/**
 * The file a build uses when none is given: `GRIDPONDER_OPTIMA_CACHE`, else
 * `node_modules/.cache/gridponder/optima.json` under the working folder when it has a `node_modules`
 * (where other build tools keep their caches), else `gridponder/optima.json` in the OS temp folder.
 */
export function defaultCacheFile(): string {
  const fromEnv = process.env.GRIDPONDER_OPTIMA_CACHE;
  if (fromEnv) return resolve(fromEnv);
  const modules = join(process.cwd(), "node_modules");
  return existsSync(modules)
    ? join(modules, ".cache", "gridponder", "optima.json")
    : join(tmpdir(), "gridponder", "optima.json");
}

/** The versions whose change invalidates every entry: a new solver or engine may prove differently. */
export function solverKey(): string {
  const require = createRequire(import.meta.url);
  const { version } = require("@gridponder/solver/package.json") as { version: string };
  return `solver@${version}+engine@${ENGINE_VERSION}`;
}

export function cacheKey(solver: string, packHash: string, levelId: string): string {
  return `${solver}|${packHash}|${levelId}`;
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

function isOutcome(value: unknown): value is CachedOutcome {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.optimum === "number") return Number.isInteger(v.optimum) && v.optimum >= 0;
  if (v.unsolvable === true) return true;
  const b = v.bounded as Record<string, unknown> | undefined;
  return (
    typeof b === "object" &&
    b !== null &&
    typeof b.timeLimitMs === "number" &&
    (b.maxStates === null || typeof b.maxStates === "number")
  );
}

/** The entries of a cache file; a missing, unreadable or foreign file is an empty cache. */
export async function readCache(file: string): Promise<Map<string, CachedOutcome>> {
  const entries = new Map<string, CachedOutcome>();
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return entries;
  }
  const levels = (json as Partial<CacheFile> | null)?.levels;
  if ((json as Partial<CacheFile> | null)?.format !== 1 || typeof levels !== "object" || levels === null)
    return entries;
  for (const [key, value] of Object.entries(levels)) if (isOutcome(value)) entries.set(key, value);
  return entries;
}

/**
 * Adds entries to a cache file. The file is read again first, so builds running at the same time
 * keep each other's entries, and replaced in one rename, so a reader never sees half a file.
 */
export async function writeCache(file: string, added: ReadonlyMap<string, CachedOutcome>): Promise<void> {
  if (added.size === 0) return;
  const levels = Object.fromEntries(await readCache(file));
  for (const [key, value] of added) levels[key] = value;
  const data: CacheFile = { format: 1, levels };
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temp, `${JSON.stringify(data, null, 1)}\n`);
  await rename(temp, file);
}
