import {
  builtinRegistry,
  compilePackWith,
  missingTypes,
  type Pack,
  type Registry,
  registryFor,
} from "@gridponder/engine";
import type { ValidPack } from "@gridponder/schema";
import type { AssetCatalog, SpriteRef } from "@gridponder/view";

/** The format tag of a {@link CompiledPack}; bumped when the shape changes incompatibly. */
export const COMPILED_PACK_FORMAT = "gridponder-pack@1";

/**
 * A pack prepared for the web: validated once at build time (so browsers need no validator), with the
 * list of image files a page may load. Written as `pack.json` by `writeCompiledPack`.
 */
export interface CompiledPack {
  readonly format: typeof COMPILED_PACK_FORMAT;
  /** Manifest, game, theme and levels as the schema validated them. */
  readonly pack: ValidPack;
  readonly assets: AssetCatalog;
}

/** Thrown for a `pack.json` that is not a compiled pack this player understands. */
export class CompiledPackError extends Error {
  override readonly name = "CompiledPackError";
}

/**
 * Checks the envelope of a fetched `pack.json`: the content was validated when the pack was compiled;
 * here only what would crash a session is checked.
 */
export function checkCompiledPack(json: unknown): CompiledPack {
  if (typeof json !== "object" || json === null) throw new CompiledPackError("pack.json is not an object");
  const compiled = json as Partial<CompiledPack>;
  if (compiled.format !== COMPILED_PACK_FORMAT)
    throw new CompiledPackError(`unsupported pack format ${JSON.stringify(compiled.format)}`);
  const valid = compiled.pack;
  if (!valid || typeof valid !== "object" || !valid.game || !valid.manifest || !valid.levels)
    throw new CompiledPackError("pack.json has no manifest, game or levels");
  const assets = compiled.assets ?? { packFiles: [], collections: [] };
  if (!Array.isArray(assets.packFiles) || !Array.isArray(assets.collections))
    throw new CompiledPackError("pack.json has a malformed asset catalog");
  if (!Array.isArray(valid.game.systems) || typeof valid.levels !== "object")
    throw new CompiledPackError("pack.json has a malformed game");
  return { format: COMPILED_PACK_FORMAT, pack: valid as ValidPack, assets };
}

/** Prepares a checked pack for play with `registry`, refusing one that uses a type the registry lacks. */
export function openCompiledPackWith(
  json: unknown,
  registry: Registry,
): { pack: Pack; compiled: CompiledPack } {
  const full = checkCompiledPack(json);
  const missing = missingTypes(full.pack, registry);
  if (missing.length > 0)
    throw new CompiledPackError(
      `this player cannot run the pack: ${missing.map((d) => d.message).join("; ")}`,
    );
  return { pack: compilePackWith(full.pack, registry), compiled: full };
}

/**
 * Checks the envelope of a fetched `pack.json` and prepares the pack for play with `registry` (the
 * built-in types by default; a pack using custom system types needs a registry that has them). The
 * content was validated when the pack was compiled; here only what would crash a session is checked.
 */
export function openCompiledPack(
  json: unknown,
  registry: Registry = builtinRegistry,
): { pack: Pack; compiled: CompiledPack } {
  return openCompiledPackWith(json, registry);
}

/**
 * The built-in types a compiled pack needs, loading only the systems it names (each its own chunk in a
 * bundle): what `<gridponder-player>` plays with, so a page never fetches the code of unused systems.
 */
export function registryForPack(json: unknown): Promise<Registry> {
  return registryFor(checkCompiledPack(json).pack.game);
}

/** Where a published pack keeps the files of a shared collection, relative to its asset base. */
export function sharedAssetPrefix(collection: string): string {
  return `_shared/${collection}/`;
}

/** The URL of a sprite under `assetBase` (pack files at their pack path, collections under `_shared/`). */
export function assetUrl(assetBase: string, ref: SpriteRef): string {
  const base = assetBase === "" || assetBase.endsWith("/") ? assetBase : `${assetBase}/`;
  const relative = ref.collection === null ? ref.path : sharedAssetPrefix(ref.collection) + ref.path;
  return base + relative.split("/").map(encodeURIComponent).join("/");
}
