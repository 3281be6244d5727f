import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { type BuildSummary, CatalogError, type CatalogProgress } from "@gridponder/catalog";
import { formatDiagnostics } from "@gridponder/schema";
import { buildOwnSite, DEFAULT_SITE_DIR } from "./own-site.ts";
import { serveSite } from "./preview-server.ts";

const PHASES: Partial<Record<CatalogProgress["phase"], string>> = {
  compile: "compiling packs",
  solve: "solving levels",
  pages: "building pages",
  assets: "writing assets",
};

/**
 * `pnpm start` once the packages are built: builds the catalog of packs/, serves it on localhost and
 * prints its address, until SIGINT or SIGTERM stops the server (exit code 0). A refused pack prints its
 * diagnostics and exits with 1. Arguments: `--port N` (default 4321; 0 picks a free one), `--out DIR`.
 */
export async function start(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { port: { type: "string", default: "4321" }, out: { type: "string" } },
  });
  const port = Number(values.port);
  const outDir = values.out ? resolve(values.out) : DEFAULT_SITE_DIR;
  const summary = await buildReporting(outDir);
  if (summary.warnings.length > 0) console.log(formatDiagnostics(summary.warnings));
  const games =
    summary.matches === 0
      ? ""
      : `, ${summary.matches} board and card game${summary.matches === 1 ? "" : "s"}`;
  console.log(
    `✓ ${summary.packs} packs, ${summary.levels} levels${games}, ${summary.pages} pages in ${(summary.durationMs / 1000).toFixed(1)} s → ${outDir}`,
  );
  const server = await serveSite(outDir, port);
  console.log(`\nThe catalog is served at ${server.url} (Ctrl+C stops it)`);
  // Stopping the server is how this job ends: exit 0, so the package manager reports no failure. Vite
  // stops its server on SIGTERM too and exits with 128 + 15 unless an exit code is already set.
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      process.exitCode = 0;
      console.log("\nStopped.");
      server.close().finally(() => process.exit(0));
    });
}

/** Builds the site printing each phase once; a refused pack ends the process with its diagnostics. */
async function buildReporting(outDir: string): Promise<BuildSummary> {
  let last = "";
  try {
    return await buildOwnSite({
      outDir,
      onProgress: (event) => {
        const name = PHASES[event.phase];
        if (name && name !== last) console.log(`… ${name}`);
        if (name) last = name;
      },
    });
  } catch (error) {
    // A refused pack carries its diagnostics (file, JSON pointer, what was expected).
    if (error instanceof CatalogError) {
      console.error(`✗ ${error.message}`);
      console.error(formatDiagnostics(error.diagnostics, { summary: true }));
    } else console.error(error);
    process.exit(1);
  }
}
