/**
 * Build-time helpers shared by the pages: URLs under Astro's `base`, the Content-Security-Policy, and
 * the small amount of pack data that may reach attributes (colours, text split into paragraphs).
 * @module
 */

/**
 * Every page's policy: only our own files run (no inline or foreign scripts, no eval), styles come
 * from our stylesheets (the player adopts constructed sheets, which CSP does not block), images may
 * be data/blob URLs (three.js textures), and nothing may be framed or posted elsewhere.
 * `frame-ancestors` cannot be set from a <meta>; hosts that can send headers should add it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** Astro's base with exactly one trailing slash. */
export function baseUrl(): string {
  const base = import.meta.env.BASE_URL || "/";
  return base.endsWith("/") ? base : `${base}/`;
}

/** A page URL under the base: `pageUrl("pack", "level")` → `/base/pack/level/`. */
export function pageUrl(...segments: string[]): string {
  const path = segments.map((s) => encodeURIComponent(s)).join("/");
  return path ? `${baseUrl()}${path}/` : baseUrl();
}

/** A URL the build produced (site-relative, maybe already under the base) as an absolute path under the base. */
export function builtUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  const base = baseUrl();
  if (url.startsWith(base)) return url;
  return `${base}${url.replace(/^\/+/, "")}`;
}

/** Only `#rgb` / `#rrggbb` colours leave pack data, so no colour value can carry CSS. */
export function safeColor(value: unknown): string | null {
  return typeof value === "string" && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : null;
}

/** Text split at blank lines, for rendering as escaped paragraphs. */
export function paragraphs(text: string | undefined | null): string[] {
  return (text ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** "1 level", "8 levels". */
export function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
