/**
 * Image observations: the board drawn by the SVG renderer (sprites where the pack has them, else each
 * piece's colour and form) and rasterised to PNG by resvg, for agents that read pictures. Node only
 * (resvg is native); sprites come from an asset reader the host gives, and a sprite it cannot read is
 * left out rather than failing the observation.
 * @module
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Pack } from "@gridponder/engine";
import { sceneToSvg } from "@gridponder/renderer-svg";
import { unsafeAssetPath } from "@gridponder/schema";
import { listPackFiles } from "@gridponder/schema/node";
import type { AssetCatalog, SpriteRef } from "@gridponder/view";
import { Resvg } from "@resvg/resvg-js";
import type { ImageRenderer } from "./observation.js";

export interface PngOptions {
  /** The bytes of a sprite, or `undefined` when there are none to be had. Without it, no sprites. */
  readonly assets?: (ref: SpriteRef) => Uint8Array | undefined;
  /** Pixels per cell. Default 48. */
  readonly cellSize?: number;
}

const MIME: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
};

/** Draws scenes as PNG images. Sprites go into the SVG as data URIs (resvg resolves no other kind). */
export function pngRenderer(options: PngOptions = {}): ImageRenderer {
  const cellSize = options.cellSize ?? 48;
  const assets = options.assets;
  const uris = new Map<string, string>();
  const dataUri = (ref: SpriteRef): string => {
    const key = `${ref.collection ?? ""}\u0000${ref.path}`;
    let uri = uris.get(key);
    if (uri === undefined) {
      const mime = MIME[ref.path.slice(ref.path.lastIndexOf(".") + 1).toLowerCase()];
      const bytes = mime ? assets?.(ref) : undefined;
      // An image that cannot be read is drawn as nothing, not as a broken reference.
      uri = bytes && mime ? `data:${mime};base64,${Buffer.from(bytes).toString("base64")}` : "";
      uris.set(key, uri);
    }
    return uri;
  };
  return (scene) => {
    const svg = sceneToSvg(scene, { cellSize, ...(assets ? { assetUrl: dataUri } : {}) });
    const resvg = new Resvg(svg, { logLevel: "off", font: { loadSystemFonts: true } });
    const image = resvg.render();
    return { data: image.asPng().toString("base64"), width: image.width, height: image.height };
  };
}

/**
 * Reads sprites from a pack folder: the pack's own files, and shared collections from the folders
 * beside it. A path that would leave its folder is refused; each file is read once.
 */
export function folderAssets(packDir: string): (ref: SpriteRef) => Uint8Array | undefined {
  const cache = new Map<string, Uint8Array | undefined>();
  return (ref) => {
    if (unsafeAssetPath(ref.path) !== undefined) return undefined;
    if (ref.collection !== null && !/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(ref.collection)) return undefined;
    const base = resolve(ref.collection === null ? packDir : join(dirname(resolve(packDir)), ref.collection));
    const file = resolve(base, ref.path);
    const inside = relative(base, file);
    if (inside.startsWith("..") || inside === "") return undefined;
    if (!cache.has(file)) {
      try {
        cache.set(file, readFileSync(file));
      } catch {
        cache.set(file, undefined);
      }
    }
    return cache.get(file);
  };
}

/** Images of a pack folder's boards: the files the view may draw sprites from, and the renderer. */
export interface FolderImages {
  readonly assets: AssetCatalog;
  readonly image: ImageRenderer;
}

const BASE_COLLECTION = "gridponder-base";

/**
 * What a session needs to draw a pack folder's boards with their sprites: the pack's files and those
 * of the shared collections it names (found beside it, as the platform finds them), and a PNG
 * renderer reading them.
 */
export async function folderImages(
  packDir: string,
  pack: Pack,
  options: Omit<PngOptions, "assets"> = {},
): Promise<FolderImages> {
  const ids = [...(pack.manifest.sharedAssets ?? []), BASE_COLLECTION].filter(
    (id, i, all) => all.indexOf(id) === i,
  );
  const beside = dirname(resolve(packDir));
  const collections = [];
  for (const id of ids) {
    const dir = join(beside, id);
    if (/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(id) && existsSync(dir))
      collections.push({ id, files: await listPackFiles(dir) });
  }
  const packFiles = (await listPackFiles(packDir)).filter((f) => !f.endsWith(".json"));
  return {
    assets: { packFiles, collections },
    image: pngRenderer({ ...options, assets: folderAssets(packDir) }),
  };
}
