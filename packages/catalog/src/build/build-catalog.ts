import { lstat, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Diagnostic } from "@gridponder/schema";
import { type CatalogOptions, getCatalog, packsDirsOf } from "./catalog.ts";
import { locate } from "./compile.ts";
import { CatalogError } from "./errors.ts";
import { carryUserFiles, outputState, removePrevious, swapIn } from "./output-folder.ts";
import { type BuildInput, checkOutDir } from "./output-guard.ts";
import { startPages } from "./pages-process.ts";
import type { ProgressListener } from "./progress.ts";
import { publishCatalog } from "./publish.ts";
import { publishPlanOf } from "./publish-plan.ts";
import { writeServiceWorker } from "./service-worker.ts";
import { SITE_MANIFEST, writeSiteManifest } from "./site-manifest.ts";
import { findPackSources } from "./sources.ts";
import { createStaging, discardStaging, finishStaging } from "./staging.ts";
import { levelPagePath, normaliseBase } from "./urls.ts";

export { CATALOG_ROOT } from "./catalog-root.ts";
export { checkOutDir } from "./output-guard.ts";

export interface BuildCatalogOptions extends CatalogOptions {
  /**
   * Where the site goes. The new site is built beside it and replaces it only when complete; of the
   * previous contents, only files an earlier build wrote are deleted (see `force`).
   */
  outDir: string;
  /**
   * Build into a folder that holds files no build wrote (a build refuses such a folder otherwise).
   * Those files are kept, except where the new site writes a file of its own: there, the site's wins.
   */
  force?: boolean;
  onProgress?: ProgressListener;
}

/** What a catalog build produced. */
export interface BuildSummary {
  readonly outDir: string;
  /** Puzzle packs published. */
  readonly packs: number;
  readonly levels: number;
  /** Match packs (board and card games) published. */
  readonly matches: number;
  /** Levels with a proven optimum (always 0 without `solve`). */
  readonly optima: number;
  /** HTML pages written. */
  readonly pages: number;
  /** Every file written, in bytes. */
  readonly bytes: number;
  /** Findings that did not stop the build, with located file names. */
  readonly warnings: readonly Diagnostic[];
  readonly durationMs: number;
  /**
   * Every level's page: the pack folder it came from (as given or found), the level's id, and the
   * page's path from the site's root, without the base (`lantern-cellar/lc01-bottom-step/`).
   */
  readonly levelPages: readonly { readonly dir: string; readonly level: string; readonly path: string }[];
  /**
   * Every match game's play page: the match pack folder, the level id (`null` for the game's own
   * start) and the page's path from the site's root, without the base (`chess/play/`).
   */
  readonly matchPages: readonly {
    readonly dir: string;
    readonly level: string | null;
    readonly path: string;
  }[];
}

/** Every file below `dir`, as forward-slash relative paths, with the HTML page count and total size. */
async function listFiles(dir: string): Promise<{ files: string[]; pages: number; bytes: number }> {
  const files: string[] = [];
  let pages = 0;
  let bytes = 0;
  const walk = async (rel: string) => {
    for (const entry of await readdir(rel === "" ? dir : join(dir, rel), { withFileTypes: true })) {
      const path = rel === "" ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        files.push(path);
        if (entry.name.endsWith(".html")) pages++;
        bytes += (await lstat(join(dir, path))).size;
      }
    }
  };
  await walk("");
  return { files, pages, bytes };
}

/** The folders a build reads, which its output folder must stay clear of. */
async function inputsOf(options: CatalogOptions): Promise<BuildInput[]> {
  const dirs = packsDirsOf(options);
  const sources = await findPackSources(dirs);
  return [
    ...dirs.map((path) => ({ path, what: "the packs folder" })),
    ...sources.packs.map((path) => ({ path, what: "the pack" })),
    ...sources.matches.map((path) => ({ path, what: "the match pack" })),
    ...sources.collectionFolders.map((path) => ({ path, what: "the folder of shared collections" })),
  ];
}

function leftoverWarning(dir: string): Diagnostic {
  return {
    file: dir,
    pointer: "",
    severity: "warning",
    code: "build-leftover",
    message:
      "a build that was killed left this staging folder with a previous site in it; nothing in it was deleted: look at it, then remove it",
  };
}

function keptWarning(dir: string, kept: readonly string[]): Diagnostic {
  return {
    file: dir,
    pointer: "",
    severity: "warning",
    code: "build-kept",
    message: `${kept.length} file(s) of the previous output could not be matched to the new site and were kept here: ${kept.slice(0, 5).join(", ")}`,
  };
}

/**
 * Builds the static catalog site of a packs folder: packs are compiled first (a broken pack fails
 * before any page is built, with located diagnostics on the thrown `CatalogError`), then Astro builds
 * the pages in a child process and the compiled packs and images are written beside them, all in a
 * staging folder beside `outDir`. Only a complete site replaces `outDir`; of what was there, only files
 * an earlier build wrote (listed in its `.gridponder-site.json`) are deleted. An output folder that is,
 * holds or lies inside an input, and a folder of files no build wrote (without `force`), are refused.
 * If the process exits before the swap (Ctrl-C), the staging folder is removed and `outDir` is as it was.
 * With `solve`, the levels' optima are proven after compiling (see `CatalogSolveOptions`).
 * Progress goes to `onProgress`: compiling packs k/n, solving levels k/n, building pages, writing assets.
 */
export async function buildCatalog(options: BuildCatalogOptions): Promise<BuildSummary> {
  const started = performance.now();
  const { outDir, onProgress, force = false, ...catalogOptions } = options;
  const out = resolve(outDir);
  const base = normaliseBase(catalogOptions.base);
  checkOutDir(out, await inputsOf(catalogOptions));
  if ((await outputState(out)).kind === "foreign" && !force)
    throw new CatalogError(
      `refusing to build into ${out}: it holds files that no build wrote (it has no ${SITE_MANIFEST}); choose an empty or new folder`,
      [],
      "output-not-ours",
    );
  // Compiled before anything is written, so invalid packs fail fast and progress shows while it happens.
  const catalog = await getCatalog({ ...catalogOptions, base }, onProgress);
  const { staging, leftovers } = await createStaging(out);
  let kept: string[] = [];
  let listed: { files: string[]; pages: number; bytes: number };
  try {
    onProgress?.({ phase: "pages" });
    const pages = await startPages(catalog, base, staging.site, staging.dir);
    staging.child = pages.child;
    await pages.done;
    staging.child = null;
    await publishCatalog(catalog, staging.site, onProgress);
    await writeServiceWorker(staging.site);
    listed = await listFiles(staging.site);
    await writeSiteManifest(staging.site, listed.files);
    // Read again now: another build may have replaced the folder while this one ran.
    const state = await outputState(out);
    if (state.kind === "foreign" && !force)
      throw new CatalogError(`refusing to build into ${out}: files that no build wrote appeared in it`);
    const carried = await carryUserFiles(out, staging.site, state, force);
    swapIn(staging, out, state);
    kept = await removePrevious(staging.previous, out, state, carried);
  } catch (error) {
    await discardStaging(staging);
    throw error;
  }
  await finishStaging(staging, kept.length > 0);
  onProgress?.({ phase: "done" });
  const { sources } = publishPlanOf(catalog);
  const warnings = [
    ...catalog.warnings,
    ...[...catalog.packs, ...catalog.matches].flatMap((pack) => {
      const dir = sources.find((s) => s.slug === pack.slug)?.dir ?? "";
      return locate(dir, pack.warnings);
    }),
    ...leftovers.map(leftoverWarning),
    ...(kept.length > 0 ? [keptWarning(staging.previous, kept)] : []),
  ];
  return {
    outDir: out,
    packs: catalog.packs.length,
    levels: catalog.packs.reduce((n, p) => n + p.levels.length, 0),
    matches: catalog.matches.length,
    optima: catalog.packs.reduce((n, p) => n + p.levels.filter((l) => l.optimum !== null).length, 0),
    pages: listed.pages,
    bytes: listed.bytes,
    warnings,
    durationMs: Math.round(performance.now() - started),
    levelPages: catalog.packs.flatMap((pack) => {
      const dir = sources.find((s) => s.slug === pack.slug)?.dir ?? "";
      return pack.levels.map((level) => ({
        dir,
        level: level.id,
        path: levelPagePath(pack.slug, level.slug),
      }));
    }),
    matchPages: catalog.matches.flatMap((match) => {
      const dir = sources.find((s) => s.slug === match.slug)?.dir ?? "";
      return match.positions.map((position) => ({
        dir,
        level: position.id,
        path: levelPagePath(match.slug, position.slug),
      }));
    }),
  };
}
