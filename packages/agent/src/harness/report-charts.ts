/**
 * The report's charts, as Vega-Lite specifications drawn to SVG text at build time (Node, no browser,
 * no canvas): the page that shows them runs no script. Vega is loaded on first use, so programs that
 * never write an HTML report never load it.
 * @module
 */
import type { LevelScore, Report } from "./score.js";

/** One chart: its heading, a sentence on how to read it, and its drawing. */
export interface Chart {
  readonly title: string;
  readonly caption: string;
  readonly svg: string;
}

type Spec = Record<string, unknown>;

const FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif";

/** Shared look: the page's font and colours, no outer border, labels legible at the page's size. */
const CONFIG = {
  font: FONT,
  background: "#ffffff",
  view: { stroke: null },
  axis: {
    labelFontSize: 12,
    titleFontSize: 12,
    labelColor: "#333333",
    titleColor: "#333333",
    gridColor: "#e6e6e6",
  },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: "bottom" },
};

/** Colour-blind-safe pairs (Okabe–Ito), each named so the legend reads without the colours. */
const MEASURES = { domain: ["solve rate", "score"], range: ["#0072b2", "#e69f00"] };
const ACTIONS = { domain: ["accepted", "refused", "malformed"], range: ["#009e73", "#e69f00", "#d55e00"] };
const OUTCOMES = { domain: ["solved", "not solved"], range: ["#0072b2", "#d55e00"] };

/** Longer labels are cut (the table beside the chart has them whole). */
function label(text: string): string {
  return text.length > 28 ? `${text.slice(0, 27)}…` : text;
}

function byPack(report: Report): Spec {
  const values = report.packs.flatMap((p) => [
    { pack: label(p.title), measure: "solve rate", value: p.solveRate },
    { pack: label(p.title), measure: "score", value: p.score },
  ]);
  return {
    data: { values },
    width: 420,
    mark: { type: "bar", height: { band: 0.9 } },
    encoding: {
      y: { field: "pack", type: "nominal", sort: null, title: null },
      yOffset: { field: "measure", sort: MEASURES.domain },
      x: {
        field: "value",
        type: "quantitative",
        scale: { domain: [0, 1] },
        title: null,
        axis: { format: ".0%" },
      },
      color: { field: "measure", type: "nominal", scale: MEASURES, title: null },
    },
  };
}

function actionsByPack(report: Report): Spec {
  const values = report.packs.flatMap((p) =>
    ACTIONS.domain.map((kind) => ({
      pack: label(p.title),
      kind,
      count: p.counts[kind as keyof typeof p.counts],
      order: ACTIONS.domain.indexOf(kind),
    })),
  );
  return {
    data: { values },
    width: 420,
    mark: "bar",
    encoding: {
      y: { field: "pack", type: "nominal", sort: null, title: null },
      x: { field: "count", type: "quantitative", title: "actions sent" },
      color: { field: "kind", type: "nominal", scale: ACTIONS, title: null },
      order: { field: "order" },
    },
  };
}

function movesAgainstReference(report: Report): Spec {
  const values = report.packs.flatMap((p) =>
    p.levelScores.map((l: LevelScore) => ({
      reference: l.reference.length,
      moves: l.moves,
      outcome: l.solved ? "solved" : "not solved",
    })),
  );
  const most = Math.max(1, ...values.flatMap((v) => [v.reference, v.moves]));
  return {
    width: 420,
    height: 300,
    layer: [
      {
        data: {
          values: [
            { x: 0, y: 0 },
            { x: most, y: most },
          ],
        },
        mark: { type: "line", color: "#999999", strokeDash: [4, 4] },
        encoding: {
          x: { field: "x", type: "quantitative" },
          y: { field: "y", type: "quantitative" },
        },
      },
      {
        data: { values },
        mark: { type: "point", filled: true, size: 50, opacity: 0.75 },
        encoding: {
          x: { field: "reference", type: "quantitative", title: "reference length (moves)" },
          y: { field: "moves", type: "quantitative", title: "moves played" },
          color: { field: "outcome", type: "nominal", scale: OUTCOMES, title: null },
          shape: {
            field: "outcome",
            type: "nominal",
            scale: { domain: OUTCOMES.domain, range: ["circle", "cross"] },
            title: null,
          },
        },
      },
    ],
  };
}

async function draw(spec: Spec): Promise<string> {
  const [vega, { compile }] = await Promise.all([import("vega"), import("vega-lite")]);
  const compiled = compile({ ...spec, config: CONFIG } as never).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The report's charts, drawn. */
export async function reportCharts(report: Report): Promise<Chart[]> {
  const charts: { title: string; caption: string; spec: Spec }[] = [
    {
      title: "Solve rate and score by pack",
      caption:
        "Solve rate: the share of a pack's levels won. Score: the mean efficiency over every level, unsolved ones counting 0.",
      spec: byPack(report),
    },
    {
      title: "Moves against the reference",
      caption:
        "One mark per level. On the dashed line an agent won in as few moves as the reference (the proven optimum, else the gold path); above it, it took more. Unsolved levels are drawn at the moves they had played.",
      spec: movesAgainstReference(report),
    },
    {
      title: "Actions sent, by pack",
      caption:
        "Accepted: the turn was played. Refused: a well-formed action the level did not allow. Malformed: a request that was not a valid action.",
      spec: actionsByPack(report),
    },
  ];
  return Promise.all(
    charts.map(async (c) => ({ title: c.title, caption: c.caption, svg: await draw(c.spec) })),
  );
}
