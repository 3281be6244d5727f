// JavaScript a page loads before it runs: the module scripts its HTML names (<script src>, modulepreload
// links) and, transitively, their static imports. Dynamic import() targets are counted apart, because a
// page only fetches them on demand (e.g. a lazily loaded fallback).
import { access, readdir, readFile } from "node:fs/promises";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"/g;
const MODULEPRELOAD =
  /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g;
// Static `import … from "x"`, bare `import "x"` and `export … from "x"`, as minified bundles write them.
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

function matches(re, text) {
  return [...text.matchAll(re)].map((m) => m[1] ?? m[2]).filter(Boolean);
}

/** Site-relative URL path → file in the site folder (`base` is the path the site is served under). */
function fileOf(siteDir, base, url) {
  const path = new URL(url, "http://site").pathname;
  return join(siteDir, path.startsWith(base) ? path.slice(base.length) : path);
}

const gzipCache = new Map();
async function sizes(file) {
  let entry = gzipCache.get(file);
  if (!entry) {
    const text = await readFile(file, "utf8");
    entry = { text, bytes: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
    gzipCache.set(file, entry);
  }
  return entry;
}

/** The scripts one page loads eagerly, and the ones it may import later. */
export async function pageScripts(siteDir, htmlFile, base = "/") {
  const html = await readFile(htmlFile, "utf8");
  const pageUrl = `/${htmlFile.slice(siteDir.length + 1).replaceAll("\\", "/")}`;
  const queue = [...matches(SCRIPT_SRC, html), ...matches(MODULEPRELOAD, html)].map(
    (src) => new URL(src, `http://site${pageUrl}`).pathname,
  );
  const eager = new Map();
  const lazy = new Set();
  while (queue.length > 0) {
    const url = queue.shift();
    if (eager.has(url)) continue;
    const file = fileOf(siteDir, base, url);
    const entry = await sizes(file);
    eager.set(url, entry);
    const dir = posix.dirname(url);
    for (const spec of matches(STATIC_IMPORT, entry.text))
      if (spec.startsWith(".") || spec.startsWith("/")) queue.push(posix.resolve(dir, spec));
    for (const spec of matches(DYNAMIC_IMPORT, entry.text))
      if (spec.startsWith(".") || spec.startsWith("/")) lazy.add(posix.resolve(dir, spec));
  }
  for (const url of eager.keys()) lazy.delete(url);
  let lazyGzip = 0;
  for (const url of lazy) lazyGzip += (await sizes(fileOf(siteDir, base, url))).gzip;
  const sum = (key) => [...eager.values()].reduce((n, e) => n + e[key], 0);
  return { files: [...eager.keys()], bytes: sum("bytes"), gzip: sum("gzip"), lazy: [...lazy], lazyGzip };
}

async function htmlFiles(dir, depth) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith("_")) continue;
    const index = join(dir, entry.name, "index.html");
    if (depth === 1) {
      // Folders without a page (icons/) hold no page type.
      if (
        await access(index).then(
          () => true,
          () => false,
        )
      )
        found.push(index);
    } else found.push(...(await htmlFiles(join(dir, entry.name), depth - 1)));
  }
  return found;
}

/**
 * Home, every pack page (`/<pack>/`) and every level page (`/<pack>/<level>/`) of a built site: the
 * largest eager gzip total of each page type, with how many pages were read.
 */
export async function measurePageTypes(siteDir) {
  const home = await pageScripts(siteDir, join(siteDir, "index.html"));
  const packPages = await htmlFiles(siteDir, 1);
  const levelPages = await htmlFiles(siteDir, 2);
  const worst = async (files) => {
    let max = null;
    for (const file of files) {
      const scripts = await pageScripts(siteDir, file);
      if (!max || scripts.gzip > max.gzip) max = { ...scripts, page: file.slice(siteDir.length) };
    }
    return { ...max, pages: files.length };
  };
  return {
    home: { ...home, page: "/index.html", pages: 1 },
    pack: await worst(packPages),
    level: await worst(levelPages),
  };
}
