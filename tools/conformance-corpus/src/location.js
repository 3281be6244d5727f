// @ts-check
// Plain JavaScript (typed in location.d.ts): the root test script reads this with Node before anything
// is built, and vitest configs and tests read it too, so there is one answer to "where is the corpus".
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

export const CORPUS_VARIABLE = "GRIDPONDER_CONFORMANCE";
export const DEFAULT_CORPUS = "../shared/conformance";
/** Test files that need the corpus end so; no other test file may read it. */
export const CORPUS_TEST_SUFFIX = ".conformance.test.ts";
export const REPO_ROOT = resolve(import.meta.dirname, "../../..");

/** @param {NodeJS.ProcessEnv} [env] */
export function corpusLocation(env = process.env) {
  const set = env[CORPUS_VARIABLE]?.trim();
  return resolve(REPO_ROOT, set ? set : DEFAULT_CORPUS);
}

/** @param {string} dir */
export function corpusFound(dir) {
  return existsSync(join(dir, "packs")) && existsSync(join(dir, "traces"));
}

/** @param {NodeJS.ProcessEnv} [env] */
export function runningInCI(env = process.env) {
  const ci = env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/** @param {string} dir */
export function missingCorpusHelp(dir) {
  return [
    `The conformance corpus is not at ${dir}.`,
    `It holds the published packs of the GridPonder/GridPonder repository and traces recorded from its reference engine (see "Tests" in the README).`,
    `Put it at ${DEFAULT_CORPUS} beside the repository, or set ${CORPUS_VARIABLE} to its folder (relative paths from the repository root).`,
  ].join("\n");
}

export const CORPUS = corpusLocation();
export const HAS_CORPUS = corpusFound(CORPUS);
