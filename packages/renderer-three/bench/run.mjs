// Benchmarks IsoRenderer in headless chromium (SwiftShader WebGL): a 64x64 board with 500 objects all
// moving. Prints the median main-thread JS time per animated frame (pose updates + the render call,
// measured with performance.now() around them), draw calls per frame and the frame interval.
// BENCH_QUERY="?objects=N&antialias=0" varies the object count and turns multisampling off.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, normalize } from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";

const here = import.meta.dirname;
const packs = join(here, "../../../../shared/conformance/packs");

const bundle = await build({
  entryPoints: [join(here, "page.ts")],
  bundle: true,
  write: false,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "silent",
});
const code = bundle.outputFiles[0].text;
const html =
  '<!doctype html><meta charset="utf-8"><body style="margin:0"><script type="module" src="/main.js"></script>';

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
  if (path === "/" || path === "/index.html")
    return res.writeHead(200, { "Content-Type": "text/html" }).end(html);
  if (path === "/main.js") return res.writeHead(200, { "Content-Type": "text/javascript" }).end(code);
  if (path.startsWith("/packs/")) {
    const file = normalize(join(packs, path.slice("/packs/".length)));
    if (file.startsWith(packs)) {
      try {
        return res.writeHead(200, { "Content-Type": "image/png" }).end(await readFile(file));
      } catch {}
    }
  }
  res.writeHead(404).end();
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const url = `http://127.0.0.1:${server.address().port}/`;

const profile = await mkdtemp(join(tmpdir(), "gridponder-bench-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.GRIDPONDER_CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--enable-unsafe-swiftshader",
    "--use-angle=swiftshader-webgl",
  ],
  viewport: { width: 1024, height: 768 },
});
try {
  const page = await context.newPage();
  await page.goto(url + (process.env.BENCH_QUERY ?? ""));
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
  await context.close();
  await rm(profile, { recursive: true, force: true });
  server.close();
}
