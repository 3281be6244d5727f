/**
 * One pack's analysis as a static HTML page: a summary, charts drawn at build time, and a table of
 * every level's figures. The page runs no script and loads nothing; its content security policy
 * allows only its own style sheet (by hash) and inline drawings. Every text from the pack is escaped.
 * @module
 */
import { createHash } from "node:crypto";
import { escapeXml as escapeHtml } from "@gridponder/renderer-svg";
import type { LevelAnalysis } from "../analyze.js";
import { summarizeMechanics } from "../mechanics.js";
import { orderCorrelation } from "../order-correlation.js";
import { analysisCharts } from "./charts.js";

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f; }
body { margin: 0 auto; max-width: 1100px; padding: 24px 20px 48px; line-height: 1.45; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.25rem; margin: 32px 0 8px; }
p.lede { margin: 0 0 16px; color: #444; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 20px; align-items: start; }
figure { margin: 0; border: 1px solid #d8d8dc; border-radius: 8px; padding: 12px; overflow-x: auto; }
figure h3 { font-size: 1rem; margin: 0 0 6px; }
figcaption { color: #555; font-size: .9rem; margin-top: 6px; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .9rem; margin-top: 8px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e6e6e9; vertical-align: top; }
th { background: #f4f4f6; font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.needed { color: #005a8c; font-weight: 600; }
footer { margin-top: 40px; color: #555; font-size: .9rem; border-top: 1px solid #e6e6e9; padding-top: 12px; }
@media (max-width: 600px) { body { padding: 16px 10px 32px; } .charts { grid-template-columns: minmax(0, 1fr); } table { font-size: .82rem; } th, td { padding: 4px; } }
`;

/** What the page says about the pack itself. */
export interface ReportPack {
  readonly title: string;
  readonly id: string;
}

const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

/** A level's mechanics as the table shows them: what it needs, what shortens it, what is undecided. */
export function mechanicsText(a: LevelAnalysis): string {
  if (a.mechanics === null) return "–";
  const { needed, helps, unknown } = summarizeMechanics(a.mechanics, a.optimum);
  const parts = [
    needed.map((n) => `<span class="needed">${escapeHtml(n)}</span>`).join(", "),
    helps.length > 0 ? `shortens: ${helps.map((x) => `${escapeHtml(x.name)} (+${x.extra})`).join(", ")}` : "",
    unknown.length > 0 ? `unknown: ${unknown.map(escapeHtml).join(", ")}` : "",
  ];
  return parts.filter((s) => s !== "").join("; ") || "–";
}

function row(a: LevelAnalysis): string {
  const optimum = a.optimum === null ? "none" : `${a.optimum}${a.optimumProven ? "" : " (gold, unproven)"}`;
  const states = `${a.statesComplete ? "" : "≥ "}${a.reachableStates.toLocaleString("en-US")}`;
  const cells = [
    `<td class="n">${a.position + 1}</td>`,
    `<td>${escapeHtml(a.title ?? a.level)}<br><code>${escapeHtml(a.level)}</code></td>`,
    `<td class="n">${escapeHtml(optimum)}</td>`,
    `<td class="n">${a.optimalCount === null ? "?" : a.optimalCount.toLocaleString("en-US")}</td>`,
    `<td class="n">${states}</td>`,
    `<td class="n">${percent(a.deadEndRatio)}</td>`,
    `<td class="n">${a.branching.toFixed(2)}</td>`,
    `<td class="n">${percent(a.randomPlay.rate)}</td>`,
    `<td class="n">${a.difficulty === null ? "–" : a.difficulty.toFixed(1)}</td>`,
    `<td>${mechanicsText(a)}</td>`,
  ];
  return `<tr>${cells.join("")}</tr>`;
}

/** The whole page. */
export async function analysisReportHtml(
  pack: ReportPack,
  levels: readonly LevelAnalysis[],
): Promise<string> {
  const charts = await analysisCharts(levels);
  const hash = createHash("sha256").update(STYLE).digest("base64");
  const csp = `default-src 'none'; style-src 'sha256-${hash}'; img-src data:`;
  const rho = orderCorrelation(levels);
  const title = `${pack.title}: level analysis`;
  const figures = charts
    .map(
      (c) =>
        `<figure><h3>${escapeHtml(c.title)}</h3>${c.svg}<figcaption>${escapeHtml(c.caption)}</figcaption></figure>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="lede"><code>${escapeHtml(pack.id)}</code> · ${levels.length} levels · difficulty estimate against the play order: Spearman ${rho === null ? "–" : rho.toFixed(2)} (1: the estimate orders the levels exactly as the pack does)</p>
<h2>Charts</h2>
<div class="charts">
${figures}
</div>
<h2>Levels</h2>
<div class="table-wrap"><table>
<thead><tr><th class="n">#</th><th>level</th><th class="n">optimum</th><th class="n">optimal solutions</th><th class="n">reachable states</th><th class="n">dead ends</th><th class="n">branching</th><th class="n">random wins</th><th class="n">difficulty</th><th>needs</th></tr></thead>
<tbody>
${levels.map(row).join("\n")}
</tbody>
</table></div>
<footer>Dead ends: the share of reachable states from which no win is reachable. Branching: different states one action leads to, on average. Random wins: seeded walks of accepted actions within three times the optimum. Needs: mechanics the level is proven unsolvable without (shortens: still solvable without them, in more actions). Made by <code>gridponder analyze</code>.</footer>
</body>
</html>
`;
}
