/**
 * State shared by every copy of these modules in one process. Astro loads the integration through its
 * config loader and the pages from a separate server bundle, so each gets its own module instances; a
 * registry symbol on `globalThis` lets the pages reuse the catalog the integration compiled, and lets
 * the page-building process of `buildCatalog` hand the catalog its parent compiled to the pages.
 */
import type { Catalog, CatalogOptions } from "./catalog-types.ts";

export interface CatalogStore {
  /** Catalogs by their resolved options, compiled once per process. */
  readonly catalogs: Map<string, Promise<Catalog>>;
  /** What `getCatalog()` without arguments uses: set by the integration from Astro's config. */
  defaults: CatalogOptions;
  /**
   * Set only in the process `buildCatalog` starts to build the pages: the catalog its parent compiled.
   * The pages read it instead of compiling the packs again, and the parent publishes the pack files.
   */
  prepared: Catalog | null;
}

const KEY = Symbol.for("@gridponder/catalog/store");

export function catalogStore(): CatalogStore {
  const global = globalThis as { [KEY]?: CatalogStore };
  global[KEY] ??= { catalogs: new Map(), defaults: {}, prepared: null };
  return global[KEY];
}
