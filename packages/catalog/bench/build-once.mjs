// One catalog build in a process of its own: getCatalog memoizes per packs folder, so a second build
// in the same process would skip compiling the packs and measure less than a real build does.
// Reports its BuildSummary (or the error) to the parent over the fork() IPC channel.
import { buildCatalog } from "../dist/index.js";

const [outDir, ...packsDir] = process.argv.slice(2);
try {
  const summary = await buildCatalog({ packsDir, outDir });
  process.send?.({ ok: true, summary });
} catch (error) {
  const diagnostics = Array.isArray(error?.diagnostics) ? error.diagnostics : [];
  process.send?.({ ok: false, message: String(error?.message ?? error), diagnostics });
  process.exitCode = 1;
}
