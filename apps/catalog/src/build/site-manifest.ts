/**
 * The list of files a build wrote, kept in the output folder: the next build deletes these and only
 * these, and a folder without a list was not made by a build (it is refused unless `force`).
 * @module
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const SITE_MANIFEST = ".gridponder-site.json";
const FORMAT = "gridponder-site@1";

export interface SiteManifest {
  readonly format: typeof FORMAT;
  /** Every file the build wrote, as forward-slash paths relative to the output folder, sorted. */
  readonly files: readonly string[];
}

function isPlainRelative(path: unknown): path is string {
  if (typeof path !== "string" || path === "" || path.startsWith("/") || path.includes("\\")) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

/** The manifest of a folder, or `null` when it has none, or one that is not ours or is damaged. */
export async function readSiteManifest(dir: string): Promise<SiteManifest | null> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(join(dir, SITE_MANIFEST), "utf8"));
  } catch {
    return null;
  }
  const value = json as Partial<SiteManifest> | null;
  if (value?.format !== FORMAT || !Array.isArray(value.files) || !value.files.every(isPlainRelative))
    return null;
  return { format: FORMAT, files: [...value.files] };
}

export async function writeSiteManifest(dir: string, files: readonly string[]): Promise<void> {
  const manifest: SiteManifest = { format: FORMAT, files: [...files].sort() };
  await writeFile(join(dir, SITE_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
}
