import { loadOptional, missingPackageText } from "./optional-package.js";

type CatalogModule = typeof import("@gridponder/catalog");

const CATALOG = "@gridponder/catalog";

/** What `build` says where the site builder is not installed. */
export const CATALOG_MISSING = missingPackageText(CATALOG, "build publishes with");

/**
 * The site builder, loaded when `build` runs. It is an optional peer dependency: it brings Astro and
 * Vite, which no other command needs, so the CLI installs and runs without it.
 */
export function loadCatalog(): Promise<CatalogModule> {
  return loadOptional(CATALOG, CATALOG_MISSING, () => import(CATALOG));
}
