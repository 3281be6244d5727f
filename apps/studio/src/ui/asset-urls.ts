/**
 * URLs for the images of the pack being edited, which live in memory: raster images as `blob:` URLs,
 * SVG as `data:` URLs (a `data:` document has no origin, so an SVG opened on its own cannot act as the
 * studio's page). Images of shared collections are not in the pack: they get no URL, and the board
 * draws those kinds from their display hints.
 * @module
 */
import type { PackFiles } from "@gridponder/schema";
import type { SpriteRef } from "@gridponder/view";

const TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
};

function typeOf(path: string): string | null {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  return Object.hasOwn(TYPES, ext) ? (TYPES[ext] ?? null) : null;
}

function base64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export class AssetUrls {
  #urls = new Map<string, string>();
  #sources = new Map<string, string | Uint8Array>();

  /** Follows the pack's files: new or changed images get URLs, removed ones are released. */
  update(files: PackFiles): void {
    const next = new Map<string, string>();
    const sources = new Map<string, string | Uint8Array>();
    for (const [path, content] of Object.entries(files)) {
      const type = typeOf(path);
      if (!type || !path.startsWith("assets/")) continue;
      sources.set(path, content);
      const old = this.#urls.get(path);
      if (old !== undefined && this.#sources.get(path) === content) {
        next.set(path, old);
        continue;
      }
      const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
      next.set(
        path,
        type === "image/svg+xml"
          ? `data:${type};base64,${base64(bytes)}`
          : URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type })),
      );
    }
    for (const [path, url] of this.#urls)
      if (next.get(path) !== url && url.startsWith("blob:")) URL.revokeObjectURL(url);
    this.#urls = next;
    this.#sources = sources;
  }

  /** The pack-relative paths of the images it has. */
  get paths(): string[] {
    return [...this.#urls.keys()];
  }

  /** A sprite's URL; "" for one the pack does not hold. */
  readonly url = (ref: SpriteRef): string =>
    ref.collection === null ? (this.#urls.get(ref.path) ?? "") : "";

  dispose(): void {
    this.update({});
  }
}
