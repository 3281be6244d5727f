// Studio benchmark (`pnpm bench` in apps/studio, after `pnpm build`), in Debian's chromium, printing
// what it measured against the issue's budgets:
//   first load   gzip bytes of the JavaScript the page loads before it is ready (budget 700 KB);
//   interactive  navigation to the starter pack drawn and judged (budget 2.5 s), fresh profile per run;
//   stroke       main-thread time from a pointer move to the painter redrawn, on a 40×40 board (budget 16 ms);
//   verdict      edit to verdict on every level of packs/ (budget 2 s), with the browser worker's states/s
//                beside the Node solver's on the same level.
// Options: --runs N (default 3) for first load and interactive, --only <substring of pack/level>;
// STROKE_TRACE=1 prints each pointer move over 16 ms as index:ms.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launchBrowser, serve } from "@gridponder/browser-harness";
import { compilePack } from "@gridponder/engine";
import { compilePackForWeb, writeCompiledPack } from "@gridponder/player/node";
import { solveLevel } from "@gridponder/solver";
import { STUDIO_SITE_DIR } from "../dist/node/studio-site.js";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "3" }, only: { type: "string" } },
});
const RUNS = Number(values.runs);
const PACKS = new URL("../../../packs/", import.meta.url).pathname;

const walk = (dir) =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

// A catalog of every pack in packs/, laid out as `gridponder build` writes it, with the studio at /studio/.
const scratch = mkdtempSync(join(tmpdir(), "gp-studio-bench-"));
const files = {};
const index = [];
const levelsOf = new Map();
for (const slug of readdirSync(PACKS).sort()) {
  const compiled = await compilePackForWeb(join(PACKS, slug));
  if (!compiled.ok) continue;
  await writeCompiledPack(join(scratch, "_packs", slug), compiled);
  index.push({
    slug,
    title: compiled.compiled.pack.manifest.title,
    packUrl: `../_packs/${slug}/pack.json`,
    assetBase: `../_packs/${slug}/`,
    levels: [],
  });
  levelsOf.set(slug, compiled.compiled.pack);
}
for (const path of walk(scratch)) files[`/${relative(scratch, path)}`] = readFileSync(path);
for (const path of walk(STUDIO_SITE_DIR))
  files[`/studio/${relative(STUDIO_SITE_DIR, path)}`] = readFileSync(path);
files["/studio/"] = files["/studio/index.html"];
files["/studio/catalog.json"] = JSON.stringify({ format: "gridponder-studio-catalog@1", packs: index });
const server = await serve({ files });
const studioUrl = `${server.url}/studio/`;
const ready = (page) =>
  page.waitForFunction(
    () =>
      document.getElementById("studio")?.dataset.busy === "false" &&
      /^(Solvable|Unsolvable|Not decided)/.test(
        document.querySelector(".verdict-headline")?.textContent ?? "",
      ),
    undefined,
    { timeout: 120_000 },
  );

// First load and time to interactive, each run on a fresh profile.
const loads = [];
const interactive = [];
for (let run = 0; run < RUNS; run++) {
  const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on("request", (r) => r.resourceType() === "script" && scripts.add(new URL(r.url()).pathname));
  await page.goto(studioUrl);
  await ready(page);
  interactive.push(await page.evaluate(() => performance.now()));
  loads.push([...scripts].reduce((n, path) => n + gzipSync(files[path] ?? "").length, 0));
  await browser.close();
}
console.log(
  `first load   ${(median(loads) / 1024).toFixed(0)} KB gzip of JavaScript (runs: ${loads.map((b) => (b / 1024).toFixed(0)).join(", ")}; budget 700)`,
);
console.log(
  `interactive  ${median(interactive).toFixed(0)} ms median, ${range(interactive)} over ${RUNS} runs (budget 2500)`,
);

// Strokes on a 40×40 board: the time each pointer move spends on the main thread (painting + redraw).
const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
const page = await browser.newPage();
await page.goto(studioUrl);
await ready(page);
await page.click("button.add-level");
await page.fill('input[aria-label="Board width"]', "40");
await page.fill('input[aria-label="Board height"]', "40");
await page.click('.level-form button:has-text("Resize")');
await ready(page);
const strokeMs = await page.evaluate(() => {
  const overlay = document.querySelector(".painter-overlay");
  const box = overlay.getBoundingClientRect();
  const size = Math.floor(Math.min(box.width / 40, box.height / 40));
  const left = box.left + Math.floor((box.width - size * 40) / 2);
  const top = box.top + Math.floor((box.height - size * 40) / 2);
  const at = (x, y) => ({
    clientX: left + (x + 0.5) * size,
    clientY: top + (y + 0.5) * size,
    bubbles: true,
    pointerId: 1,
    button: 0,
  });
  const times = [];
  for (let row = 0; row < 40; row += 4) {
    overlay.dispatchEvent(new PointerEvent("pointerdown", at(0, row)));
    for (let x = 1; x < 40; x++) {
      const t0 = performance.now();
      overlay.dispatchEvent(new PointerEvent("pointermove", at(x, row)));
      times.push(performance.now() - t0);
    }
    overlay.dispatchEvent(new PointerEvent("pointerup", at(39, row)));
  }
  return times;
});
if (process.env.STROKE_TRACE)
  console.log(
    strokeMs
      .map((t, i) => (t > 16 ? `${i}:${t.toFixed(0)}` : ""))
      .filter(Boolean)
      .join(" "),
  );
strokeMs.sort((a, b) => a - b);
console.log(
  `stroke       ${median(strokeMs).toFixed(1)} ms median, ${strokeMs[Math.floor(strokeMs.length * 0.95)].toFixed(1)} ms p95, ${strokeMs.at(-1).toFixed(1)} ms max over ${strokeMs.length} cells on 40×40 (budget 16)`,
);

// Edit to verdict on every level: open each pack as a copy, then per level an edit that keeps the
// puzzle (its title), timed until the verdict on the edited pack is in.
console.log("\nverdict (edit → verdict; browser worker vs Node states/s on the same level)");
const verdicts = [];
for (const [slug, valid] of levelsOf) {
  // A new hash on the same page is no navigation: the reload opens what it names.
  await page.goto(`${studioUrl}#edit=${slug}/`);
  await page.reload();
  await page.waitForFunction((s) => document.querySelector(".status")?.textContent?.includes(s), slug);
  await ready(page);
  const pack = compilePack(valid);
  for (const level of pack.levelOrder) {
    if (values.only && !`${slug}/${level}`.includes(values.only)) continue;
    await page.click(`.levels button[title^="${level} "]`);
    await ready(page);
    const t0 = await page.evaluate(() => performance.now());
    await page.fill('input[aria-label="Level title"]', `Bench ${Math.random()}`);
    await page.press('input[aria-label="Level title"]', "Tab");
    await ready(page);
    const { t1, headline, sps } = await page.evaluate(() => ({
      t1: performance.now(),
      headline: document.querySelector(".verdict-headline")?.textContent ?? "",
      sps: Number(document.querySelector(".verdict")?.dataset.statesPerSecond || 0),
    }));
    const node = solveLevel(pack, level, { maxStates: 2_000_000 });
    const ms = t1 - t0;
    verdicts.push(ms);
    console.log(
      `${`${slug}/${level}`.padEnd(40)} ${headline.padEnd(40)} ${ms.toFixed(0).padStart(6)} ms  browser ${sps.toLocaleString("en-US").padStart(10)}/s  node ${Math.round(node.statesPerSecond).toLocaleString("en-US").padStart(10)}/s`,
    );
  }
}
const within = verdicts.filter((ms) => ms <= 2000).length;
console.log(
  `\nverdict      ${within}/${verdicts.length} levels within 2 s; median ${median(verdicts).toFixed(0)} ms, max ${Math.max(...verdicts).toFixed(0)} ms`,
);
await browser.close();
await server.close();
rmSync(scratch, { recursive: true, force: true });
