/**
 * Asset paths a compiled pack may publish. The schema refuses unsafe paths in pack JSON; these checks
 * guard the files a build copies, so nothing outside the pack or a collection ever reaches a site.
 */

import { normaliseAssetPath, unsafeAssetPath } from "@gridponder/schema";

/** Image types a page may load; other files in a pack folder (notes, scripts) are never published. */
export const PUBLISHED_EXTENSIONS: ReadonlySet<string> = new Set([
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".avif",
  ".svg",
]);

/**
 * Whether `path` may be published: an asset path the schema accepts (relative, never climbing out with
 * `..`), already normal (no `.` or empty segments), showing no hidden file (`.x`), and naming an image.
 */
export function isPublishablePath(path: string): boolean {
  if (unsafeAssetPath(path) !== undefined || normaliseAssetPath(path) !== path) return false;
  if (path.split("/").some((segment) => segment.startsWith("."))) return false;
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") && PUBLISHED_EXTENSIONS.has(path.slice(dot).toLowerCase());
}

/** A collection id is one folder name. */
export function isCollectionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id) && !id.includes("..");
}
