/**
 * Build-time helpers (Node.js): validate a pack folder, prove its gold paths still win, and write it as a
 * `pack.json` plus its image files for a static site.
 * @module
 */
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { type Pack, type Registry, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { type Diagnostic, expandGoldPathStep, type ValidPack } from "@gridponder/schema";
import { findSharedCollections, listPackFiles } from "@gridponder/schema/node";
import type { AssetCatalog } from "@gridponder/view";
import { isCollectionId, isPublishablePath } from "./asset-paths.js";
import { COMPILED_PACK_FORMAT, type CompiledPack, sharedAssetPrefix } from "./compiled-pack.js";
import { isSvgPath, sanitizeSvg, sanitizeSvgFile } from "./svg-sanitize.js";

export { isPublishablePath, PUBLISHED_EXTENSIONS } from "./asset-paths.js";
export { COMPILED_PACK_FORMAT, type CompiledPack } from "./compiled-pack.js";
export {
  isSvgPath,
  SVG_LIMITS,
  type SvgSanitizeResult,
  sanitizeSvg,
  sanitizeSvgFile,
} from "./svg-sanitize.js";

export interface CompileForWebOptions {
  /** Folders whose sub-folders are shared asset collections (as for `validatePackFolder`). */
  readonly searchPaths?: readonly string[];
  /** Collections every pack may draw on without naming them (default: `gridponder-base`). */
  readonly implicitCollections?: readonly string[];
  /**
   * Compile even when the manifest names a shared collection no search path has (a warning instead of
   * the schema's error); its sprites then fall back to the kinds' display hints.
   */
  readonly allowMissingCollections?: boolean;
  /** The types the pack may use (see `PlayerOptions.registry`): the built-in ones by default. */
  readonly registry?: Registry;
}

/** A file to publish: `from` on disk, `to` relative to the output folder. */
export interface PublishedFile {
  readonly from: string;
  readonly to: string;
  /**
   * What to publish instead of a copy of `from`: every SVG's text as `sanitizeSvg` left it (a published
   * SVG runs no script and loads nothing outside itself).
   */
  readonly data?: string;
}

export type CompileForWebResult =
  | {
      readonly ok: true;
      readonly compiled: CompiledPack;
      /** The play-ready engine pack it was checked with, so build tools need not compile it again. */
      readonly pack: Pack;
      readonly files: readonly PublishedFile[];
      /** Warnings of the validation (errors refuse the pack). */
      readonly diagnostics: readonly Diagnostic[];
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/**
 * Validates a pack folder with the schema, checks that the engine implements every system it uses,
 * replays every level's gold path and refuses the pack when one no longer wins. Returns the compiled
 * pack and the image files to publish: pack files under their pack path, shared-collection files under
 * `_shared/<collection>/<path>`.
 */
export async function compilePackForWeb(
  dir: string,
  options: CompileForWebOptions = {},
): Promise<CompileForWebResult> {
  const searchPaths = [...(options.searchPaths ?? [])];
  const implicitCollections = [...(options.implicitCollections ?? ["gridponder-base"])];
  const available = await findSharedCollections(searchPaths);
  const missing: Diagnostic[] = [];
  if (options.allowMissingCollections) {
    const named = await namedCollections(dir);
    for (const id of named)
      if (!Object.hasOwn(available, id)) {
        available[id] = [];
        missing.push({
          file: "manifest.json",
          pointer: "/sharedAssets",
          severity: "warning",
          code: "shared-assets",
          message: `shared asset collection ${JSON.stringify(id)} was not found; its sprites fall back`,
        });
      }
  }
  // The engine's loader validates with the schema and refuses types the registry lacks.
  const loaded = await loadPackFolder(dir, {
    sharedCollections: available,
    implicitCollections,
    ...(options.registry ? { registry: options.registry } : {}),
  });
  const diagnostics = [...loaded.diagnostics, ...missing];
  if (!loaded.ok) return { ok: false, diagnostics };
  const losing = losingGoldPaths(loaded.pack);
  if (losing.length > 0) return { ok: false, diagnostics: [...diagnostics, ...losing] };
  const valid = definitionOf(loaded.pack);

  const packRoot = resolve(dir);
  const packFiles = (await listPackFiles(packRoot)).filter(isPublishablePath);
  const files: PublishedFile[] = packFiles.map((path) => ({ from: join(packRoot, path), to: path }));

  const wanted = [...(valid.manifest.sharedAssets ?? [])];
  for (const id of implicitCollections) if (!wanted.includes(id)) wanted.push(id);
  const collections: { id: string; files: string[] }[] = [];
  for (const id of wanted) {
    const listed = available[id];
    if (!listed || !isCollectionId(id)) continue;
    const root = await collectionRoot(searchPaths, id);
    if (!root || root === packRoot) continue;
    const published = listed.filter(isPublishablePath);
    collections.push({ id, files: published });
    for (const path of published) files.push({ from: join(root, path), to: sharedAssetPrefix(id) + path });
  }
  const sanitized = await sanitizeSvgs(packRoot, files);
  if (sanitized.diagnostics.some((d) => d.severity === "error"))
    return { ok: false, diagnostics: [...diagnostics, ...sanitized.diagnostics] };
  const assets: AssetCatalog = { packFiles, collections };
  return {
    ok: true,
    compiled: { format: COMPILED_PACK_FORMAT, pack: valid, assets },
    pack: loaded.pack,
    files: sanitized.files,
    diagnostics: [...diagnostics, ...sanitized.diagnostics],
  };
}

/**
 * Every SVG among the files, sanitized: a file that cannot be is an error located in it; what the
 * sanitizer took out is a warning, so an author learns why a published picture lost a part.
 */
async function sanitizeSvgs(
  packRoot: string,
  files: readonly PublishedFile[],
): Promise<{ files: PublishedFile[]; diagnostics: Diagnostic[] }> {
  const out: PublishedFile[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    if (!isSvgPath(file.to)) {
      out.push(file);
      continue;
    }
    // Collection files are named relative to the pack, as every finding of the pack is.
    const at = relative(packRoot, file.from).split(sep).join("/");
    const result = await sanitizeSvgFile(file.from).catch((error: unknown) => ({
      ok: false as const,
      message: `expected a readable file (${error instanceof Error ? error.message : String(error)})`,
    }));
    if (!result.ok) {
      const { message, ...position } = result;
      diagnostics.push({
        file: at,
        pointer: "",
        severity: "error",
        code: "svg-refused",
        message: `this SVG cannot be published: ${message}`,
        hint: "save it as plain SVG (UTF-8, no entity declarations) within the documented limits",
        ...position,
      });
      continue;
    }
    if (result.removed.length > 0)
      diagnostics.push({
        file: at,
        pointer: "",
        severity: "warning",
        code: "svg-sanitized",
        message: `the published copy leaves out what an SVG on a site may not have: ${result.removed.join(", ")}`,
      });
    out.push({ ...file, data: result.svg });
  }
  return { files: out, diagnostics };
}

/**
 * Writes `pack.json` into `outDir` and copies the published files beside it, every SVG sanitized (again:
 * the files may not come from `compilePackForWeb`). Refuses, before writing anything, a path that would
 * leave `outDir` or an SVG that cannot be sanitized. Returns the paths written.
 */
export async function writeCompiledPack(
  outDir: string,
  result: { readonly compiled: CompiledPack; readonly files: readonly PublishedFile[] },
): Promise<string[]> {
  const root = resolve(outDir);
  const planned: { target: string; file: PublishedFile; svg: string | null }[] = [];
  for (const file of result.files) {
    const target = resolve(root, file.to);
    if (!isPublishablePath(stripShared(file.to)) || !inside(root, target))
      throw new Error(`refusing to publish ${JSON.stringify(file.to)}: it would leave ${root}`);
    let svg: string | null = null;
    if (isSvgPath(file.to)) {
      const sanitized = file.data === undefined ? await sanitizeSvgFile(file.from) : sanitizeSvg(file.data);
      if (!sanitized.ok)
        throw new Error(`refusing to publish ${JSON.stringify(file.to)}: ${sanitized.message}`);
      svg = sanitized.svg;
    }
    planned.push({ target, file, svg });
  }
  await mkdir(root, { recursive: true });
  const written: string[] = [];
  await writeFile(join(root, "pack.json"), JSON.stringify(result.compiled));
  written.push("pack.json");
  for (const { target, file, svg } of planned) {
    await mkdir(dirname(target), { recursive: true });
    if (svg !== null) await writeFile(target, svg);
    else await copyFile(file.from, target);
    written.push(file.to);
  }
  return written;
}

function stripShared(path: string): string {
  const m = /^_shared\/([^/]+)\/(.*)$/.exec(path);
  if (!m) return path;
  return isCollectionId(m[1] ?? "") ? (m[2] ?? "") : "";
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** The pack's definition as validated (what a page compiles again with `compilePack`). */
function definitionOf(pack: Pack): ValidPack {
  const { manifest, game, theme, levels } = pack;
  return { manifest, game, ...(theme ? { theme } : {}), levels: { ...levels } };
}

/** Every level whose gold path, replayed from the start, does not end in a win. */
function losingGoldPaths(pack: Pack): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const id of pack.levelOrder) {
    const level = pack.levels[id];
    if (!level) continue;
    const file = `levels/${id}.json`;
    let message: string | null = null;
    try {
      const session = new Session(pack, id);
      const path = level.solution.goldPath.map((step) => expandGoldPathStep(step));
      path.forEach((action, i) => {
        if (message !== null) return;
        const turn = session.act(action as Parameters<Session["act"]>[0]);
        if (!turn.accepted) message = `gold path step ${i + 1} is refused (${turn.reason ?? "rejected"})`;
      });
      if (message === null && !session.won)
        message = session.lost
          ? `the gold path loses (${session.state.loseReason ?? "lose condition"})`
          : "the gold path does not win";
    } catch (error) {
      message = `the level cannot be played: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (message !== null)
      out.push({ file, pointer: "/solution/goldPath", severity: "error", code: "gold-path", message });
  }
  return out;
}

/** The collections a manifest names, read leniently (validation reports a broken manifest). */
async function namedCollections(dir: string): Promise<string[]> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as {
      sharedAssets?: unknown;
    };
    return Array.isArray(manifest.sharedAssets)
      ? manifest.sharedAssets.filter((x) => typeof x === "string")
      : [];
  } catch {
    return [];
  }
}

/** The folder of a collection: the first search path that has it (the order `findSharedCollections` uses). */
async function collectionRoot(searchPaths: readonly string[], id: string): Promise<string | null> {
  for (const base of searchPaths) {
    const candidate = resolve(base, id);
    if (await isReadableFolder(candidate)) return candidate;
  }
  return null;
}

function isReadableFolder(path: string): Promise<boolean> {
  return readdir(path).then(
    () => true,
    () => false,
  );
}
