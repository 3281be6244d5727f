// The main job: build the workspace packages the catalog and the CLI need, build the playable catalog
// of every pack in packs/ and serve it on localhost. One process from start to Ctrl+C, with no shell
// between it and the package manager, so stopping the server ends the job as a success.

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const built = spawnSync(
  "turbo",
  [
    "run",
    "build",
    "--filter=@gridponder/catalog...",
    "--filter=@gridponder/cli...",
    "--output-logs=errors-only",
  ],
  { cwd: root, stdio: "inherit", shell: process.platform === "win32" },
);
if (built.status !== 0) process.exit(built.status ?? 1);
// Imported once built: they are the workspace packages turbo just compiled.
const { buildCatalog } = await import("@gridponder/catalog");
const { formatDiagnostics } = await import("@gridponder/schema");

const catalogRoot = join(root, "packages", "catalog");
const outDir = join(catalogRoot, "dist", "site");
const { values: args } = parseArgs({ options: { port: { type: "string", default: "4321" } } });
const port = Number(args.port);

const phases = {
  compile: "compiling packs",
  solve: "solving levels",
  pages: "building pages",
  assets: "writing assets",
};
let last = "";
let summary;
try {
  summary = await buildCatalog({
    packsDir: join(root, "packs"),
    outDir,
    // The repository's own build output: a site built before builds listed their files needs force once.
    force: true,
    onProgress: (event) => {
      const name = phases[event.phase];
      if (name && name !== last) console.log(`… ${name}`);
      if (name) last = name;
    },
  });
} catch (error) {
  // A refused pack carries its diagnostics (file, JSON pointer, what was expected).
  if (Array.isArray(error?.diagnostics)) {
    console.error(`✗ ${error.message}`);
    console.error(formatDiagnostics(error.diagnostics, { summary: true }));
  } else console.error(error);
  process.exit(1);
}
if (summary.warnings.length > 0) console.log(formatDiagnostics(summary.warnings));
console.log(
  `✓ ${summary.packs} packs, ${summary.levels} levels, ${summary.pages} pages in ${(summary.durationMs / 1000).toFixed(1)} s → ${outDir}`,
);

// Vite's static preview server (Astro's build tool, resolved from the catalog app): it serves the built
// pages and, as static hosts do, sends a page's address without its trailing slash to the one with it.
const fromCatalog = createRequire(join(catalogRoot, "package.json"));
const fromAstro = createRequire(fromCatalog.resolve("astro/package.json"));
const { preview } = await import(pathToFileURL(fromAstro.resolve("vite")).href);
const server = await preview({
  configFile: false,
  root: catalogRoot,
  appType: "mpa",
  logLevel: "warn",
  build: { outDir },
  preview: { port, strictPort: true, host: "localhost" },
  plugins: [slashRedirect(outDir)],
});
const address = server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`;
console.log(`\nThe catalog is served at ${address} (Ctrl+C stops it)`);
// Stopping the server is how this job ends: exit 0, so the package manager reports no failure.
for (const signal of ["SIGINT", "SIGTERM"])
  process.once(signal, () => {
    console.log("\nStopped.");
    server.close().finally(() => process.exit(0));
  });

/** A Vite plugin: `/a/b` answers 301 to `/a/b/` where `a/b/index.html` is a built page. */
function slashRedirect(siteDir) {
  return {
    name: "gridponder:slash-redirect",
    configurePreviewServer(preview) {
      preview.middlewares.use((req, res, next) => {
        const [path, query] = (req.url ?? "/").split(/(?=\?)/);
        if (path.endsWith("/") || /\.[^/]*$/.test(path)) return next();
        let page;
        try {
          page = join(siteDir, decodeURIComponent(path), "index.html");
        } catch {
          return next();
        }
        // Only pages inside the site: a decoded `..` cannot reach past it.
        if (!page.startsWith(siteDir + sep) || !existsSync(page)) return next();
        res.writeHead(301, { location: `${path}/${query ?? ""}` }).end();
      });
    },
  };
}
