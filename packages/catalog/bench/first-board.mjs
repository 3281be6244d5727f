// Time from navigation to the first drawn board of a level page, in headless chromium (SwiftShader).
//
// "First drawn board": the first time the page's <gridponder-player> has a mounted player whose board
// renderer has rendered a frame — three's `renderer.info.render.frame` (exposed as the player
// handle's `renderer.info`) is 1 or more. The page's requestAnimationFrame is wrapped (an init
// script, before any page script) so the counter is checked right after every animation-frame
// callback, i.e. in the same frame the board's first render() call returns. The time is
// performance.now(), whose origin is the navigation start. The 2D fallback draws as it mounts, so
// there it is the mount time.
//
// The first frame may still show placeholder colours where sprites are loading. "Board with sprites"
// is the first frame rendered after the renderer's whenReady() (every requested image loaded)
// resolved; a texture that loads asks the renderer for a frame, so one follows. When none follows
// within a few frames, nothing was left to draw and the time whenReady() resolved is taken.
import { decodePng, launchBrowser, serveDir } from "@gridponder/browser-harness";

function probe() {
  const bench = {
    mounted: null,
    firstFrame: null,
    spritesLoaded: null,
    spritesDrawn: null,
    renderer: null,
  };
  window.__bench = bench;
  let framesAtSprites = 0;
  let idleChecks = 0;
  const frameOf = (player) => player?.renderer?.info?.render?.frame ?? 0;
  const check = () => {
    const player = document.querySelector("gridponder-player")?.player;
    if (!player) return;
    const now = performance.now();
    if (bench.mounted === null) {
      bench.mounted = now;
      bench.renderer = player.rendererKind;
      if (player.rendererKind === "2d") bench.firstFrame = now;
      player.renderer.whenReady().then(() => {
        bench.spritesLoaded = performance.now();
        framesAtSprites = frameOf(player);
        if (player.rendererKind === "2d") bench.spritesDrawn = bench.spritesLoaded;
      });
    }
    const frame = frameOf(player);
    if (bench.firstFrame === null && frame >= 1) bench.firstFrame = now;
    if (bench.spritesDrawn === null && bench.spritesLoaded !== null && bench.firstFrame !== null) {
      if (frame > framesAtSprites) bench.spritesDrawn = Math.max(now, bench.firstFrame);
      else if (++idleChecks > 6) bench.spritesDrawn = Math.max(bench.spritesLoaded, bench.firstFrame);
    }
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      try {
        callback(time);
      } finally {
        check();
      }
    });
  // Also from a loop of its own, in case nothing else asks for a frame once the player is mounted.
  const loop = () => {
    check();
    if (bench.spritesDrawn === null) raf(loop);
  };
  raf(loop);
}

const timingOf = () => {
  const nav = performance.getEntriesByType("navigation")[0];
  return { ...window.__bench, dcl: nav?.domContentLoadedEventEnd ?? null, load: nav?.loadEventEnd ?? null };
};

/** Share of board pixels that differ from the board's corner colour (a drawn board is far above 0). */
async function drawnShare(page) {
  const box = await page.evaluate(() => {
    const el = document.querySelector("gridponder-player");
    const canvas = el?.shadowRoot?.querySelector("canvas");
    const r = (canvas ?? el)?.getBoundingClientRect();
    return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  });
  if (!box || box.width < 4 || box.height < 4) return 0;
  const pixels = decodePng(await page.screenshot({ clip: box }));
  const bg = pixels.at(1, 1);
  let differ = 0;
  for (let p = 0; p < pixels.width * pixels.height; p++) {
    const i = p * 4;
    const d =
      Math.abs(pixels.data[i] - bg[0]) +
      Math.abs(pixels.data[i + 1] - bg[1]) +
      Math.abs(pixels.data[i + 2] - bg[2]);
    if (d > 24) differ++;
  }
  return differ / (pixels.width * pixels.height);
}

async function load(browser, url, waitForBoard) {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  try {
    await page.goto(url, { waitUntil: "load" });
    if (waitForBoard) {
      await page.waitForFunction(
        () => window.__bench?.firstFrame != null && window.__bench?.spritesDrawn != null,
        undefined,
        { timeout: 60_000, polling: 50 },
      );
    }
    const timing = await page.evaluate(timingOf);
    return { ...timing, page, errors };
  } catch (error) {
    await page.close();
    throw new Error(`${url}: ${error.message}${errors.length ? `\npage errors: ${errors.join("; ")}` : ""}`);
  }
}

/**
 * Loads each level page `loadsPerLevel` times, each in a fresh tab of one browser (after one
 * unmeasured warm-up load), plus the baselines: an empty HTML page and the home page from the same
 * server. The server answers every request with `Cache-Control: no-store`, so every load fetches the
 * page, its scripts, the compiled pack and the sprites again.
 */
export async function measureFirstBoard(siteDir, levelPaths, loadsPerLevel, log) {
  const server = await serveDir(siteDir, {
    files: { "/__bench/empty.html": "<!doctype html><html lang=en><title>empty</title><p>empty</p></html>" },
  });
  const browser = await launchBrowser({ viewport: { width: 1024, height: 768 } });
  await browser.context.addInitScript(probe);
  const boards = [];
  const baseline = { empty: [], home: [] };
  const checks = [];
  try {
    (await load(browser, `${server.url}${levelPaths[0]}`, true)).page.close();
    for (let round = 0; round < loadsPerLevel; round++) {
      for (const path of levelPaths) {
        const result = await load(browser, `${server.url}${path}`, true);
        if (round === 0)
          checks.push({ path, renderer: result.renderer, share: await drawnShare(result.page) });
        await result.page.close();
        if (result.errors.length) log(`  page errors on ${path}: ${result.errors.join("; ")}`);
        boards.push({ path, ...result, page: undefined });
      }
      for (const [key, path] of [
        ["empty", "/__bench/empty.html"],
        ["home", "/"],
      ]) {
        const result = await load(browser, `${server.url}${path}`, false);
        await result.page.close();
        baseline[key].push(result.load);
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { boards, baseline, checks };
}
