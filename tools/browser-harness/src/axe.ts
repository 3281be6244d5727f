/** axe-core in a test page: WCAG 2.x A and AA rules, run over the whole document (open shadow roots included). */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Puts axe into every document the page loads from now on. It goes in by the debugging protocol, which
 * the pages' CSP does not govern (an inline script would be refused).
 */
export async function installAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: AXE_SOURCE });
}

/** The WCAG A/AA violations axe finds on the page as it is now, one line each (rule, node, why). */
export async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async (tags) => {
    const w = window as unknown as { axe?: { run: (...a: unknown[]) => Promise<AxeResult> } };
    if (!w.axe) throw new Error("axe is not installed in this page (installAxe before navigating)");
    const result = await w.axe.run(document, { runOnly: { type: "tag", values: tags } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary ?? ""}`.replace(/\s+/g, " ")),
    );
    interface AxeResult {
      violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[];
    }
  }, TAGS);
}
