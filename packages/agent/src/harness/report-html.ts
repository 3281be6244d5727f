/**
 * The harness's report as one static HTML page: the totals, charts drawn at build time, and per pack
 * a table of every attempt with links to its transcript and its replay. The page runs no script and
 * loads nothing; its content security policy allows only its own style sheet and inline drawings.
 * Every text from a pack (titles, ids) is escaped.
 * @module
 */
import { createHash } from "node:crypto";
import { escapeXml as esc } from "@gridponder/renderer-svg";
import { type Chart, reportCharts } from "./report-charts.js";
import type { Ending, LevelScore, PackScore, Report, Totals } from "./score.js";

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f; }
body { margin: 0 auto; max-width: 1100px; padding: 24px 20px 48px; line-height: 1.45; }
h1 { font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.25rem; margin: 36px 0 8px; }
h3 { font-size: 1.05rem; margin: 0 0 4px; }
p.lede { margin: 0 0 20px; color: #444; }
.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 16px 0; }
.total { border: 1px solid #d8d8dc; border-radius: 8px; padding: 10px 14px; }
.total b { display: block; font-size: 1.5rem; }
.total span { color: #555; font-size: .9rem; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 20px; align-items: start; }
figure { margin: 0; border: 1px solid #d8d8dc; border-radius: 8px; padding: 12px; overflow-x: auto; }
figcaption { color: #555; font-size: .9rem; margin-top: 6px; }
figure svg { max-width: 100%; height: auto; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .92rem; margin-top: 8px; }
th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e6e6e9; vertical-align: top; }
th { background: #f4f4f6; font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
.won { color: #005a8c; font-weight: 600; }
.not { color: #b03a00; }
.pack-summary { color: #444; margin: 0; }
section { margin-top: 28px; }
footer { margin-top: 40px; color: #555; font-size: .9rem; border-top: 1px solid #e6e6e9; padding-top: 12px; }
code { font-size: .9em; }
@media (max-width: 600px) { body { padding: 16px 10px 32px; } .charts { grid-template-columns: minmax(0, 1fr); } table { font-size: .85rem; } th, td { padding: 4px; } }
`;

const ENDINGS: Readonly<Record<Ending, string>> = {
  won: "solved",
  lost: "lost",
  gave_up: "gave up",
  out_of_moves: "out of moves",
  request_limit: "request limit",
  time_limit: "time limit",
  stopped: "stopped",
};

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/** `ms` as seconds, with a tenth below a minute. */
function duration(ms: number): string {
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** A relative link written by the harness; anything else (a scheme, `//host`) is left unlinked. */
function safeHref(href: string | undefined): string | null {
  if (href === undefined || href === "") return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//") || href.startsWith("\\")) return null;
  return href;
}

function link(href: string | undefined, label: string): string {
  const safe = safeHref(href);
  return safe === null ? "" : `<a href="${esc(safe)}">${esc(label)}</a>`;
}

function totalsCards(t: Totals): string {
  const card = (value: string, what: string) =>
    `<div class="total"><b>${value}</b><span>${what}</span></div>`;
  return `<div class="totals">${[
    card(`${t.solved}/${t.levels}`, `levels solved (${percent(t.solveRate)})`),
    card(t.efficiency.toFixed(3), "efficiency of the solved levels"),
    card(t.score.toFixed(3), "score (solve rate × efficiency)"),
    card(String(t.counts.accepted), "actions accepted"),
    card(String(t.counts.refused), "actions refused"),
    card(String(t.counts.malformed), "requests malformed"),
  ].join("")}</div>`;
}

function levelRow(l: LevelScore): string {
  const outcome = `<span class="${l.solved ? "won" : "not"}">${ENDINGS[l.ending] ?? esc(l.ending)}</span>`;
  const reference = `${l.reference.length}${l.reference.kind === "gold" ? " (gold path)" : ""}`;
  const links = [link(l.replay, "replay"), link(l.transcript, "transcript")]
    .filter((x) => x !== "")
    .join(" · ");
  return `<tr><td>${esc(l.title)}<br><code>${esc(l.level)}</code></td><td>${outcome}</td><td class="n">${l.moves}</td><td class="n">${reference}</td><td class="n">${l.moveLimit}</td><td class="n">${l.efficiency.toFixed(3)}</td><td class="n">${duration(l.timeMs)}</td><td class="n">${l.counts.accepted} / ${l.counts.refused} / ${l.counts.malformed}</td><td>${links}</td></tr>`;
}

function packSection(p: PackScore): string {
  return `<section aria-labelledby="pack-${esc(p.pack)}">
<h3 id="pack-${esc(p.pack)}">${esc(p.title)} <code>${esc(p.pack)}</code></h3>
<p class="pack-summary">${p.solved}/${p.levels} solved (${percent(p.solveRate)}), efficiency ${p.efficiency.toFixed(3)}, score ${p.score.toFixed(3)}</p>
<div class="table-wrap" role="region" aria-label="${esc(p.title)}: every level" tabindex="0"><table>
<thead><tr><th scope="col">level</th><th scope="col">ending</th><th scope="col" class="n">moves</th><th scope="col" class="n">reference</th><th scope="col" class="n">move limit</th><th scope="col" class="n">efficiency</th><th scope="col" class="n">time</th><th scope="col" class="n">accepted / refused / malformed</th><th scope="col">links</th></tr></thead>
<tbody>
${p.levelScores.map(levelRow).join("\n")}
</tbody>
</table></div>
</section>`;
}

function figure(chart: Chart): string {
  return `<figure><h3>${esc(chart.title)}</h3>${chart.svg}<figcaption>${esc(chart.caption)}</figcaption></figure>`;
}

/** The report as a standalone HTML page. The same report gives the same page. */
export async function reportHtml(report: Report): Promise<string> {
  const charts = await reportCharts(report);
  const styleHash = createHash("sha256").update(STYLE).digest("base64");
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const title = `${report.agent}: Gridponder agent report`;
  const anyReplay = report.packs.some((p) => p.levelScores.some((l) => safeHref(l.replay) !== null));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>Agent <code>${esc(report.agent)}</code></h1>
<p class="lede">${report.overall.levels} levels in ${report.packs.length} ${report.packs.length === 1 ? "pack" : "packs"}; seed ${report.seed}; each level's move limit ${report.budgetFactor}× its reference length.</p>
</header>
<main>
${totalsCards(report.overall)}
<h2>Charts</h2>
<div class="charts">
${charts.map(figure).join("\n")}
</div>
<h2>Levels</h2>
${report.packs.map(packSection).join("\n")}
</main>
<footer>
<p>A level's reference length is its optimum as the solver proves it, or its gold path's length where none is proven. A solved level's efficiency is reference ÷ moves (at most 1); an unsolved level's is 0. A pack's solve rate is the share of its levels solved, its efficiency the mean over the solved ones, its score the mean over all.</p>
${anyReplay ? "<p>Replays open each attempt's final line in the catalog built beside this report: serve this folder over HTTP (for example <code>python3 -m http.server</code> in it) and follow a link.</p>" : ""}
</footer>
</body>
</html>
`;
}
