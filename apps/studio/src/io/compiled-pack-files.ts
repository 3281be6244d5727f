/**
 * A published catalog pack (`pack.json`, a {@link CompiledPack}) turned back into the files of a pack
 * folder, so the studio can open any pack of the catalog it is served with ("Edit a copy").
 * @module
 */
import type { CompiledPack } from "@gridponder/player";
import { dictionary, normaliseAssetPath, type PackFiles, unsafeAssetPath } from "@gridponder/schema";
import { DEFAULT_READ_LIMITS, isJsonPath, unsafeEntryPath } from "./pack-paths.js";

/** Image files a pack's own assets may be; anything else listed is not fetched. */
const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The pack path of a listed asset, or `undefined` when it is not a plain image path inside the pack. */
function ownAssetPath(listed: unknown): string | undefined {
  if (typeof listed !== "string" || unsafeAssetPath(listed) !== undefined) return undefined;
  const path = normaliseAssetPath(listed);
  if (unsafeEntryPath(path) !== undefined || isJsonPath(path) || !IMAGE_EXTENSION.test(path))
    return undefined;
  return path;
}

/**
 * The files of the pack folder a compiled pack was made from: manifest.json, game.json, theme.json and
 * levels/<id>.json (levels as the pack wrote them, dense or sparse), and the pack's own images fetched
 * by their pack path. Images of shared collections stay where they are; an image that cannot be
 * fetched is left out (the pack still validates, with warnings, and draws from display hints).
 */
export async function packFilesFromCompiled(
  compiled: CompiledPack,
  fetchAsset: (path: string) => Promise<Uint8Array | null>,
): Promise<PackFiles> {
  const { manifest, game, theme, levels } = compiled.pack;
  const files: PackFiles = dictionary();
  // The studio keeps the default layout, so the manifest must not point elsewhere.
  const { gameFile: _game, levelDirectory: _levels, ...studioManifest } = manifest;
  files["manifest.json"] = jsonFile(studioManifest);
  files["game.json"] = jsonFile(game);
  if (theme !== undefined) files["theme.json"] = jsonFile(theme);
  for (const id of Object.keys(levels).sort()) {
    const path = `levels/${id}.json`;
    // Ids are file names; one that is not a single safe segment would write outside levels/.
    if (id.includes("/") || unsafeEntryPath(path) !== undefined) continue;
    files[path] = jsonFile(levels[id]);
  }
  const listed = Array.isArray(compiled.assets?.packFiles) ? compiled.assets.packFiles : [];
  for (const entry of listed) {
    const path = ownAssetPath(entry);
    if (path === undefined || Object.hasOwn(files, path)) continue;
    let bytes: Uint8Array | null;
    try {
      bytes = await fetchAsset(path);
    } catch {
      bytes = null;
    }
    if (bytes instanceof Uint8Array && bytes.length <= DEFAULT_READ_LIMITS.maxFileBytes) files[path] = bytes;
  }
  return files;
}
