/**
 * Node.js helpers: load a pack folder, read conformance traces, run the conformance suite.
 * @module
 */
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { type ValidateFolderOptions, validatePackFolder } from "@gridponder/schema/node";
import { builtinRegistry } from "./assembly/builtins.js";
import { validateOptionsFor } from "./assembly/load.js";
import { prepareWith } from "./assembly/pack.js";
import type { LoadResult, Registry } from "./contract/runtime.js";
import { checkTrace, type LevelReport } from "./tooling/conformance.js";
import { readTrace, TraceFileError } from "./tooling/trace-file.js";

/** How to load a pack folder: the validator's options, and the registry to play it with. */
export interface LoadFolderOptions extends ValidateFolderOptions {
  /** The types the pack may use; the built-in ones (`builtinRegistry`) by default. */
  readonly registry?: Registry;
}

/**
 * Reads, validates and prepares a pack folder. An invalid pack, or one using a type the registry
 * lacks, is refused with its diagnostics.
 */
export async function loadPackFolder(dir: string, options: LoadFolderOptions = {}): Promise<LoadResult> {
  const { registry = builtinRegistry, ...validate } = options;
  return prepareWith(await validatePackFolder(dir, validateOptionsFor(validate, registry)), registry);
}

/** The entries of a folder of traces, or a {@link TraceFileError} naming it when it cannot be read. */
async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw new TraceFileError(dir, "", `cannot be read: ${error instanceof Error ? error.message : error}`);
  }
}

/**
 * Whether an entry of the traces folder is a folder of traces. A link to one counts: the traces folder
 * is the user's own arrangement (a corpus linked in), not a pack's content.
 */
async function isFolder(parent: string, entry: Dirent): Promise<boolean> {
  if (entry.isDirectory()) return true;
  if (!entry.isSymbolicLink()) return false;
  return (await stat(join(parent, entry.name)).catch(() => null))?.isDirectory() ?? false;
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Replays every trace under `tracesDir/<pack>/` against the pack of the same name in `packsDir`.
 * Entries of `tracesDir` that are not folders or links to folders (a README) are skipped. A trace file that cannot be
 * read as a trace, or a folder that cannot be read, rejects with a {@link TraceFileError}.
 */
export async function runConformance(packsDir: string, tracesDir: string): Promise<LevelReport[]> {
  const reports: LevelReport[] = [];
  for (const packEntry of (await entriesOf(tracesDir)).sort(byName)) {
    if (!(await isFolder(tracesDir, packEntry))) continue;
    const packName = packEntry.name;
    const loaded = await loadPackFolder(join(packsDir, packName));
    const files = (await entriesOf(join(tracesDir, packName)))
      .filter((f) => f.name.endsWith(".trace.json") || f.name.endsWith(".trace.json.gz"))
      .sort(byName);
    for (const file of files) {
      const trace = await readTrace(join(tracesDir, packName, file.name));
      if (!loaded.ok) {
        const runs = Object.keys(trace.runs).length;
        const diff = loaded.diagnostics
          .filter((d) => d.severity === "error")
          .map((d) => `${d.file}:${d.pointer}: ${d.message}`);
        reports.push({
          pack: packName,
          level: trace.level,
          runs,
          runsMatched: 0,
          mismatches: [{ run: "*", step: -1, action: null, what: "error", diff }],
          eventMismatches: [],
          goldWon: null,
          goldWalked: false,
        });
        continue;
      }
      reports.push(checkTrace(loaded.pack, trace));
    }
  }
  return reports;
}

export type { LoadResult } from "./contract/runtime.js";
export { loadPlugins, resolvePlugin } from "./plugins.js";
export { MAX_TRACE_BYTES, readTrace, TraceFileError } from "./tooling/trace-file.js";
