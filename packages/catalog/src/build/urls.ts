import type { SpriteRef } from "@gridponder/view";
import { CatalogError } from "./errors.ts";

/** One segment of a base path: unreserved URL characters only, so it needs no escaping in any page. */
const BASE_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/**
 * Astro's `base` as a URL path with exactly one leading and one trailing slash (`games` is `/games/`). A
 * base is a path on the site's own host: a URL with a scheme (`https:`, `javascript:`), a protocol-relative `//host`, `.`/`..`
 * segments, or characters that need escaping are refused with a {@link CatalogError}.
 */
export function normaliseBase(base: string | undefined): string {
  const text = base ?? "/";
  const refuse = (why: string): never => {
    throw new CatalogError(
      `invalid base ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}: ${why}; expected a URL path such as /games/`,
    );
  };
  if (text.startsWith("//")) refuse("// would name another host");
  const segments = text.split("/").filter((s) => s !== "");
  if (text.includes("//")) refuse("it has an empty segment (//)");
  for (const segment of segments) {
    if (segment === "." || segment === "..") refuse(`a base cannot have a ${segment} segment`);
    if (!BASE_SEGMENT.test(segment)) refuse("only letters, digits and . _ ~ - may stand between the slashes");
  }
  return segments.length === 0 ? "/" : `/${segments.join("/")}/`;
}

/**
 * A level page's path from the site root (no base), as the pages' `pageUrl` writes it:
 * `<pack-slug>/<level-slug>/`.
 */
export function levelPagePath(packSlug: string, levelSlug: string): string {
  return `${encodeURIComponent(packSlug)}/${encodeURIComponent(levelSlug)}/`;
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
