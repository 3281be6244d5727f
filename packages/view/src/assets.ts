/**
 * Asset resolution: which file a pack's sprite path names, looked up in the pack's own files and then
 * in the shared collections (the reference app falls back to its bundled shared sprites the same way).
 * @module
 */
import { type AnimationDefinition, type JsonValue, own } from "@gridponder/schema";
import type { AssetCatalog, FrameAnimation, SpriteRef } from "./types.js";

/**
 * A path as catalogs list it: forward slashes, no `./` or leading `/`.
 * Exported for the view's own modules; not part of the public API.
 * @internal
 */
export function normalisePath(path: string): string {
  let p = path.trim().replace(/\\/g, "/");
  while (p.startsWith("./")) p = p.slice(2);
  while (p.startsWith("/")) p = p.slice(1);
  return p.replace(/\/{2,}/g, "/");
}

function basename(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? path : path.slice(i + 1);
}

interface CatalogIndex {
  readonly pack: ReadonlySet<string>;
  readonly collections: readonly {
    readonly id: string;
    readonly files: ReadonlySet<string>;
    /** The first file (in listing order) with each basename. */
    readonly byBasename: ReadonlyMap<string, string>;
  }[];
  readonly resolved: Map<string, SpriteRef | null>;
}

const indexes = new WeakMap<AssetCatalog, CatalogIndex>();

function indexOf(catalog: AssetCatalog): CatalogIndex {
  let index = indexes.get(catalog);
  if (!index) {
    index = {
      pack: new Set(catalog.packFiles.map(normalisePath)),
      collections: catalog.collections.map((c) => {
        const files = c.files.map(normalisePath);
        const byBasename = new Map<string, string>();
        for (const f of files) if (!byBasename.has(basename(f))) byBasename.set(basename(f), f);
        return { id: c.id, files: new Set(files), byBasename };
      }),
      resolved: new Map(),
    };
    indexes.set(catalog, index);
  }
  return index;
}

function lookup(index: CatalogIndex, path: string): SpriteRef | null {
  if (path === "") return null;
  if (index.pack.has(path)) return { collection: null, path };
  const name = basename(path);
  const bare = path.startsWith("assets/") ? path.slice("assets/".length) : path;
  for (const c of index.collections) {
    for (const candidate of [path, bare, `sprites/tiles/${name}`]) {
      if (c.files.has(candidate)) return { collection: c.id, path: candidate };
    }
  }
  for (const c of index.collections) {
    const found = c.byBasename.get(name);
    if (found !== undefined) return { collection: c.id, path: found };
  }
  return null;
}

/**
 * The file a sprite path names: the pack's own file, else in each shared collection (in order) the same
 * path, the path without a leading `assets/`, `sprites/tiles/<basename>`, then any file with the same
 * basename. `null` when nothing matches, and always without a catalog: with no list of files nothing is
 * known to exist, so pieces draw procedurally rather than as broken images.
 */
export function resolveAsset(catalog: AssetCatalog | undefined, path: string): SpriteRef | null {
  if (!catalog) return null;
  const index = indexOf(catalog);
  const p = normalisePath(path);
  let ref = index.resolved.get(p);
  if (ref === undefined) {
    ref = lookup(index, p);
    index.resolved.set(p, ref);
  }
  return ref;
}

/**
 * A scalar as it is written into a sprite path or a label.
 * Exported for the view's own modules; not part of the public API.
 * @internal
 */
export function scalarText(value: JsonValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * Replaces `{param}` placeholders of a sprite path with instance params (`box_{sides}.png` with
 * `sides: 5` → `box_5.png`). The kind's `spriteParam` is filled even when the instance lacks it (with
 * `0`, the value a fresh parameter starts at), so the path stays a real file name.
 */
export function substituteSpritePath(
  path: string,
  params: Readonly<Record<string, JsonValue>> | null,
  spriteParam?: string,
): string {
  return path.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const text = scalarText(own(params, name));
    if (text !== null) return text;
    return name === spriteParam ? "0" : whole;
  });
}

/** An animation's frames resolved against the catalog; frames that resolve to nothing are dropped. */
export function resolveAnimation(
  catalog: AssetCatalog | undefined,
  name: string,
  def: AnimationDefinition,
): FrameAnimation | null {
  const frames = def.frames.flatMap((f) => {
    const ref = resolveAsset(catalog, f);
    return ref ? [ref] : [];
  });
  if (frames.length === 0) return null;
  return { name, frames, durationMs: Math.max(0, def.duration), loop: def.mode === "loop" };
}
