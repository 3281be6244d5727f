/**
 * What `agent run` builds beside its report: a catalog of the packs it played (with the site builder,
 * when it is installed) and each attempt's final line as a share link into that catalog, which
 * `report.json` and `report.html` then carry.
 * @module
 */
import { join, resolve } from "node:path";
import type { LevelScore, Report } from "@gridponder/agent";
import { type ActionInput, type Pack, Session } from "@gridponder/engine";
import { CATALOG_MISSING, loadCatalog } from "./catalog-module.js";
import { type CliContext, printLine } from "./context.js";
import { InputError } from "./errors.js";
import { isZipName } from "./zip-pack.js";

/** The folder below the run's output that the catalog is built into. */
export const CATALOG_FOLDER = "catalog";

/** A played pack: its name in the report, where it was read from, and the pack. */
export interface PlayedPack {
  readonly name: string;
  readonly folder: string;
  readonly pack: Pack;
}

/** Each attempt's final line, by pack name and level id. */
export type FinalLines = Map<string, Map<string, readonly ActionInput[]>>;

/**
 * Builds the catalog of the played folder packs into `<out>/catalog` (a zip is left out: the site
 * builder reads folders) and returns, per pack name and level, the page's path from the report.
 * `null` when the site builder is not installed here.
 */
async function buildCatalogBeside(
  ctx: CliContext,
  out: string,
  played: readonly PlayedPack[],
  base: string,
): Promise<Map<string, Map<string, string>> | null> {
  const folders = played.filter((p) => !isZipName(p.folder));
  if (folders.length === 0) return new Map();
  let catalog: Awaited<ReturnType<typeof loadCatalog>>;
  try {
    catalog = await loadCatalog();
  } catch (error) {
    if (error instanceof InputError && error.message === CATALOG_MISSING) return null;
    throw error;
  }
  if (!ctx.json) printLine(ctx, `building the catalog for the replays in ${join(out, CATALOG_FOLDER)}…`);
  const summary = await catalog.buildCatalog({
    packsDir: folders.map((p) => resolve(p.folder)),
    outDir: join(out, CATALOG_FOLDER),
    base,
    studio: false,
  });
  const pages = new Map<string, Map<string, string>>();
  for (const p of folders) {
    const dir = resolve(p.folder);
    const levels = new Map<string, string>();
    for (const page of summary.levelPages)
      if (resolve(page.dir) === dir) levels.set(page.level, `${CATALOG_FOLDER}/${page.path}`);
    pages.set(p.name, levels);
  }
  return pages;
}

type ShareCodes = typeof import("@gridponder/catalog/share-code");

/** The share link of a line: the level page with `#a=<code>` (the catalog's level pages read it). */
function replayLink(
  codes: ShareCodes,
  page: string,
  pack: Pack,
  level: string,
  line: readonly ActionInput[],
) {
  if (line.length === 0) return page;
  // The alphabet is the level's action list at its start, as the level page's player lists it.
  const alphabet = new Session(pack, level).legalActions();
  return `${page}${codes.shareHash(codes.encodeActions(line, alphabet))}`;
}

/**
 * The report with a replay link on every attempt whose pack is in the catalog built beside it, and
 * that catalog's state: `built`, `missing` (no site builder installed) or `off` (not asked for).
 */
export async function withReplays(
  ctx: CliContext,
  out: string,
  report: Report,
  played: readonly PlayedPack[],
  lines: FinalLines,
  options: { readonly catalog: boolean; readonly base: string },
): Promise<{ report: Report; catalog: "built" | "missing" | "off" }> {
  if (!options.catalog) return { report, catalog: "off" };
  const pages = await buildCatalogBeside(ctx, out, played, options.base);
  if (pages === null) return { report, catalog: "missing" };
  const codes = await import("@gridponder/catalog/share-code");
  const packs = report.packs.map((p) => {
    const pack = played.find((x) => x.name === p.pack)?.pack;
    const levelPages = pages.get(p.pack);
    if (!pack || !levelPages) return p;
    const levelScores = p.levelScores.map((l): LevelScore => {
      const page = levelPages.get(l.level);
      const line = lines.get(p.pack)?.get(l.level);
      if (page === undefined || line === undefined) return l;
      return { ...l, replay: replayLink(codes, page, pack, l.level, line) };
    });
    return { ...p, levelScores };
  });
  return { report: { ...report, packs }, catalog: "built" };
}
