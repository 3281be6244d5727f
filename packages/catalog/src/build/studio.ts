/**
 * The authoring studio inside a catalog: the built studio site (`@gridponder/studio`) copied to
 * `studio/`, and `studio/catalog.json`, the index it reads to open any pack of the catalog. Every URL
 * in the index is relative to the studio folder, so the site works under any base.
 * @module
 */
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { STUDIO_SITE_DIR } from "@gridponder/studio/node";
import { CatalogError } from "./errors.ts";
import type { PublishedEntry } from "./publish-plan.ts";

/** The studio's folder in the site, relative to the site root (no base). */
export const STUDIO_FOLDER = "studio/";
/** The index of the catalog's packs, inside the studio folder. */
export const STUDIO_INDEX = `${STUDIO_FOLDER}catalog.json`;
export const STUDIO_INDEX_FORMAT = "gridponder-studio-catalog@1";

/** One pack as `studio/catalog.json` lists it. Its text is the pack's own: the studio escapes it. */
export interface StudioIndexPack {
  readonly slug: string;
  readonly title: string;
  /** The compiled, content-hashed `pack.json`, relative to the studio folder. */
  readonly packUrl: string;
  /** The folder the pack's images are under, relative to the studio folder. */
  readonly assetBase: string;
  readonly levels: readonly { readonly id: string; readonly title: string }[];
}

export interface StudioIndex {
  readonly format: typeof STUDIO_INDEX_FORMAT;
  readonly packs: readonly StudioIndexPack[];
}

/** A path relative to the site root, as the studio folder reaches it. */
export function fromStudio(sitePath: string): string {
  return `../${sitePath}`;
}

/** The text of `studio/catalog.json`. */
export function studioIndexText(packs: readonly StudioIndexPack[]): string {
  const index: StudioIndex = { format: STUDIO_INDEX_FORMAT, packs };
  return `${JSON.stringify(index, null, 1)}\n`;
}

/**
 * The page of the studio that opens a copy of a level of the catalog: `<studio>#edit=<slug>/<level id>`,
 * each part URL-encoded (a level id may hold any character a file name may).
 */
export function studioEditUrl(studioUrl: string, slug: string, levelId: string): string {
  return `${studioUrl}#edit=${encodeURIComponent(slug)}/${encodeURIComponent(levelId)}`;
}

/**
 * Every file of the built studio, to be copied to `studio/` (the catalog writes `studio/catalog.json`
 * itself). The studio is our own build, so its files are copied as they are. A studio that was never
 * built is refused with what to do.
 */
export async function studioEntries(siteDir: string = STUDIO_SITE_DIR): Promise<PublishedEntry[]> {
  let found: string[];
  try {
    const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
    found = entries
      .filter((e) => e.isFile())
      .map((e) => relative(siteDir, join(e.parentPath, e.name)).split(sep).join("/"))
      .sort();
  } catch {
    found = [];
  }
  if (!found.includes("index.html"))
    throw new CatalogError(
      `the studio is not built (no index.html in ${siteDir}): build it (pnpm --filter @gridponder/studio build), or leave the studio out`,
      [],
      "studio-missing",
    );
  return found
    .filter((path) => `${STUDIO_FOLDER}${path}` !== STUDIO_INDEX)
    .map((path) => ({ path: `${STUDIO_FOLDER}${path}`, from: join(siteDir, path), verbatim: true }));
}
