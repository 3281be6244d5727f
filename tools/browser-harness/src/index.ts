/**
 * Test-only browser helpers: headless chromium on a throwaway profile (`launchBrowser`), one-file ESM
 * bundles with their gzip size (`bundle`), a static server on 127.0.0.1 with MIME types and an optional
 * CSP (`serve`, `serveDir`), page error collection (`collectErrors`) and screenshot pixels
 * (`screenshotPixels`, `decodePng`) for checks that a board is really drawn.
 * @module
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve, sep } from "node:path";
import { gzipSync, inflateSync } from "node:zlib";
import { build, type Plugin } from "esbuild";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export type { BrowserContext, Page } from "playwright-core";

/** Debian's chromium; CI installs it when missing (see .ci/run). */
export const CHROMIUM_PATH = process.env.GRIDPONDER_CHROMIUM ?? "/usr/bin/chromium";

/**
 * SwiftShader gives headless chromium a software WebGL on machines without a GPU, so renderer tests
 * run the same on CI as on a laptop. Background networking is off so a test page never waits on it.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-background-networking",
  "--enable-unsafe-swiftshader",
  "--use-angle=swiftshader-webgl",
  "--disable-dev-shm-usage",
];

export interface LaunchOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Emulates a touch screen (`pointer: coarse`, touch events). */
  readonly hasTouch?: boolean;
  readonly deviceScaleFactor?: number;
  /** Emulates `prefers-reduced-motion`. */
  readonly reducedMotion?: "reduce" | "no-preference";
}

export interface HarnessBrowser {
  readonly context: BrowserContext;
  newPage(): Promise<Page>;
  /** Closes the browser and deletes its profile directory. */
  close(): Promise<void>;
}

/** Starts headless chromium on a fresh profile directory that `close()` removes again. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<HarnessBrowser> {
  const profile = await mkdtemp(join(tmpdir(), "gridponder-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: options.viewport ?? { width: 900, height: 700 },
      hasTouch: options.hasTouch ?? false,
      deviceScaleFactor: options.deviceScaleFactor ?? 1,
      reducedMotion: options.reducedMotion ?? "no-preference",
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  // Playwright's 30 s default wait is too short for a software-rendered page on a loaded two-core CI
  // machine; the test timeouts (minutes) stay the backstop.
  context.setDefaultTimeout(120_000);
  context.setDefaultNavigationTimeout(120_000);
  let closed = false;
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Bundling
// ---------------------------------------------------------------------------------------------

export interface BundleOptions {
  readonly minify?: boolean;
  /** Compile-time constants, e.g. `{ "process.env.NODE_ENV": '"production"' }`. */
  readonly define?: Readonly<Record<string, string>>;
  /** Module ids replaced by inline source (e.g. a generated test entry). */
  readonly virtual?: Readonly<Record<string, string>>;
  readonly sourcemap?: boolean;
  /** Directory bare imports resolve from (defaults to the entry's directory). */
  readonly resolveDir?: string;
  /**
   * Puts what the entry imports dynamically into chunks of their own, as a site's bundler does, and
   * measures only what a page loads up front (the entry and the chunks it imports statically). Off by
   * default: one file is what the test pages serve.
   */
  readonly splitting?: boolean;
}

export interface Bundle {
  readonly code: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Every input file esbuild read (absolute or as esbuild names them), including tree-shaken ones. */
  readonly inputs: readonly string[];
  /**
   * Bytes each input contributes to the output, for inputs that contribute any (after tree-shaking);
   * with `splitting`, to the code loaded up front only.
   */
  readonly contributions: Readonly<Record<string, number>>;
  /** With `splitting`: bytes each input contributes to the chunks loaded on demand. */
  readonly lazyContributions: Readonly<Record<string, number>>;
}

/** Bundles a browser entry into one ESM file (the entry is a path, or `virtual:<name>` from `options.virtual`). */
export async function bundle(entry: string, options: BundleOptions = {}): Promise<Bundle> {
  const virtual = options.virtual ?? {};
  const plugins: Plugin[] = [];
  if (Object.keys(virtual).length > 0) {
    plugins.push({
      name: "virtual-modules",
      setup(b) {
        b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path, namespace: "virtual" }));
        b.onLoad({ filter: /.*/, namespace: "virtual" }, (args) => {
          const contents = virtual[args.path];
          if (contents === undefined) return { errors: [{ text: `no virtual module ${args.path}` }] };
          return { contents, loader: "ts", resolveDir: options.resolveDir ?? process.cwd() };
        });
      },
    });
  }
  const splitting = options.splitting ?? false;
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    // esbuild splits only into an output directory; nothing is written (`write: false`).
    ...(splitting ? { splitting: true, outdir: "/bundle-out" } : {}),
    platform: "browser",
    target: "es2022",
    minify: options.minify ?? false,
    sourcemap: options.sourcemap ? "inline" : false,
    define: { "process.env.NODE_ENV": '"production"', ...options.define },
    metafile: true,
    logLevel: "silent",
    plugins,
    ...(options.resolveDir && !entry.startsWith("virtual:") ? { absWorkingDir: options.resolveDir } : {}),
  });
  const outputs = result.metafile.outputs;
  // Without splitting the one output has no file name (`<stdout>`); with it, source maps aside, each is a `.js`.
  const jsOutputs = Object.keys(outputs).filter((path) => !splitting || path.endsWith(".js"));
  // Modules imported dynamically are entry points of their own in esbuild's metafile: find the one given.
  const workingDir = options.resolveDir && !entry.startsWith("virtual:") ? options.resolveDir : process.cwd();
  const isEntry = (path: string): boolean => {
    const point = outputs[path]?.entryPoint;
    return (
      point !== undefined && (point === entry || resolve(workingDir, point) === resolve(workingDir, entry))
    );
  };
  const entryPath = splitting ? jsOutputs.find(isEntry) : jsOutputs[0];
  if (entryPath === undefined) throw new Error(`esbuild produced no output for ${entry}`);
  // What a page loads up front: the entry and, transitively, the chunks it imports statically.
  const upFront = new Set<string>();
  const visit = (path: string): void => {
    if (upFront.has(path)) return;
    upFront.add(path);
    for (const imported of outputs[path]?.imports ?? [])
      if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entryPath);
  const textOf = (path: string): string => {
    const file = result.outputFiles.find((f) => f.path.endsWith(path.replace(/^.*?bundle-out/, "")));
    if (!file) throw new Error(`esbuild's output ${path} is missing`);
    return file.text;
  };
  const code = splitting ? textOf(entryPath) : (result.outputFiles[0]?.text ?? "");
  const contributions: Record<string, number> = {};
  const lazyContributions: Record<string, number> = {};
  let bytes = 0;
  let gzipBytes = 0;
  for (const path of jsOutputs) {
    const into = upFront.has(path) ? contributions : lazyContributions;
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]?.inputs ?? {}))
      if (bytesInOutput > 0) into[input] = (into[input] ?? 0) + bytesInOutput;
    if (!upFront.has(path)) continue;
    const text = splitting ? textOf(path) : code;
    bytes += Buffer.byteLength(text);
    gzipBytes += gzipSync(text, { level: 9 }).length;
  }
  return {
    code,
    bytes,
    gzipBytes,
    inputs: Object.keys(result.metafile.inputs),
    contributions,
    lazyContributions,
  };
}

// ---------------------------------------------------------------------------------------------
// Static server
// ---------------------------------------------------------------------------------------------

const MIME: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".wasm": "application/wasm",
  ".woff2": "font/woff2",
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? "application/octet-stream";
}

export interface ServeOptions {
  /** Directory served at `/` (optional when every file is in `files`). */
  readonly root?: string;
  /** In-memory files by URL path (`/index.html`), answered before the directory. */
  readonly files?: Readonly<Record<string, string | Uint8Array>>;
  /** A `Content-Security-Policy` header for every response. */
  readonly csp?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Server {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  readonly url: string;
  /** URL paths requested so far, in order (for "was X fetched" checks). */
  readonly requests: readonly string[];
  /** Adds or replaces an in-memory file. */
  put(path: string, body: string | Uint8Array): void;
  close(): Promise<void>;
}

/** Serves `dir` on 127.0.0.1 at a random free port. */
export function serveDir(dir: string, options: Omit<ServeOptions, "root"> = {}): Promise<Server> {
  return serve({ ...options, root: dir });
}

/** A tiny static server on 127.0.0.1 at a random free port; paths never leave `root`. */
export async function serve(options: ServeOptions): Promise<Server> {
  const files = new Map<string, string | Uint8Array>(Object.entries(options.files ?? {}));
  const root = options.root ? resolve(options.root) : null;
  const requests: string[] = [];
  const baseHeaders: Record<string, string> = {
    "Cache-Control": "no-store",
    ...(options.csp ? { "Content-Security-Policy": options.csp } : {}),
    ...options.headers,
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      return send(res, 400, "bad path", baseHeaders);
    }
    requests.push(path);
    if (req.method !== "GET" && req.method !== "HEAD")
      return send(res, 405, "method not allowed", baseHeaders);
    if (path.endsWith("/")) path += "index.html";
    const inMemory = files.get(path);
    if (inMemory !== undefined)
      return send(res, 200, inMemory, { ...baseHeaders, "Content-Type": mimeType(path) });
    // Chromium asks for a favicon on its own; an empty answer keeps that out of the error log.
    if (path === "/favicon.ico" && !root) return send(res, 204, "", baseHeaders);
    if (!root) return send(res, 404, "not found", baseHeaders);
    const full = normalize(join(root, path));
    if (full !== root && !full.startsWith(root + sep)) return send(res, 403, "forbidden", baseHeaders);
    try {
      if (!(await stat(full).catch(() => null))?.isFile()) {
        if (path === "/favicon.ico") return send(res, 204, "", baseHeaders);
        return send(res, 404, "not found", baseHeaders);
      }
      const body = await readFile(full);
      return send(res, 200, body, { ...baseHeaders, "Content-Type": mimeType(full) });
    } catch {
      return send(res, 404, "not found", baseHeaders);
    }
  };

  const server = createServer((req, res) => {
    answer(req, res).catch((error: unknown) => send(res, 500, String(error), baseHeaders));
  });
  await new Promise<void>((ok, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    put: (path, body) => {
      files.set(path, body);
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

function send(
  res: ServerResponse,
  status: number,
  body: string | Uint8Array,
  headers: Readonly<Record<string, string>>,
): void {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    ...headers,
    "Content-Length": String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength),
  });
  res.end(body);
}

// ---------------------------------------------------------------------------------------------
// Page diagnostics
// ---------------------------------------------------------------------------------------------

export interface PageErrors {
  /** Console `error` messages and uncaught page errors, in order, as text. */
  readonly messages: readonly string[];
  /** Requests that failed (but those the browser cancelled) or answered with status >= 400. */
  readonly failedRequests: readonly string[];
  /** Forgets everything collected so far (e.g. before the next step of a test). */
  clear(): void;
  /** Throws with every collected message when there is any. */
  assertNone(context?: string): void;
}

/** Starts collecting console errors, page errors and failed requests of `page`. */
export function collectErrors(page: Page): PageErrors {
  const messages: string[] = [];
  const failedRequests: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") messages.push(`console: ${msg.text()}`);
  });
  // Some errors come with an empty stack (and a thrown non-error with neither): say what there is.
  page.on("pageerror", (error) =>
    messages.push(`pageerror: ${error.stack || error.message || `${error.name}: ${String(error)}`}`),
  );
  page.on("requestfailed", (req) => {
    const reason = req.failure()?.errorText ?? "failed";
    // The browser cancelled it (a navigation left the page while it loaded, or the page aborted it):
    // nothing failed to serve. Under load a page's favicon often is still on its way when a test
    // navigates on, and its cancellation arrives after the test cleared what it had collected.
    if (reason === "net::ERR_ABORTED") return;
    failedRequests.push(`${req.url()} (${reason})`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) failedRequests.push(`${res.url()} (${res.status()})`);
  });
  return {
    messages,
    failedRequests,
    clear() {
      messages.length = 0;
      failedRequests.length = 0;
    },
    assertNone(context = "page") {
      const all = [...messages, ...failedRequests.map((r) => `request: ${r}`)];
      if (all.length > 0) throw new Error(`${context} reported errors:\n${all.join("\n")}`);
    },
  };
}

/** A minimal HTML page that loads one module script. */
export function htmlPage(options: { title?: string; script: string; body?: string; head?: string }): string {
  const title = (options.title ?? "test").replace(/[<&]/g, "");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${options.head ?? ""}</head>
<body>${options.body ?? ""}<script type="module" src="${options.script}"></script></body></html>`;
}

/** A decoded screenshot: RGBA bytes, row-major. */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /** RGBA at pixel `(x, y)` (rounded down, clamped into the image). */
  at(x: number, y: number): [number, number, number, number];
}

/** Screenshots the viewport (or a clip of it) and decodes it; CSS px = image px at deviceScaleFactor 1. */
export async function screenshotPixels(
  page: Page,
  options: { path?: string; clip?: { x: number; y: number; width: number; height: number } } = {},
): Promise<Pixels> {
  const png = await page.screenshot({
    ...(options.path ? { path: options.path } : {}),
    ...(options.clip ? { clip: options.clip } : {}),
  });
  return decodePng(png);
}

/**
 * Decodes an 8-bit, non-interlaced greyscale/RGB/RGBA PNG (what chromium writes), so tests need no
 * image library.
 */
export function decodePng(png: Uint8Array): Pixels {
  const buf = Buffer.from(png);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 6;
  let bitDepth = 8;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString("ascii", offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      bitDepth = data[8] ?? 8;
      colorType = data[9] ?? 6;
      if ((data[12] ?? 0) !== 0) throw new Error("interlaced PNGs are not supported");
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType as 0 | 2 | 4 | 6];
  if (bitDepth !== 8 || channels === undefined)
    throw new Error(`unsupported PNG (depth ${bitDepth}, type ${colorType})`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const src = y * (stride + 1) + 1;
    const dst = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i] ?? 0;
      const a = i >= channels ? (rows[dst + i - channels] ?? 0) : 0;
      const b = y > 0 ? (rows[dst - stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (rows[dst - stride + i - channels] ?? 0) : 0;
      let v: number;
      if (filter === 0) v = x;
      else if (filter === 1) v = x + a;
      else if (filter === 2) v = x + b;
      else if (filter === 3) v = x + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      rows[dst + i] = v & 255;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = p * channels;
    const grey = channels <= 2;
    data[p * 4] = rows[s] ?? 0;
    data[p * 4 + 1] = rows[grey ? s : s + 1] ?? 0;
    data[p * 4 + 2] = rows[grey ? s : s + 2] ?? 0;
    data[p * 4 + 3] = channels === 4 ? (rows[s + 3] ?? 255) : channels === 2 ? (rows[s + 1] ?? 255) : 255;
  }
  return {
    width,
    height,
    data,
    at(x, y) {
      const px = Math.min(width - 1, Math.max(0, Math.floor(x)));
      const py = Math.min(height - 1, Math.max(0, Math.floor(y)));
      const i = (py * width + px) * 4;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
    },
  };
}

/** Euclidean RGB distance of two colours (`#rrggbb` or RGBA tuples). */
export function colorDistance(a: string | readonly number[], b: string | readonly number[]): number {
  const [r1, g1, b1] = typeof a === "string" ? hexRgb(a) : a;
  const [r2, g2, b2] = typeof b === "string" ? hexRgb(b) : b;
  return Math.hypot((r1 ?? 0) - (r2 ?? 0), (g1 ?? 0) - (g2 ?? 0), (b1 ?? 0) - (b2 ?? 0));
}

export function hexRgb(hex: string): [number, number, number] {
  const h = hex.replace(/^#/, "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(-6);
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
