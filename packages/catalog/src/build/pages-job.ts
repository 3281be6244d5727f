import type { Catalog } from "./catalog.ts";

/** What the page-building process needs, written by `buildCatalog` as JSON into its staging folder. */
export interface PagesJob {
  /** The catalog the parent compiled: plain data, so it survives JSON. */
  readonly catalog: Catalog;
  readonly base: string;
  readonly outDir: string;
  readonly cacheDir: string;
  readonly viteCacheDir: string;
}
