import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { type CatalogOptions, configureCatalog, getCatalog } from "./catalog.ts";
import { publishCatalog, publishedFilesMiddleware } from "./publish.ts";
import { catalogStore } from "./store.ts";

/**
 * The Astro integration of the catalog: it tells the pages which packs to read (Astro's `base`
 * included), compiles them before the pages are built so that a broken pack fails early, writes the
 * compiled packs and their images into the output folder when the build is done, and serves the same
 * files from `astro dev`. Options given to `buildCatalog` win over the ones passed here; URLs always
 * start with Astro's `base`.
 */
export function gridponderCatalog(options: CatalogOptions = {}): AstroIntegration {
  const effective = (base: string): CatalogOptions => {
    const session = catalogStore().session;
    const packsDir = session?.packsDir ?? options.packsDir;
    const skipInvalid = session?.skipInvalid ?? options.skipInvalid;
    const solve = session?.solve ?? options.solve;
    // Astro's base is what page URLs start with, so the catalog's URLs follow it.
    return {
      ...(packsDir === undefined ? {} : { packsDir }),
      ...(skipInvalid === undefined ? {} : { skipInvalid }),
      ...(solve === undefined ? {} : { solve }),
      base,
    };
  };
  return {
    name: "@gridponder/catalog",
    hooks: {
      "astro:config:setup": ({ config }) => {
        configureCatalog(effective(config.base));
      },
      "astro:server:setup": ({ server }) => {
        server.middlewares.use(publishedFilesMiddleware(() => getCatalog()));
      },
      "astro:build:start": async () => {
        await getCatalog();
        catalogStore().session?.onProgress?.({ phase: "pages" });
      },
      "astro:build:done": async ({ dir }) => {
        await publishCatalog(await getCatalog(), fileURLToPath(dir), catalogStore().session?.onProgress);
      },
    },
  };
}
