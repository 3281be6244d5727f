import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join, parse, resolve } from "node:path";
import type { Diagnostic } from "@gridponder/schema";
import { type CatalogOptions, getCatalog, packsDirsOf } from "./catalog.ts";
import { locate } from "./compile.ts";
import { CatalogError } from "./errors.ts";
import type { ProgressListener } from "./progress.ts";
import { isInside } from "./publish.ts";
import { publishPlanOf } from "./publish-plan.ts";
import { catalogStore } from "./store.ts";

export interface BuildCatalogOptions extends CatalogOptions {
  /** Where the site is written (emptied first, as Astro does). */
  outDir: string;
  onProgress?: ProgressListener;
}

/** What a catalog build produced. */
export interface BuildSummary {
  readonly outDir: string;
  readonly packs: number;
  readonly levels: number;
  /** Levels with a proven optimum (always 0 without `solve`). */
  readonly optima: number;
  /** HTML pages written. */
  readonly pages: number;
  /** Every file written, in bytes. */
  readonly bytes: number;
  /** Findings that did not stop the build, with located file names. */
  readonly warnings: readonly Diagnostic[];
  readonly durationMs: number;
}

/** The catalog app's folder (its `astro.config.mjs`), from `src/build` or `dist/build` alike. */
export const CATALOG_ROOT = resolve(import.meta.dirname, "../..");

/**
 * Astro empties its output folder before writing, so an output folder that holds the packs, this
 * app, the working folder or a home folder would be wiped: such a folder is refused.
 */
export function checkOutDir(outDir: string, packsDirs: readonly string[]): void {
  const out = resolve(outDir);
  const holds = (path: string) => path === out || isInside(out, path);
  const refuse = (why: string) => {
    throw new CatalogError(
      `refusing to build into ${out}: ${why}, and a build empties its output folder first`,
    );
  };
  if (out === parse(out).root || out === homedir()) refuse("it is a root or home folder");
  for (const dir of packsDirs) if (holds(resolve(dir))) refuse(`it holds the packs in ${resolve(dir)}`);
  if (holds(CATALOG_ROOT)) refuse("it holds the catalog site's sources");
  if (holds(process.cwd())) refuse("it holds the current folder");
}

async function walk(dir: string): Promise<{ pages: number; bytes: number }> {
  let pages = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await walk(full);
      pages += inner.pages;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      if (entry.name.endsWith(".html")) pages++;
      bytes += (await stat(full)).size;
    }
  }
  return { pages, bytes };
}

/**
 * Builds the static catalog site of a packs folder with Astro's programmatic `build()`: packs are
 * compiled first (a broken pack fails before any page is built, with located diagnostics on the thrown
 * `CatalogError`), then the pages are built and the compiled packs and images written beside them.
 * With `solve`, the levels' optima are proven after compiling (see `CatalogSolveOptions`).
 * Progress goes to `onProgress`: compiling packs k/n, solving levels k/n, building pages, writing assets.
 */
export async function buildCatalog(options: BuildCatalogOptions): Promise<BuildSummary> {
  const started = performance.now();
  const { outDir, onProgress, ...catalogOptions } = options;
  const out = resolve(outDir);
  const store = catalogStore();
  checkOutDir(out, packsDirsOf(catalogOptions));
  if (store.session) throw new Error("a catalog build is already running in this process");
  // Compiled before Astro starts, so invalid packs fail fast and progress shows while it happens.
  const catalog = await getCatalog(catalogOptions, onProgress);
  store.session = { ...catalogOptions, ...(onProgress ? { onProgress } : {}) };
  // Someone building packs into a site has not opted into Astro's usage reports.
  process.env.ASTRO_TELEMETRY_DISABLED ??= "1";
  // A cache of its own: builds of several catalogs may run at once (tests, CI) from the same app folder.
  const cacheDir = await mkdtemp(join(tmpdir(), "gridponder-catalog-cache-"));
  try {
    const { build } = await import("astro");
    await build({
      root: CATALOG_ROOT,
      outDir: out,
      cacheDir,
      ...(options.base === undefined ? {} : { base: options.base }),
      logLevel: "error",
      mode: "production",
    });
  } finally {
    store.session = null;
    await rm(cacheDir, { recursive: true, force: true });
  }
  const { pages, bytes } = await walk(out);
  onProgress?.({ phase: "done" });
  const { sources } = publishPlanOf(catalog);
  const warnings = [
    ...catalog.warnings,
    ...catalog.packs.flatMap((pack) => {
      const dir = sources.find((s) => s.slug === pack.slug)?.dir ?? "";
      return locate(dir, pack.warnings);
    }),
  ];
  return {
    outDir: out,
    packs: catalog.packs.length,
    levels: catalog.packs.reduce((n, p) => n + p.levels.length, 0),
    optima: catalog.packs.reduce((n, p) => n + p.levels.filter((l) => l.optimum !== null).length, 0),
    pages,
    bytes,
    warnings,
    durationMs: Math.round(performance.now() - started),
  };
}
