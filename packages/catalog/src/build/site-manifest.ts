/**
 * The list of files a build wrote, with their content hashes, kept in the output folder: the next build
 * deletes these and only these — and only while they still hold what the build wrote, so a page someone
 * edited by hand is theirs. A folder without a list was not made by a build (it is refused unless
 * `force`).
 * @module
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { hashFile } from "./hash.ts";

export const SITE_MANIFEST = ".gridponder-site.json";
const FORMAT = "gridponder-site@1";

/** Each file a build wrote, by forward-slash path relative to the output folder: its SHA-256. */
export type WrittenFiles = ReadonlyMap<string, string>;

interface ManifestJson {
  readonly format: typeof FORMAT;
  /** `[path, sha256]`, sorted by path. */
  readonly files: readonly (readonly [string, string])[];
}

function isPlainRelative(path: unknown): path is string {
  if (typeof path !== "string" || path === "" || path.startsWith("/") || path.includes("\\")) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

function isEntry(value: unknown): value is [string, string] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    isPlainRelative(value[0]) &&
    typeof value[1] === "string" &&
    /^[0-9a-f]{64}$/.test(value[1])
  );
}

/** The files a folder's manifest lists, or `null` when it has none, or one that is not ours or is damaged. */
export async function readSiteManifest(dir: string): Promise<WrittenFiles | null> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(dir, SITE_MANIFEST), "utf8"));
  } catch {
    return null;
  }
  const value = json as Partial<ManifestJson> | null;
  if (value?.format !== FORMAT || !Array.isArray(value.files) || !value.files.every(isEntry)) return null;
  return new Map(value.files);
}

/** Hashes the given files of `dir` and lists them in its manifest. */
export async function writeSiteManifest(dir: string, paths: readonly string[]): Promise<void> {
  const files: [string, string][] = [];
  for (const path of [...paths].sort()) files.push([path, await hashFile(join(dir, path))]);
  const manifest: ManifestJson = { format: FORMAT, files };
  await writeFile(join(dir, SITE_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
}
