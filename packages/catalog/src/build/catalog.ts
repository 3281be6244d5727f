/**
 * The catalog the pages are built from: every valid pack of a folder (or several) compiled for the web,
 * with content-hashed URLs, level thumbnails and story screens. Pages call {@link getCatalog}; the
 * integration publishes the files it names (see `publish.ts`).
 * @module
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type Diagnostic, ENGINE_VERSION } from "@gridponder/schema";
import { resolveAsset } from "@gridponder/view";
import type { Catalog, CatalogMatch, CatalogOptions, CatalogPack } from "./catalog-types.ts";
import { type CompiledEntry, compileEntry } from "./compile.ts";
import { type CoverVariants, coverVariants, isRasterCover } from "./cover-images.ts";
import { CatalogError } from "./errors.ts";
import { packLevels } from "./levels.ts";
import { hidesInformation, loadMatchEntry, type MatchEntry, matchPositions, seatNames } from "./matches.ts";
import { type CatalogSolveOptions, type KnownOptima, knownOptima } from "./optima.ts";
import { defaultCacheFile } from "./optima-cache.ts";
import type { ProgressListener } from "./progress.ts";
import { type PublishedEntry, setPublishPlan } from "./publish-plan.ts";
import { uniqueSlugs } from "./slugs.ts";
import { findPackSources, searchPathsFor } from "./sources.ts";
import { catalogStore } from "./store.ts";
import {
  fromStudio,
  STUDIO_FOLDER,
  STUDIO_INDEX,
  type StudioIndexPack,
  studioEntries,
  studioIndexText,
} from "./studio.ts";
import { normaliseBase, packFolderPath, spriteUrl } from "./urls.ts";

export type {
  Catalog,
  CatalogLevel,
  CatalogMatch,
  CatalogMatchPosition,
  CatalogOptions,
  CatalogPack,
  CatalogStory,
} from "./catalog-types.ts";

interface ResolvedOptions {
  readonly packsDirs: readonly string[];
  readonly skipInvalid: boolean;
  readonly base: string;
  readonly solve: CatalogSolveOptions | null;
  readonly studio: boolean;
}

/** This repository's `packs/` (from `src/build` or `dist/build` alike). */
const REPO_PACKS = resolve(import.meta.dirname, "../../../../packs");

/** Folders named by `GRIDPONDER_PACKS` (several separated like `PATH`). */
function packsFromEnv(): string[] | null {
  const value = process.env.GRIDPONDER_PACKS;
  if (!value) return null;
  const separator = process.platform === "win32" ? ";" : ":";
  return value.split(separator).filter((p) => p !== "");
}

/** The absolute packs folders options name: `packsDir`, else `GRIDPONDER_PACKS`, else `<repo>/packs`. */
export function packsDirsOf(options: CatalogOptions): string[] {
  const dirs = options.packsDir === undefined ? (packsFromEnv() ?? [REPO_PACKS]) : [options.packsDir].flat();
  return dirs.map((d) => resolve(d));
}

function cacheFileOf(file: string | false | undefined): string | false {
  return file === false ? false : resolve(file ?? defaultCacheFile());
}

function resolveOptions(options: CatalogOptions): ResolvedOptions {
  return {
    packsDirs: packsDirsOf(options),
    skipInvalid: options.skipInvalid ?? false,
    base: normaliseBase(options.base),
    // The cache file is settled here so that the catalog's memo key names it.
    solve:
      options.solve === undefined
        ? null
        : { ...options.solve, cacheFile: cacheFileOf(options.solve.cacheFile) },
    studio: options.studio ?? true,
  };
}

/** Sets what `getCatalog()` without arguments uses (the integration calls it with Astro's config). */
export function configureCatalog(options: CatalogOptions): void {
  catalogStore().defaults = { ...options };
}

/**
 * The catalog of a packs folder, compiled once per process and options. Without options: what the
 * integration configured, else `GRIDPONDER_PACKS`, else the repository's `packs/`. Rejects with a
 * {@link CatalogError} carrying located diagnostics when a pack is invalid (unless `skipInvalid`).
 */
export function getCatalog(options?: CatalogOptions, onProgress?: ProgressListener): Promise<Catalog> {
  const store = catalogStore();
  if (options === undefined && store.prepared) return Promise.resolve(store.prepared);
  const resolved = resolveOptions(options ?? store.defaults);
  const key = JSON.stringify(resolved);
  let catalog = store.catalogs.get(key);
  if (!catalog) {
    catalog = loadCatalog(resolved, onProgress);
    store.catalogs.set(key, catalog);
    // A failed build may be fixed and retried in the same process (astro dev).
    catalog.catch(() => store.catalogs.delete(key));
  }
  return catalog;
}

/**
 * First path segments a pack page must not take (slugs cannot start with `_`, so `_packs`, `_astro` are
 * safe). `studio` is reserved with or without the studio, so a pack's URL does not depend on it.
 */
const RESERVED_SLUGS = ["404", "studio"];

async function loadCatalog(options: ResolvedOptions, onProgress?: ProgressListener): Promise<Catalog> {
  // Before any pack is compiled, so a studio that was never built fails at once.
  const studioFiles = options.studio ? await studioEntries() : [];
  const sources = await findPackSources(options.packsDirs);
  const entries: CompiledEntry[] = [];
  const matchEntries: MatchEntry[] = [];
  const errors: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const total = sources.packs.length + sources.matches.length;
  /** An invalid pack of either kind: refused, or left out with a warning under `skipInvalid`. */
  const invalid = (dir: string, diagnostics: readonly Diagnostic[], what: string): void => {
    if (!options.skipInvalid) {
      errors.push(...diagnostics.filter((d) => d.severity === "error"));
      return;
    }
    const count = diagnostics.filter((d) => d.severity === "error").length;
    warnings.push(
      {
        file: join(dir, "manifest.json"),
        pointer: "",
        severity: "warning",
        code: "pack-skipped",
        message: `invalid ${what} left out of the catalog (${count} error${count === 1 ? "" : "s"})`,
      },
      ...diagnostics.map((d) => ({ ...d, severity: "warning" as const })),
    );
  };
  onProgress?.({ phase: "compile", done: 0, total, pack: null });
  for (const [i, dir] of sources.packs.entries()) {
    const outcome = await compileEntry(dir, searchPathsFor(dir, sources));
    if (outcome.ok) entries.push(outcome.entry);
    else invalid(dir, outcome.diagnostics, "pack");
    onProgress?.({ phase: "compile", done: i + 1, total, pack: dir });
  }
  for (const [i, dir] of sources.matches.entries()) {
    const outcome = await loadMatchEntry(dir);
    if (outcome.ok) matchEntries.push(outcome.entry);
    else invalid(dir, outcome.diagnostics, "match pack");
    onProgress?.({ phase: "compile", done: sources.packs.length + i + 1, total, pack: dir });
  }
  if (errors.length > 0) {
    const dirs = [...sources.packs, ...sources.matches];
    const refused = new Set(errors.map((d) => dirs.find((dir) => d.file.startsWith(dir)))).size;
    throw new CatalogError(
      `${plural(refused, "invalid pack")} (${plural(errors.length, "error")}); fix ${refused === 1 ? "it" : "them"}, or leave invalid packs out`,
      errors,
      "invalid-packs",
    );
  }

  const solved = options.solve === null ? null : await solveEntries(entries, options.solve, onProgress);
  if (solved?.cacheError) warnings.push(cacheWarning(solved.cacheError));

  // One namespace for puzzle packs and games (both are pages at `/<slug>/`); puzzle packs first, so that
  // adding a game never changes a puzzle pack's URL.
  const allSlugs = uniqueSlugs(
    [...entries.map((e) => e.pack.manifest.gameId), ...matchEntries.map((e) => e.manifest.gameId)],
    "pack",
    RESERVED_SLUGS,
  );
  const slugs = allSlugs.slice(0, entries.length);
  const matchSlugs = allSlugs.slice(entries.length);
  const covers = await Promise.all(entries.map(encodeCover));
  const published: PublishedEntry[] = [...studioFiles];
  const studioPacks: StudioIndexPack[] = [];
  const packs = entries.map((entry, i): CatalogPack => {
    const slug = slugs[i] ?? `pack-${i + 1}`;
    const folder = packFolderPath(slug);
    const assetPath = `${folder}${entry.hash}/`;
    const packPath = `${folder}pack.${entry.hash}.json`;
    const assetBase = options.base + assetPath;
    published.push({ path: packPath, data: entry.json });
    for (const file of entry.files)
      published.push(
        file.data === undefined
          ? { path: assetPath + file.to, from: file.from }
          : { path: assetPath + file.to, data: file.data },
      );
    const cover = entry.pack.manifest.coverImage;
    const coverRef = cover === undefined ? null : resolveAsset(entry.compiled.assets, cover);
    const { levels, epilogue, storyCount } = packLevels(
      entry.pack,
      entry.compiled.assets,
      assetBase,
      solved?.optima.get(entry.dir),
    );
    const failure = solved?.failures.get(entry.dir);
    // A raster cover's WebP widths sit beside the compiled pack, named by its hash like it.
    const encoded = covers[i] ?? null;
    const coverImage =
      encoded === null
        ? null
        : {
            width: encoded.width,
            height: encoded.height,
            srcset: encoded.variants
              .map((v) => {
                const path = `${folder}cover.${entry.hash}.${v.width}.webp`;
                published.push({ path, data: v.data });
                return `${options.base}${path} ${v.width}w`;
              })
              .join(", "),
          };
    studioPacks.push({
      slug,
      title: entry.pack.manifest.title,
      packUrl: fromStudio(packPath),
      assetBase: fromStudio(assetPath),
      levels: levels.map((level) => ({ id: level.id, title: level.title })),
    });
    return {
      slug,
      manifest: entry.pack.manifest,
      packUrl: options.base + packPath,
      assetBase,
      coverUrl: coverRef === null ? null : spriteUrl(assetBase, coverRef),
      coverImage,
      levels,
      storyCount,
      epilogue,
      warnings: failure === undefined ? [...entry.warnings] : [...entry.warnings, solverWarning(failure)],
    };
  });
  const matches = matchEntries.map((entry, i): CatalogMatch => {
    const slug = matchSlugs[i] ?? `game-${i + 1}`;
    const path = `${packFolderPath(slug)}match.${entry.hash}.json`;
    published.push({ path, data: entry.json });
    const { min, max } = entry.game.seats;
    return {
      slug,
      manifest: entry.manifest,
      fileUrl: options.base + path,
      seats: { min, max, names: seatNames(entry.game) },
      hidesInformation: hidesInformation(entry),
      positions: matchPositions(entry),
      warnings: [...entry.warnings],
    };
  });
  const tags = [...new Set(packs.flatMap((p) => p.manifest.tags ?? []))].sort();
  const catalog: Catalog = { packs, matches, tags, engineVersion: ENGINE_VERSION, warnings };
  if (options.studio) {
    published.push({ path: STUDIO_INDEX, data: studioIndexText(studioPacks) });
    catalog.studioUrl = options.base + STUDIO_FOLDER;
  }
  setPublishPlan(catalog, {
    base: options.base,
    entries: published,
    sources: [
      ...entries.map((e, i) => ({ slug: slugs[i] ?? "", dir: e.dir })),
      ...matchEntries.map((e, i) => ({ slug: matchSlugs[i] ?? "", dir: e.dir })),
    ],
  });
  return catalog;
}

/** The WebP widths of a pack's raster cover (see `cover-images.ts`), or `null`. */
async function encodeCover(entry: CompiledEntry): Promise<CoverVariants | null> {
  const cover = entry.pack.manifest.coverImage;
  const ref = cover === undefined ? null : resolveAsset(entry.compiled.assets, cover);
  if (ref === null || !isRasterCover(ref.path)) return null;
  const to = ref.collection === null ? ref.path : `_shared/${ref.collection}/${ref.path}`;
  const file = entry.files.find((f) => f.to === to);
  if (!file) return null;
  return coverVariants(await readFile(file.from));
}

/** Proves what it can of every level's optimum (the cache keys levels by content, images left out). */
function solveEntries(
  entries: readonly CompiledEntry[],
  solve: CatalogSolveOptions,
  onProgress?: ProgressListener,
): Promise<KnownOptima> {
  const packs = entries.map((e) => ({ dir: e.dir, pack: e.pack, levels: e.pack.levelOrder }));
  return knownOptima(packs, solve, onProgress);
}

function solverWarning(message: string): Diagnostic {
  return {
    file: "manifest.json",
    pointer: "",
    severity: "warning",
    code: "optima-unsolved",
    message: `the solver failed on this pack, so its levels show no optimum: ${message}`,
  };
}

function cacheWarning({ file, message }: { file: string; message: string }): Diagnostic {
  return {
    file,
    pointer: "",
    severity: "warning",
    code: "optima-cache",
    message: `the optima cache could not be written, so the next build solves again: ${message}`,
  };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
