// Studio benchmark (`pnpm bench` in apps/studio, after `pnpm build`), in Debian's chromium, printing
// what it measured against the issue's budgets:
//   first load   gzip bytes of the JavaScript the page loads before it is ready (budget 700 KB);
//   interactive  navigation to the starter pack drawn and judged (budget 2.5 s), fresh profile per run;
//   stroke       main-thread time from a pointer move to the painter redrawn, on a 40×40 board (budget 16 ms);
//   verdict      edit to verdict on every level of packs/ (budget 2 s), with the browser worker's states/s
//                beside the Node solver's on the same level.
// Options: --runs N (default 3) for first load and interactive, --only <substring of pack/level>,
// --parts load,stroke,verdict (the default: all three) to run some of them, --site <dir> to measure
// another build of the studio (a copy of an earlier `site/`, to compare);
// STROKE_TRACE=1 prints each stroke cell over 16 ms as index:ms; STROKE_PROFILE=<file> writes a CPU
// profile of the strokes (and prints where most time went), STROKE_TRACE_FILE=<file> a performance trace.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  options: {
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    parts: { type: "string", default: "load,stroke,verdict" },
    site: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const PARTS = new Set(values.parts.split(","));
const PACKS = new URL("../../../packs/", import.meta.url).pathname;

const walk = (dir) =>
  readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
  );
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** What STROKE_TRACE_FILE adds to the trace: what DevTools' Performance panel shows of the main thread. */
const DETAIL_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "v8",
  "v8.execute",
  "blink",
  "cc",
  "gpu",
];

/** Stops a CDP trace and returns its events. */
async function endTrace(cdp) {
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  const { stream } = await done;
  let text = "";
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle: stream });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle: stream });
  const parsed = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

/**
 * Main-thread time of each stroke cell: the time of the renderer main thread's top-level tasks that
 * fall between the cell's start and end marks (tasks cut by a mark count for the part inside).
 */
function cellTimes(events, count) {
  const marks = events.filter((e) => e.cat === "blink.user_timing" && e.name.startsWith("stroke-cell-"));
  const first = marks[0];
  if (!first) throw new Error("the trace holds no stroke marks");
  const { pid, tid } = first;
  const at = new Map(marks.map((e) => [e.name, e.ts]));
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.cat.includes("toplevel"))
    .sort((a, b) => a.ts - b.ts);
  // Nested top-level events (a task run inside another) count once, as their outermost task.
  const outer = [];
  for (const t of tasks) {
    const last = outer.at(-1);
    if (last && t.ts < last.ts + last.dur) continue;
    outer.push(t);
  }
  // Wall time of the main thread's tasks, and their thread time (`tdur`, the CPU the thread itself
  // used): on a loaded machine the thread waits for a core inside its tasks, which wall time counts.
  const wall = [];
  const cpu = [];
  for (let i = 0; i < count; i++) {
    const start = at.get(`stroke-cell-start-${i}`);
    const end = at.get(`stroke-cell-end-${i}`);
    let busy = 0;
    let used = 0;
    for (const t of outer) {
      const inside = Math.max(0, Math.min(end, t.ts + t.dur) - Math.max(start, t.ts));
      busy += inside;
      if (inside > 0 && t.dur > 0) used += (t.tdur ?? t.dur) * (inside / t.dur);
    }
    wall.push(busy / 1000);
    cpu.push(used / 1000);
  }
  return { wall, cpu };
}

/** Self time per function of a CPU profile, most first. */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, k) => {
    const node = byId.get(id);
    const f = node.callFrame;
    const name = `${f.functionName || "(anonymous)"} ${f.url.split("/").at(-1)}:${f.lineNumber + 1}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]);
}

// A catalog of every pack in packs/, laid out as `gridponder build` writes it, with the studio at /studio/.
const scratch = mkdtempSync(join(tmpdir(), "gp-studio-bench-"));
const files = {};
const index = [];
const levelsOf = new Map();
for (const slug of readdirSync(PACKS).sort()) {
  // Puzzle packs only: a match pack (a board or card game) does not compile as one.
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
const site = values.site ?? STUDIO_SITE_DIR;
for (const path of walk(site)) files[`/studio/${relative(site, path)}`] = readFileSync(path);
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
for (let run = 0; run < (PARTS.has("load") ? RUNS : 0); run++) {
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
if (PARTS.has("load")) {
  console.log(
    `first load   ${(median(loads) / 1024).toFixed(0)} KB gzip of JavaScript (runs: ${loads.map((b) => (b / 1024).toFixed(0)).join(", ")}; budget 700)`,
  );
  console.log(
    `interactive  ${median(interactive).toFixed(0)} ms median, ${range(interactive)} over ${RUNS} runs (budget 2500)`,
  );
}

// Strokes on a 40×40 board. One pointer move per frame, as the browser delivers them (it coalesces
// moves to one per frame), each dispatched in a task of its own and followed by the frame that shows
// it. A Chrome performance trace of the renderer's main thread gives each cell's cost: every main-
// thread task from its pointer move until its frame has been painted (event handling, whatever the
// painter defers to the frame, style, layout, paint, canvas flush, GC), idle time left out.
const browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
const page = await browser.newPage();
await page.goto(studioUrl);
await ready(page);
if (PARTS.has("stroke")) {
  await page.click("button.add-level");
  await page.fill('input[aria-label="Board width"]', "40");
  await page.fill('input[aria-label="Board height"]', "40");
  await page.click('.level-form button:has-text("Resize")');
  await ready(page);
  const cdp = await browser.context.newCDPSession(page);
  const profiling = process.env.STROKE_PROFILE;
  const traceFile = process.env.STROKE_TRACE_FILE;
  if (profiling) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await cdp.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      includedCategories: ["toplevel", "blink.user_timing", ...(traceFile ? DETAIL_CATEGORIES : [])],
      recordMode: "recordAsMuchAsPossible",
    },
  });
  const sync = await page.evaluate(async () => {
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
    // Resolves in a task after the next frame has been produced.
    const framed = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const times = [];
    let i = 0;
    for (let row = 0; row < 40; row += 4) {
      overlay.dispatchEvent(new PointerEvent("pointerdown", at(0, row)));
      await framed();
      for (let x = 1; x < 40; x++, i++) {
        performance.mark(`stroke-cell-start-${i}`);
        const t0 = performance.now();
        overlay.dispatchEvent(new PointerEvent("pointermove", at(x, row)));
        times.push(performance.now() - t0);
        await framed();
        performance.mark(`stroke-cell-end-${i}`);
      }
      overlay.dispatchEvent(new PointerEvent("pointerup", at(39, row)));
      // The next stroke starts on a settled studio: the check, verdict and player that follow the
      // end of a stroke are the edit's cost, not the next stroke's.
      const root = document.getElementById("studio");
      do await framed();
      while (root.dataset.busy !== "false");
    }
    return times;
  });
  const trace = await endTrace(cdp);
  if (traceFile) {
    writeFileSync(traceFile, JSON.stringify({ traceEvents: trace }));
    console.log(
      `performance trace of the strokes written to ${traceFile} (open it in Chrome's Performance panel)`,
    );
  }
  if (profiling) {
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(profiling, JSON.stringify(profile));
    console.log(`CPU profile of the strokes written to ${profiling}; the most self time:`);
    for (const [name, ms] of selfTimes(profile).slice(0, 25))
      console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
  const { wall: strokeMs, cpu: strokeCpu } = cellTimes(trace, sync.length);
  if (process.env.STROKE_TRACE)
    console.log(
      strokeMs
        .map((t, i) => (t > 16 ? `${i}:${t.toFixed(0)}(${sync[i].toFixed(0)} in the event)` : ""))
        .filter(Boolean)
        .join(" "),
    );
  const report = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const over = sorted.filter((t) => t > 16).length;
    return `${median(sorted).toFixed(1)} ms median, ${sorted[Math.floor(sorted.length * 0.95)].toFixed(1)} ms p95, ${sorted.at(-1).toFixed(1)} ms max, ${over} over 16 ms`;
  };
  console.log(
    `stroke       ${report(strokeMs)} main-thread per cell over ${strokeMs.length} cells on 40×40 (budget 16)`,
  );
  console.log(`             (of which in the pointer event itself: ${report(sync)})`);
  console.log(`             (thread CPU time, without waits for a core: ${report(strokeCpu)})`);
}

// Edit to verdict on every level: open each pack as a copy, then per level an edit that keeps the
// puzzle (its title), timed until the verdict on the edited pack is in.
if (PARTS.has("verdict"))
  console.log("\nverdict (edit → verdict; browser worker vs Node states/s on the same level)");
const verdicts = [];
for (const [slug, valid] of PARTS.has("verdict") ? levelsOf : []) {
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
if (PARTS.has("verdict")) {
  const within = verdicts.filter((ms) => ms <= 2000).length;
  console.log(
    `\nverdict      ${within}/${verdicts.length} levels within 2 s; median ${median(verdicts).toFixed(0)} ms, max ${Math.max(...verdicts).toFixed(0)} ms`,
  );
}
await browser.close();
await server.close();
rmSync(scratch, { recursive: true, force: true });
