// What the home page transfers at a desktop width: every response body (HTML, CSS, scripts, covers)
// loaded by the page scrolled to its end so lazy covers load too. The test server does not compress,
// so these are the bytes a host without compression sends; covers are what dominates.
import { launchBrowser, serveDir } from "@gridponder/browser-harness";

/** Bytes the home page loads at `width`×800, total and by file (largest first). */
export async function measureHomeTransfer(siteDir, width = 1280) {
  const server = await serveDir(siteDir);
  const browser = await launchBrowser({ viewport: { width, height: 800 } });
  try {
    const page = await browser.newPage();
    const files = [];
    const bodies = [];
    page.on("response", (response) => {
      bodies.push(
        response
          .body()
          .then((b) => files.push({ url: response.url().slice(server.url.length), bytes: b.length }))
          .catch(() => undefined),
      );
    });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await Promise.all(bodies);
    files.sort((a, b) => b.bytes - a.bytes);
    return { total: files.reduce((n, f) => n + f.bytes, 0), files };
  } finally {
    await browser.close();
    await server.close();
  }
}
