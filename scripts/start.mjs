// The main job: build the playable catalog of every pack in packs/ and serve it on localhost.
// `pnpm start` first builds the workspace packages the catalog needs (see the root package.json).

import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildCatalog } from "@gridponder/catalog";
import { formatDiagnostics } from "@gridponder/schema";

const root = join(import.meta.dirname, "..");
const catalogRoot = join(root, "apps", "catalog");
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

// Astro's own static preview server, resolved from the catalog app, which depends on astro.
const fromCatalog = createRequire(join(catalogRoot, "package.json"));
const { preview } = await import(pathToFileURL(fromCatalog.resolve("astro")).href);
const server = await preview({
  root: catalogRoot,
  outDir: "./dist/site",
  server: { port },
  logLevel: "warn",
});
console.log(`\nThe catalog is served at http://localhost:${server.port}/ (Ctrl+C stops it)`);
await server.closed();
