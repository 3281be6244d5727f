/** What the browser test checks on the served pages. */
import type { Page } from "@gridponder/browser-harness";
import { expect } from "vitest";

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
