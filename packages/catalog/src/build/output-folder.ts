/**
 * Replacing an output folder without losing anything a build did not write. The files of the previous
 * site are the ones its manifest lists, as long as they hold what it wrote; everything else in the folder (a `.git`, a `CNAME`, notes) is
 * the user's and is carried into the new site as hard links before the swap, so it is never copied,
 * never lost, and the previous folder stays byte-identical until the moment of the swap.
 * @module
 */
import { renameSync } from "node:fs";
import { link, lstat, mkdir, readdir, rmdir, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { CatalogError } from "./errors.ts";
import { hashFile } from "./hash.ts";
import { readSiteManifest, SITE_MANIFEST, type WrittenFiles } from "./site-manifest.ts";
import type { Staging } from "./staging.ts";

/** What is at the output path before a build. */
export type OutputState =
  | { readonly kind: "absent" }
  /** A folder holding files no build wrote (or a site from before builds kept a manifest). */
  | { readonly kind: "foreign" }
  /** An empty folder, or a site a build wrote: `written` are the files its manifest lists. */
  | { readonly kind: "ours"; readonly written: WrittenFiles };

export async function outputState(out: string): Promise<OutputState> {
  const info = await lstat(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw new CatalogError(`cannot read the output folder ${out}: ${error.message}`);
  });
  if (info === null) return { kind: "absent" };
  if (!info.isDirectory())
    throw new CatalogError(
      `refusing to build into ${out}: it is ${info.isSymbolicLink() ? "a symbolic link" : "not a folder"}`,
    );
  const entries = await readdir(out);
  if (entries.length === 0) return { kind: "ours", written: new Map() };
  const written = await readSiteManifest(out);
  return written === null ? { kind: "foreign" } : { kind: "ours", written };
}

/** Paths shown in a message: the first few, and how many more. */
function listed(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).join(", ");
  return paths.length > 5 ? `${shown} and ${paths.length - 5} more` : shown;
}

/** What became of the previous folder's files (paths relative, with forward slashes). */
export interface Carried {
  /** The previous build's files, unchanged since it wrote them: the new site does without them. */
  readonly dropped: ReadonlySet<string>;
  /** The user's entries the new site takes the place of (only with `force`). */
  readonly replaced: readonly string[];
}

/**
 * Hard-links every file of `out` that no build wrote (or that was changed since) into the new site at
 * `site`, keeping empty folders of the user's. A user's file where the new site has one of its own is refused, unless `force`, which
 * lets the site's file replace it. A folder on another file system inside `out` is refused: it cannot
 * be carried by a link, nor moved by a rename.
 */
export async function carryUserFiles(
  out: string,
  site: string,
  state: OutputState,
  force: boolean,
): Promise<Carried> {
  const dropped = new Set<string>();
  if (state.kind === "absent") return { dropped, replaced: [] };
  const written: WrittenFiles = state.kind === "ours" ? state.written : new Map();
  const device = (await lstat(out)).dev;
  const conflicts: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const from = rel === "" ? out : join(out, rel);
    const entries = await readdir(from, { withFileTypes: true });
    for (const entry of entries) {
      if (rel === "" && entry.name === SITE_MANIFEST) continue;
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const source = join(out, path);
      const target = join(site, path);
      const there = await lstat(target).catch(() => null);
      if (entry.isDirectory()) {
        if ((await lstat(source)).dev !== device)
          throw new CatalogError(
            `refusing to build into ${out}: ${path} is on another file system (a mount point), which a build cannot move`,
          );
        if (there !== null && !there.isDirectory()) {
          conflicts.push(`${path}/`);
          continue;
        }
        const made = there === null;
        if (made) await mkdir(target);
        await walk(path);
        // A folder that only held the previous site's files goes with them; an empty one of the user's stays.
        if (made && (await readdir(target)).length === 0 && (await readdir(source)).length > 0)
          await rmdir(target);
      } else {
        const hash = written.get(path);
        if (hash !== undefined && entry.isFile() && (await hashFile(source)) === hash) {
          dropped.add(path);
          continue;
        }
        if (there !== null) {
          conflicts.push(path);
          continue;
        }
        await mkdir(dirname(target), { recursive: true });
        await link(source, target);
      }
    }
  };
  await walk("");
  if (conflicts.length > 0 && !force)
    throw new CatalogError(
      `${conflicts.length === 1 ? "a file" : `${conflicts.length} files`} in ${out} that no build wrote ${conflicts.length === 1 ? "stands" : "stand"} where the new site writes: ${listed(conflicts)}; move ${conflicts.length === 1 ? "it" : "them"} away`,
      [],
      "output-conflict",
    );
  return { dropped, replaced: conflicts.map((c) => c.replace(/\/$/, "")) };
}

/**
 * Puts the new site in place: two renames, run without yielding, so that no signal handler can run
 * between them. Afterwards the previous folder (if any) is `staging.previous`.
 */
export function swapIn(staging: Staging, out: string, state: OutputState): void {
  if (state.kind !== "absent") {
    try {
      renameSync(out, staging.previous);
    } catch (error) {
      throw new CatalogError(
        `cannot replace ${out}: ${(error as Error).message}; a build replaces its output folder by renaming it, so build into a folder inside it instead`,
      );
    }
  }
  try {
    renameSync(staging.site, out);
  } catch (error) {
    if (state.kind !== "absent") renameSync(staging.previous, out);
    throw new CatalogError(`cannot move the new site into ${out}: ${(error as Error).message}`);
  }
  staging.swapped = true;
}

/**
 * Deletes the previous site from the staging folder: its own files, and the user's files that now live
 * on as links in the new site (or that `force` replaced). Anything else is kept, and named.
 */
export async function removePrevious(
  previous: string,
  out: string,
  state: OutputState,
  carried: Carried,
): Promise<string[]> {
  if (state.kind === "absent") return [];
  const replaced = (path: string) => carried.replaced.some((r) => path === r || path.startsWith(`${r}/`));
  const kept: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const dir = rel === "" ? previous : join(previous, rel);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      const source = join(previous, path);
      if (entry.isDirectory()) {
        await walk(path);
        if ((await readdir(source)).length === 0) await rmdir(source);
        continue;
      }
      const info = await lstat(source);
      const now = await lstat(join(out, path)).catch(() => null);
      const linked = now !== null && now.ino === info.ino && now.dev === info.dev;
      const isOurs = carried.dropped.has(path) || (rel === "" && entry.name === SITE_MANIFEST);
      if (isOurs || linked || replaced(path)) await unlink(source);
      else kept.push(path);
    }
  };
  await walk("");
  if (kept.length === 0) await rmdir(previous).catch(() => {});
  return kept;
}
