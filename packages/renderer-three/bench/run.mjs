// Benchmarks IsoRenderer in headless chromium (SwiftShader WebGL): a 64x64 board with 500 objects all
// moving. Prints the median main-thread JS time per animated frame (pose updates + the render call,
// measured with performance.now() around them), draw calls per frame and the frame interval.
// BENCH_QUERY="?objects=N&antialias=0" varies the object count and turns multisampling off.
// The browser harness is TypeScript: Node runs it with its type stripping (see the bench script).
import { join } from "node:path";
import { bundle, htmlPage, launchBrowser, serve } from "@gridponder/browser-harness";
import { CORPUS } from "@gridponder/conformance-corpus";

const here = import.meta.dirname;
// Sprites are requested as /packs/<collection>/<path>.
const conformance = CORPUS;

const { code } = await bundle(join(here, "page.ts"), { minify: true });
const server = await serve({
  root: conformance,
  files: {
    "/index.html": htmlPage({ title: "IsoRenderer bench", script: "/main.js" }),
    "/main.js": code,
  },
});
const browser = await launchBrowser({ viewport: { width: 1024, height: 768 } });
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/${process.env.BENCH_QUERY ?? ""}`);
  await page.waitForFunction(() => "runBench" in window);
  const result = await page.evaluate(() => window.runBench());
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.floor(s.length / 2)] : Number.NaN;
  };
  const p95 = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] : Number.NaN;
  };
  const fmt = (n) => n.toFixed(2);
  console.log(
    "IsoRenderer bench: 64x64 board, 500 objects all moving, 1024x768 at pixel ratio 1, SwiftShader",
  );
  console.log(`animated frames measured       ${result.frames}`);
  console.log(
    `main-thread JS per frame (ms)  median ${fmt(median(result.frameMs))}  p95 ${fmt(p95(result.frameMs))}`,
  );
  console.log(`draw calls per frame           ${result.calls}`);
  console.log(`triangles per frame            ${result.triangles}`);
  console.log(
    `frame interval (ms)            median ${fmt(median(result.intervals))}  p95 ${fmt(p95(result.intervals))}`,
  );
  console.log(`GPU memory                     ${result.geometries} geometries, ${result.textures} textures`);
} finally {
  await browser.close();
  await server.close();
}
