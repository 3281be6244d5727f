/**
 * Node.js helpers: load a pack folder, read conformance traces, run the conformance suite.
 * @module
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type ValidateFolderOptions, validatePackFolder } from "@gridponder/schema/node";
import { builtinRegistry } from "./builtins.js";
import { checkTrace, type LevelReport, type Trace } from "./conformance.js";
import { validateOptionsFor } from "./load.js";
import { type LoadResult, prepareWith } from "./pack.js";
import type { Registry } from "./registry.js";

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

/** Reads a trace file (`.trace.json` or gzip'd `.trace.json.gz`). */
export async function readTrace(path: string): Promise<Trace> {
  const bytes = await readFile(path);
  const text = path.endsWith(".gz") ? gunzipSync(bytes).toString("utf8") : bytes.toString("utf8");
  return JSON.parse(text) as Trace;
}

/** Replays every trace under `tracesDir/<pack>/` against the pack of the same name in `packsDir`. */
export async function runConformance(packsDir: string, tracesDir: string): Promise<LevelReport[]> {
  const reports: LevelReport[] = [];
  for (const packName of (await readdir(tracesDir)).sort()) {
    const loaded = await loadPackFolder(join(packsDir, packName));
    const files = (await readdir(join(tracesDir, packName))).filter((f) => f.includes(".trace.json")).sort();
    for (const file of files) {
      const trace = await readTrace(join(tracesDir, packName, file));
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

export type { LoadResult } from "./pack.js";
export { loadPlugins, resolvePlugin } from "./plugins.js";
