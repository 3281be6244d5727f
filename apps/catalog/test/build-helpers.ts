/** Shared by the build tests: temporary packs folders with copies (never the originals) to break. */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";

export const REPO = resolve(import.meta.dirname, "../../..");
export const OWN_PACKS = join(REPO, "packs");
/** The conformance corpus's packs (see "Tests" in the README): only `*.conformance.test.ts` files read them. */
export const CORPUS_PACKS = join(CORPUS, "packs");
export const LANTERN_CELLAR = join(OWN_PACKS, "lantern-cellar");

const made: string[] = [];

export async function tempDir(prefix = "gridponder-build-"): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** Copies a pack (by default lantern-cellar) into `packsDir/name`, returning the copy's folder. */
export async function copyPack(packsDir: string, name: string, from = LANTERN_CELLAR): Promise<string> {
  const dir = join(packsDir, name);
  await cp(from, dir, { recursive: true });
  return dir;
}

/** Rewrites a JSON file of a pack copy. */
export async function editJson(file: string, edit: (json: Record<string, unknown>) => void): Promise<void> {
  const json = JSON.parse(await readFile(file, "utf8"));
  edit(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

/** A copy of lantern-cellar with another gameId, so that two copies in one folder get their own slugs. */
export async function copyLantern(packsDir: string, name: string): Promise<string> {
  const dir = await copyPack(packsDir, name);
  await editJson(join(dir, "manifest.json"), (m) => {
    m.gameId = `test.${name}`;
  });
  return dir;
}
