// The catalog's benchmarks (issue 14): build time of the conformance corpus plus packs/, JavaScript per
// page type (gzip) against the budgets, and time to the first drawn board of level pages in headless
// chromium with SwiftShader, with an empty page and the home page as baselines from the same server.
// Needs `pnpm build` first (it imports this package's dist/). Runs:
//   BENCH_BUILDS (default 5) builds, BENCH_LOADS (default 3) loads of each of 4 level pages.
// The browser harness is TypeScript: Node runs it with its type stripping (see the bench script).
import { readdir, readFile, rm } from "node:fs/promises";
import { cpus } from "node:os";
import { join, resolve } from "node:path";
import { CORPUS } from "@gridponder/conformance-corpus";
import { measureBuilds } from "./build-time.mjs";
import { measureFirstBoard } from "./first-board.mjs";
import { measureHomeTransfer } from "./home-transfer.mjs";
import { measurePageTypes } from "./page-js.mjs";
import { describeMs, kib, median } from "./stats.mjs";

const here = import.meta.dirname;
const packsDirs = [join(CORPUS, "packs"), resolve(here, "../../../packs")];
const builds = Number(process.env.BENCH_BUILDS ?? 5);
const loads = Number(process.env.BENCH_LOADS ?? 3);
const BUDGETS = { home: 30 * 1024, pack: 30 * 1024, level: 200 * 1024 };
const HOME_TRANSFER_BUDGET = 600 * 1000;
const BUILD_TARGET_MS = 60_000;
const BOARD_TARGET_MS = 1500;
const log = (line = "") => console.log(line);
const verdict = (ok) => (ok ? "ok" : "OVER");

/** Level pages of a few different packs (a middle level of each, so not always the smallest board). */
async function chooseLevels(siteDir) {
  const wanted = ["dev-gridponder-lantern-cellar", "carrot-quest", "box-builder", "twinseed"];
  const packs = (await readdir(siteDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && !e.name.startsWith("_") && e.name !== "icons")
    .map((e) => e.name);
  // Puzzle packs only: a board or card game's play page has no <gridponder-player> to time.
  const games = new Set(
    (
      await Promise.all(
        packs.map(async (p) =>
          (await readFile(join(siteDir, p, "index.html"), "utf8").catch(() => "")).includes("data-game-page")
            ? p
            : null,
        ),
      )
    ).filter(Boolean),
  );
  const chosen = [...wanted.filter((p) => packs.includes(p)), ...packs.filter((p) => !wanted.includes(p))]
    .filter((p) => !games.has(p))
    .slice(0, 4);
  const paths = [];
  for (const pack of chosen) {
    const levels = (await readdir(join(siteDir, pack), { withFileTypes: true })).filter((e) =>
      e.isDirectory(),
    );
    const level = levels[Math.floor(levels.length / 2)];
    if (level) paths.push(`/${pack}/${level.name}/`);
  }
  return paths;
}

log(`Catalog bench — ${cpus().length} CPU cores (${cpus()[0]?.model ?? "unknown"}), Node ${process.version}`);
log(`packs: ${packsDirs.join(" + ")}`);
log();

log(
  `1. Catalog build time: buildCatalog(), ${builds} runs, each in a fresh Node process into an empty folder`,
);
const { results, siteDir } = await measureBuilds(packsDirs, builds, log);
try {
  const last = results.at(-1);
  const buildMs = results.map((r) => r.durationMs);
  log(
    `   ${last.packs} packs, ${last.levels} levels, ${last.pages} HTML pages, ${(last.bytes / 1024 / 1024).toFixed(2)} MiB written, ${last.warnings.length} warnings`,
  );
  log(
    `   buildCatalog:          ${describeMs(buildMs, "s")}  target < 60 s: ${verdict(Math.max(...buildMs) < BUILD_TARGET_MS)}`,
  );
  log(
    `   with Node start-up:    ${describeMs(
      results.map((r) => r.wallMs),
      "s",
    )}`,
  );
  log();

  log("2. JavaScript per page type: module scripts in the HTML (<script src>, modulepreload) and their");
  log("   static imports, each file gzipped (level 9), summed; the largest page of each type");
  const js = await measurePageTypes(siteDir);
  for (const [type, label] of [
    ["home", "home"],
    ["pack", "pack page"],
    ["level", "level page"],
  ]) {
    const m = js[type];
    const lazy = m.lazy.length ? `, +${kib(m.lazyGzip)} loaded on demand (${m.lazy.length} files)` : "";
    log(
      `   ${label.padEnd(11)} ${kib(m.gzip).padStart(10)} gzip (${kib(m.bytes)} raw, ${m.files.length} files, max of ${m.pages} pages)` +
        `  budget ${kib(BUDGETS[type])}: ${verdict(m.gzip <= BUDGETS[type])}${lazy}`,
    );
  }
  log();

  log("   Home page transfer at 1280×800: every response body, scrolled to the end (lazy covers load)");
  const home = await measureHomeTransfer(siteDir, 1280);
  log(
    `   home page  ${(home.total / 1000).toFixed(0).padStart(7)} KB in ${home.files.length} files  budget 600 KB: ${verdict(home.total <= HOME_TRANSFER_BUDGET)}`,
  );
  for (const f of home.files.slice(0, 5)) log(`     ${(f.bytes / 1000).toFixed(1).padStart(7)} KB  ${f.url}`);
  log();

  const levelPaths = await chooseLevels(siteDir);
  log(
    `3. Navigation → first drawn board, headless chromium (SwiftShader WebGL), 1024×768, ${loads} loads of each of:`,
  );
  for (const path of levelPaths) log(`     ${path}`);
  log("   Fresh tab per load in one warm browser (one unmeasured warm-up load); the server sends");
  log("   Cache-Control: no-store, so every load fetches HTML, scripts, pack JSON and sprites again.");
  log("   First drawn board = the player is mounted and its renderer has rendered its first frame");
  log("   (three's renderer.info.render.frame ≥ 1, checked after every requestAnimationFrame callback),");
  log("   as performance.now() from navigation start.");
  const { boards, baseline, checks } = await measureFirstBoard(siteDir, levelPaths, loads, log);
  const first = boards.map((b) => b.firstFrame);
  log(
    `   first drawn board:     ${describeMs(first)}  target ≤ 1500 ms: ${verdict(median(first) <= BOARD_TARGET_MS)}`,
  );
  log(
    `   board with sprites:    ${describeMs(boards.map((b) => b.spritesDrawn))}  (first frame after every image loaded)`,
  );
  log(
    `   player mounted:        ${describeMs(boards.map((b) => b.mounted))}  (seen at the next animation frame)`,
  );
  log(
    `   sprites loaded:        ${describeMs(boards.map((b) => b.spritesLoaded))}  (renderer.whenReady() resolved)`,
  );
  log(`   load event:            ${describeMs(boards.map((b) => b.load))}`);
  for (const path of levelPaths) {
    const mine = boards.filter((b) => b.path === path).map((b) => b.firstFrame);
    log(`     ${path.padEnd(48)} first board ${describeMs(mine)}`);
  }
  for (const c of checks)
    log(
      `   drawn check ${c.path}: ${c.renderer} renderer, ${(c.share * 100).toFixed(0)}% of board pixels differ from its corner: ${c.share > 0.02 ? "drawn" : "NOT DRAWN"}`,
    );
  log("   baselines, same server and browser (load event end):");
  log(`   empty HTML page:       ${describeMs(baseline.empty)}`);
  log(`   home page:             ${describeMs(baseline.home)}`);
  const ratio = (a, b) => (median(a) / median(b)).toFixed(1);
  log(
    `   ratio first board / empty page ${ratio(first, baseline.empty)}×, first board / home page ${ratio(first, baseline.home)}×`,
  );
} finally {
  await rm(siteDir, { recursive: true, force: true });
}
