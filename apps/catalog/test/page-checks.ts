/** What the browser test checks on the served pages. */
import type { Page, PageErrors } from "@gridponder/browser-harness";
import { expect } from "vitest";

/**
 * Fails with the page's console errors and failed requests, but for requests the browser abandoned
 * because the test navigated on (the icon of the page left behind): those are not failures of the site.
 */
export function assertNoErrors(errors: PageErrors, context: string): void {
  const aborted = errors.failedRequests.filter((r) => r.endsWith("(net::ERR_ABORTED)"));
  const kept = errors.failedRequests.filter((r) => !aborted.includes(r));
  if (errors.messages.length + kept.length > 0) errors.assertNone(context);
}

/** Opens the pack page at `packPath`, then its first level, until the player has drawn the board. */
export async function openFirstLevel(page: Page, siteUrl: string, packPath: string): Promise<string> {
  await page.goto(`${siteUrl}${packPath}`);
  const level = await page.locator(".level-item a").first().getAttribute("href");
  expect(level, packPath).toBeTruthy();
  await page.goto(`${siteUrl}${level}`);
  for (const drawn of ["gridponder-player .gp[data-level]", "gridponder-player .gp-board canvas"])
    await page.waitForSelector(drawn, { state: "attached" });
  return String(level);
}
