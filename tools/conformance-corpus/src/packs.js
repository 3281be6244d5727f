// @ts-check
// Plain JavaScript (typed in packs.d.ts), beside `location.js`: every package's tests may read it, the
// engine's and the schema's included, which cannot depend on `@gridponder/test-corpus` (it depends on
// the engine). `packs/` holds puzzle packs and match packs (`"format": "match"`) side by side; tests of
// puzzle packs read the puzzle packs only.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./location.js";

export const OWN_PACKS = join(REPO_ROOT, "packs");

/** @param {string} dir */
export function isMatchPack(dir) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  } catch {
    return false;
  }
  return typeof manifest === "object" && manifest !== null && manifest.format === "match";
}

/** @param {string} [root] */
export function puzzlePackNames(root = OWN_PACKS) {
  return (existsSync(root) ? readdirSync(root) : [])
    .filter((name) => existsSync(join(root, name, "manifest.json")) && !isMatchPack(join(root, name)))
    .sort();
}

/** @param {string} [root] */
export function matchPackNames(root = OWN_PACKS) {
  return (existsSync(root) ? readdirSync(root) : []).filter((name) => isMatchPack(join(root, name))).sort();
}
