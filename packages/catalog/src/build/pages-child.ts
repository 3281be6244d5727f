/**
 * The process in which `buildCatalog` runs Astro (see `pages-process.ts`). Its working folder is the
 * build's staging folder: Astro puts its intermediate server output under the working folder when the
 * output folder is outside it, so each build keeps that to itself.
 * @module
 */
import { readFile } from "node:fs/promises";
import type { AstroInlineConfig } from "astro";
import { CATALOG_ROOT } from "./catalog-root.ts";
import type { PagesJob } from "./pages-job.ts";
import { catalogStore } from "./store.ts";

async function buildPages(jobFile: string): Promise<void> {
  const job = JSON.parse(await readFile(jobFile, "utf8")) as PagesJob;
  catalogStore().prepared = job.catalog;
  const { build } = await import("astro");
  const config: AstroInlineConfig = {
    root: CATALOG_ROOT,
    outDir: job.outDir,
    cacheDir: job.cacheDir,
    vite: {
      cacheDir: job.viteCacheDir,
      // Every dependency bundled into the chunks that prerender the pages: they run from the staging
      // folder, where a bare import resolves only when the catalog's dependencies are installed in a
      // folder above it (not so for npx, a global install, or a site built outside the project).
      environments: { prerender: { resolve: { noExternal: true } } },
    },
    base: job.base,
    logLevel: "error",
    mode: "production",
  };
  // `sync: false` skips Astro's type generation, which writes `.astro/` into the installed package; the
  // site has no content collections that would need it. Not in Astro's declared options, hence the cast.
  await (build as (config: AstroInlineConfig, options: { sync: boolean }) => Promise<void>)(config, {
    sync: false,
  });
}

const jobFile = process.argv[2];
if (jobFile === undefined) {
  process.stderr.write("usage: pages-child <job.json>\n");
  process.exit(2);
}
try {
  await buildPages(jobFile);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
