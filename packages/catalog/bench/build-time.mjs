// Catalog build time: buildCatalog of the given packs folders, each run in a fresh Node process.
import { fork } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const worker = join(import.meta.dirname, "build-once.mjs");

function buildOnce(outDir, packsDirs) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let message = null;
    const child = fork(worker, [outDir, ...packsDirs], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    child.on("message", (m) => {
      message = m;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const wallMs = performance.now() - started;
      if (message?.ok) resolve({ ...message.summary, wallMs });
      else {
        const details = (message?.diagnostics ?? []).map(
          (d) => `  ${d.file} ${d.pointer ?? ""} ${d.message}`,
        );
        reject(
          new Error(
            `catalog build failed (exit ${code}): ${message?.message ?? "no report"}\n${details.join("\n")}`,
          ),
        );
      }
    });
  });
}

/**
 * Builds the catalog `runs` times into fresh temporary folders; keeps the last site (for the page
 * checks) and deletes the others. Returns the summaries and the kept folder.
 */
export async function measureBuilds(packsDirs, runs, log) {
  const results = [];
  let kept = null;
  for (let i = 0; i < runs; i++) {
    const outDir = await mkdtemp(join(tmpdir(), "gridponder-catalog-bench-"));
    const result = await buildOnce(outDir, packsDirs);
    log(
      `  build ${i + 1}/${runs}: ${(result.durationMs / 1000).toFixed(2)} s in buildCatalog, ${(result.wallMs / 1000).toFixed(2)} s with Node start-up`,
    );
    results.push(result);
    if (kept) await rm(kept, { recursive: true, force: true });
    kept = outDir;
  }
  return { results, siteDir: kept };
}
