/**
 * A build's staging folder, beside its output folder (so that moving the finished site into place is a
 * rename on one file system): the new site is built there and swapped in only when complete. If the
 * process exits before the swap (Ctrl-C, a failure), the staging folder goes and the output folder is
 * as it was. A staging folder left by a build that was killed outright is removed by the next build.
 * @module
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { CatalogError } from "./errors.ts";

export interface Staging {
  readonly dir: string;
  /** Where the new site is built. */
  readonly site: string;
  /** Where the previous output folder goes during the swap. */
  readonly previous: string;
  /** The page-building process, stopped if this process exits first. */
  child: ChildProcess | null;
  /** Set once the new site is in place: from then on the staging folder may hold the previous site. */
  swapped: boolean;
}

const OWNER = "owner.json";
const live = new Set<Staging>();

function prefixOf(out: string): string {
  return `.${basename(out)}.gridponder-build-`;
}

/** Runs synchronously at exit, the one moment an interrupted build still gets to clean up. */
function onExit(): void {
  for (const staging of live) {
    staging.child?.kill("SIGKILL");
    // Before the swap the staging folder holds only what this build made, and links to the output
    // folder's own files, whose originals stay where they are.
    if (!staging.swapped) rmSync(staging.dir, { recursive: true, force: true });
  }
}

function pidAlive(pid: unknown): boolean {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the staging folders of earlier builds into `out` whose process is gone and that never got
 * to the swap. One that holds a previous site is left alone and named, for the user to look at.
 */
async function removeStale(out: string): Promise<string[]> {
  const parent = dirname(out);
  const prefix = prefixOf(out);
  const left: string[] = [];
  let names: string[];
  try {
    names = (await readdir(parent)).filter((n) => n.startsWith(prefix));
  } catch {
    return left;
  }
  for (const name of names) {
    const dir = join(parent, name);
    let owner: { pid?: unknown };
    try {
      owner = JSON.parse(await readFile(join(dir, OWNER), "utf8")) as { pid?: unknown };
    } catch {
      continue; // not ours, or not finished being made
    }
    if (pidAlive(owner.pid)) continue;
    if (readdirSync(dir).includes("previous")) left.push(dir);
    else await rm(dir, { recursive: true, force: true });
  }
  return left;
}

/** Makes the staging folder of a build into `out` (and `out`'s parent, if missing). */
export async function createStaging(out: string): Promise<{ staging: Staging; leftovers: string[] }> {
  const parent = dirname(out);
  let dir: string;
  try {
    await mkdir(parent, { recursive: true });
    dir = await mkdtemp(join(parent, prefixOf(out)));
  } catch (error) {
    throw new CatalogError(
      `cannot make a staging folder beside ${out}: ${(error as Error).message} (the new site is built beside the output folder, then moved into place)`,
    );
  }
  const staging: Staging = {
    dir,
    site: join(dir, "site"),
    previous: join(dir, "previous"),
    child: null,
    swapped: false,
  };
  if (live.size === 0) process.on("exit", onExit);
  live.add(staging);
  await writeFile(join(dir, OWNER), JSON.stringify({ pid: process.pid }));
  const leftovers = await removeStale(out);
  return { staging, leftovers };
}

/** Forgets a staging folder once the build is over (removed, or kept on purpose). */
export function releaseStaging(staging: Staging): void {
  live.delete(staging);
  if (live.size === 0) process.off("exit", onExit);
}

/** Removes a staging folder that never got to the swap. */
export async function discardStaging(staging: Staging): Promise<void> {
  staging.child?.kill("SIGKILL");
  if (!staging.swapped) await rm(staging.dir, { recursive: true, force: true });
  releaseStaging(staging);
}

/**
 * After the swap: removes the staging folder, or, when files of the previous output could not be
 * accounted for, everything in it but those.
 */
export async function finishStaging(staging: Staging, keepPrevious: boolean): Promise<void> {
  for (const name of await readdir(staging.dir))
    if (!(keepPrevious && name === "previous"))
      await rm(join(staging.dir, name), { recursive: true, force: true });
  if (!keepPrevious) await rm(staging.dir, { recursive: true, force: true });
  releaseStaging(staging);
}
