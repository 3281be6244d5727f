/**
 * Asset paths a compiled pack may publish. The schema refuses unsafe paths in pack JSON; these checks
 * guard the files a build copies, so nothing outside the pack or a collection ever reaches a site.
 */

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

/** Whether `path` is a plain relative path whose segments never climb out (`..`) or hide (`.x`). */
export function isPublishablePath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  if (path.includes("\\") || path.includes("\0") || path.startsWith("/")) return false;
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(path)) return false;
  const segments = path.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.startsWith("."))) return false;
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") && PUBLISHED_EXTENSIONS.has(path.slice(dot).toLowerCase());
}

/** A collection id is one folder name. */
export function isCollectionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(id) && !id.includes("..");
}
