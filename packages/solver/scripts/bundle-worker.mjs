// Bundles the solver's worker thread into one file, `dist/parallel/worker-bundle.js`, after `tsc`.
// Every `solveLevels` call starts its threads afresh, and each thread loads its own modules: as the
// ~270 small files tsc emits (engine, schema, solver) that took about 150 ms per thread, as one file
// about 30 ms. The pool starts this bundle unless plugins are given: a plugin imports
// @gridponder/engine itself, so its thread runs the unbundled `worker.js` and shares that one engine.
import { build } from "esbuild";

await build({
  entryPoints: [new URL("../dist/parallel/worker.js", import.meta.url).pathname],
  outfile: new URL("../dist/parallel/worker-bundle.js", import.meta.url).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: "linked",
  logLevel: "warning",
});
