import { InputError } from "./errors.js";

type CatalogModule = typeof import("@gridponder/catalog");

const CATALOG = "@gridponder/catalog";

/** What `build` says where the site builder is not installed. */
export const CATALOG_MISSING = `build publishes with ${CATALOG}, which is not installed here. Install it beside the CLI (npm install ${CATALOG}) and run build again; validate, solve, play, trace, conformance and new work without it.`;

/**
 * The site builder, loaded when `build` runs. It is an optional peer dependency: it brings Astro and
 * Vite, which no other command needs, so the CLI installs and runs without it.
 */
export async function loadCatalog(): Promise<CatalogModule> {
  try {
    return await import(CATALOG);
  } catch (error) {
    // Only the package itself missing; a dependency of it missing is a broken install, reported as is.
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === "ERR_MODULE_NOT_FOUND" && String((error as Error).message).includes(`'${CATALOG}'`))
      throw new InputError(CATALOG_MISSING);
    throw error;
  }
}
