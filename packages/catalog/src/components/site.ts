/**
 * Build-time helpers shared by the pages: URLs under Astro's `base`, and the small amount of pack data
 * that reaches the markup (text split into paragraphs, counts).
 * @module
 */
import { base } from "astro:config/server";

/**
 * Astro's base with exactly one trailing slash. Read from the config module, not
 * `import.meta.env.BASE_URL`: prerendering lets a `BASE_URL` environment variable override that one.
 */
export function baseUrl(): string {
  const value = base || "/";
  return value.endsWith("/") ? value : `${value}/`;
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
