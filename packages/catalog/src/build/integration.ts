import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { type CatalogOptions, configureCatalog, getCatalog } from "./catalog.ts";
import { publishCatalog, publishedFilesMiddleware } from "./publish.ts";
import { catalogStore } from "./store.ts";

/**
 * The Astro integration of the catalog: it tells the pages which packs to read (Astro's `base`
 * included), compiles them before the pages are built so that a broken pack fails early, writes the
 * compiled packs and their images into the output folder when the build is done, and serves the same
 * files from `astro dev`. Under `buildCatalog` the pages read the catalog it compiled and it publishes
 * the files itself; URLs always start with Astro's `base`.
 */
export function gridponderCatalog(options: CatalogOptions = {}): AstroIntegration {
  return {
    name: "@gridponder/catalog",
    hooks: {
      "astro:config:setup": ({ config }) => {
        // Astro's base is what page URLs start with, so the catalog's URLs follow it.
        configureCatalog({ ...options, base: config.base });
      },
      "astro:server:setup": ({ server }) => {
        server.middlewares.use(publishedFilesMiddleware(() => getCatalog()));
      },
      "astro:build:start": async () => {
        await getCatalog();
      },
      "astro:build:done": async ({ dir }) => {
        if (catalogStore().prepared) return;
        await publishCatalog(await getCatalog(), fileURLToPath(dir));
      },
    },
  };
}
