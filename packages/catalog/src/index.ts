/**
 * `@gridponder/catalog`: publish a folder of Gridponder packs as a static, playable website. Node only:
 * `buildCatalog` runs the Astro build of this package's site; `getCatalog` and `publishCatalog` are
 * the pieces it is made of, and `gridponderCatalog` the Astro integration that ties them to the pages.
 * @module
 */
export {
  type BuildCatalogOptions,
  type BuildSummary,
  buildCatalog,
  CATALOG_ROOT,
} from "./build/build-catalog.ts";
export {
  type Catalog,
  type CatalogLevel,
  type CatalogMatch,
  type CatalogMatchPosition,
  type CatalogOptions,
  type CatalogPack,
  type CatalogStory,
  configureCatalog,
  getCatalog,
} from "./build/catalog.ts";
export { CatalogError, type CatalogErrorCode } from "./build/errors.ts";
export { gridponderCatalog } from "./build/integration.ts";
export type { CatalogSolveOptions, LevelSolver } from "./build/optima.ts";
export type { CatalogProgress, ProgressListener } from "./build/progress.ts";
export { type PublishResult, publishCatalog } from "./build/publish.ts";
