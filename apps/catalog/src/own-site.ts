import { join, resolve } from "node:path";
import { type BuildSummary, buildCatalog, type ProgressListener } from "@gridponder/catalog";

/** This app's folder, from `src` or `dist` alike. */
export const APP_ROOT = resolve(import.meta.dirname, "..");
/** The repository's own packs: what this app publishes. */
export const REPO_PACKS = resolve(APP_ROOT, "../../packs");
/** Where `pnpm start` puts the site unless told otherwise. */
export const DEFAULT_SITE_DIR = join(APP_ROOT, "dist", "site");

export interface OwnSiteOptions {
  /** Where the site goes (default `dist/site` of this app). */
  outDir?: string;
  onProgress?: ProgressListener;
}

/** Builds the catalog of the repository's `packs/` with `@gridponder/catalog`. */
export function buildOwnSite(options: OwnSiteOptions = {}): Promise<BuildSummary> {
  return buildCatalog({
    packsDir: REPO_PACKS,
    outDir: options.outDir ?? DEFAULT_SITE_DIR,
    // This app's own build output: a site built before builds listed their files needs force once.
    force: true,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
