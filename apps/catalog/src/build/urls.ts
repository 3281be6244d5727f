import type { SpriteRef } from "@gridponder/view";

/** Astro's `base` as a URL path with exactly one leading and one trailing slash. */
export function normaliseBase(base: string | undefined): string {
  const trimmed = (base ?? "/").replace(/^\/+|\/+$/g, "");
  return trimmed === "" ? "/" : `/${trimmed}/`;
}

/** Where published files of a pack live, relative to the site root (no base): `_packs/<slug>/`. */
export function packFolderPath(slug: string): string {
  return `_packs/${slug}/`;
}

/**
 * The URL of a sprite under an asset base, as the player computes it (`assetUrl` of
 * `@gridponder/player`): pack files at their pack path, collection files under `_shared/<collection>/`,
 * each segment URL-encoded.
 */
export function spriteUrl(assetBase: string, ref: SpriteRef): string {
  const path = ref.collection === null ? ref.path : `_shared/${ref.collection}/${ref.path}`;
  return assetBase + path.split("/").map(encodeURIComponent).join("/");
}
