import { copyFile, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, extname, isAbsolute, resolve } from "node:path";
import { isSvgPath, sanitizeSvgFile } from "@gridponder/player/node";
import type { Catalog } from "./catalog.ts";
import { CatalogError } from "./errors.ts";
import { isInside } from "./output-guard.ts";
import type { ProgressListener } from "./progress.ts";
import { type PublishedEntry, publishPlanOf } from "./publish-plan.ts";
import { STUDIO_FOLDER } from "./studio.ts";

/** What {@link publishCatalog} wrote. */
export interface PublishResult {
  /** Paths written, relative to the output folder. */
  readonly files: readonly string[];
  readonly bytes: number;
}

/** Every published path must be a plain relative path that stays inside the output folder. */
function targetOf(root: string, entry: PublishedEntry): string {
  const target = resolve(root, entry.path);
  const segments = entry.path.split("/");
  if (
    isAbsolute(entry.path) ||
    segments.some((s) => s === "" || s === "." || s === "..") ||
    !isInside(root, target)
  )
    throw new CatalogError(`refusing to publish ${JSON.stringify(entry.path)}: it would leave ${root}`);
  return target;
}

/**
 * The text to publish for an entry, or `null` to copy its file. The catalog carries every SVG already
 * sanitized as `data`; an SVG entry that names a file is sanitized here all the same, since a published
 * SVG runs on the site's origin.
 */
async function textOf(entry: PublishedEntry): Promise<string | Uint8Array | null> {
  if ("data" in entry) return entry.data;
  if (entry.verbatim || !isSvgPath(entry.path)) return null;
  const sanitized = await sanitizeSvgFile(entry.from);
  if (!sanitized.ok)
    throw new CatalogError(`refusing to publish ${JSON.stringify(entry.path)}: ${sanitized.message}`);
  return sanitized.svg;
}

/**
 * Writes the catalog's compiled packs (`_packs/<slug>/pack.<hash>.json`) and their images
 * (`_packs/<slug>/<hash>/…`, the asset base of each pack) into a site's output folder, with the studio
 * and its index of the packs (`studio/`) unless the catalog leaves it out. Pack paths carry the pack's
 * content hash, so hosts may cache them forever.
 */
export async function publishCatalog(
  catalog: Catalog,
  outDir: string,
  onProgress?: ProgressListener,
): Promise<PublishResult> {
  const root = resolve(outDir);
  const { entries } = publishPlanOf(catalog);
  // Check every path and SVG before writing any, so a refused one leaves nothing half published.
  const targets = entries.map((entry) => targetOf(root, entry));
  const texts: (string | Uint8Array | null)[] = [];
  for (const entry of entries) texts.push(await textOf(entry));
  const files: string[] = [];
  let bytes = 0;
  onProgress?.({ phase: "assets", done: 0, total: entries.length });
  for (const [i, entry] of entries.entries()) {
    const target = targets[i] as string;
    const text = texts[i] ?? null;
    await mkdir(dirname(target), { recursive: true });
    if (text !== null) {
      await writeFile(target, text);
      bytes += Buffer.byteLength(text);
    } else if ("from" in entry) {
      await copyFile(entry.from, target);
      bytes += (await stat(target)).size;
    }
    files.push(entry.path);
    onProgress?.({ phase: "assets", done: i + 1, total: entries.length });
  }
  return { files, bytes };
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".map": "application/json",
  ".json": "application/json",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

/**
 * A Connect middleware serving the catalog's published files (`astro dev`), so the dev server shows
 * what a build writes without writing it.
 */
export function publishedFilesMiddleware(
  catalog: () => Promise<Catalog>,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (req, res, next) => {
    const url = (req.url ?? "").split("?")[0] ?? "";
    if (!url.includes("/_packs/") && !url.includes(`/${STUDIO_FOLDER}`)) return next();
    void catalog()
      .then(async (current) => {
        const { base, entries } = publishPlanOf(current);
        const asked = decodeURIComponent(
          url.startsWith(base) ? url.slice(base.length) : url.replace(/^\//, ""),
        );
        const path = asked === STUDIO_FOLDER ? `${STUDIO_FOLDER}index.html` : asked;
        const entry = entries.find((e) => e.path === path);
        if (!entry) return next();
        const text = await textOf(entry);
        const body = text ?? ("from" in entry ? await readFile(entry.from) : "");
        res.setHeader("Content-Type", TYPES[extname(path).toLowerCase()] ?? "application/octet-stream");
        res.end(body);
      })
      .catch(() => next());
  };
}
