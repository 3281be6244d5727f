/**
 * State shared by every copy of these modules in one process. Astro loads the integration through its
 * config loader and the pages from a separate server bundle, so each gets its own module instances; a
 * registry symbol on `globalThis` lets the pages reuse the catalog the integration compiled, and lets
 * `buildCatalog` hand its options to the integration that `astro.config.mjs` creates.
 */
import type { Catalog, CatalogOptions } from "./catalog.ts";
import type { ProgressListener } from "./progress.ts";

export interface CatalogStore {
  /** Catalogs by their resolved options, compiled once per process. */
  readonly catalogs: Map<string, Promise<Catalog>>;
  /** What `getCatalog()` without arguments uses: set by the integration from Astro's config. */
  defaults: CatalogOptions;
  /** Options of a running `buildCatalog`, which win over those in `astro.config.mjs`. */
  session: (CatalogOptions & { readonly onProgress?: ProgressListener }) | null;
}

const KEY = Symbol.for("@gridponder/catalog/store");

export function catalogStore(): CatalogStore {
  const global = globalThis as { [KEY]?: CatalogStore };
  global[KEY] ??= { catalogs: new Map(), defaults: {}, session: null };
  return global[KEY];
}
