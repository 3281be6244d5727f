/**
 * The analysis report's charts, as Vega-Lite specifications drawn to SVG text at build time (Node, no
 * browser, no canvas), so the page that shows them runs no script. Vega is loaded on first use.
 * @module
 */
import type { LevelAnalysis } from "../analyze.js";

/** One chart: its heading, a sentence on how to read it, and its drawing. */
export interface Chart {
  readonly title: string;
  readonly caption: string;
  readonly svg: string;
}

type Spec = Record<string, unknown>;

const CONFIG = {
  font: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  background: "#ffffff",
  view: { stroke: null },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    labelColor: "#333333",
    titleColor: "#333333",
    gridColor: "#e6e6e6",
  },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: "bottom" },
};

/** Place in the order, from 1, with the level id as the axis label (cut when long). */
function place(a: LevelAnalysis): string {
  const id = a.level.length > 22 ? `${a.level.slice(0, 21)}…` : a.level;
  return `${String(a.position + 1).padStart(2, "0")} ${id}`;
}

function difficultyCurve(levels: readonly LevelAnalysis[]): Spec {
  return {
    data: {
      values: levels.flatMap((a) =>
        a.difficulty === null ? [] : [{ level: place(a), value: a.difficulty }],
      ),
    },
    width: Math.max(320, 26 * levels.length),
    height: 240,
    mark: { type: "line", color: "#0072b2", point: { filled: true, size: 60, color: "#0072b2" } },
    encoding: {
      x: {
        field: "level",
        type: "ordinal",
        sort: null,
        title: "level, in play order",
        axis: { labelAngle: -45 },
      },
      y: { field: "value", type: "quantitative", scale: { domain: [1, 10] }, title: "difficulty (1 – 10)" },
    },
  };
}

function perLevel(levels: readonly LevelAnalysis[], field: string, title: string, log: boolean): Spec {
  const values = levels.map((a) => ({ level: place(a), value: figure(a, field) }));
  return {
    data: { values },
    width: Math.max(320, 26 * levels.length),
    height: 160,
    mark: { type: "bar", color: "#0072b2" },
    encoding: {
      x: { field: "level", type: "ordinal", sort: null, title: null, axis: { labelAngle: -45 } },
      y: { field: "value", type: "quantitative", title, ...(log ? { scale: { type: "log" } } : {}) },
    },
  };
}

function figure(a: LevelAnalysis, field: string): number {
  switch (field) {
    case "optimum":
      return a.optimum ?? 0;
    case "states":
      return a.reachableStates;
    default:
      return a.randomPlay.rate * 100;
  }
}

/** The packages the charts are drawn with: optional peer dependencies, so only a report installs them. */
export const CHART_PACKAGES = ["vega", "vega-lite"] as const;

/** What a report says where the chart packages are not installed. */
export const CHARTS_MISSING = `The analysis report draws its charts with ${CHART_PACKAGES.join(" and ")}, optional peer dependencies of @gridponder/analysis that are not installed here. Install them beside it (npm install ${CHART_PACKAGES.join(" ")}) and run the report again.`;

/** Thrown by `chartLibraries` (and so by the report) where vega or vega-lite is not installed. */
export class ChartLibrariesMissing extends Error {
  constructor() {
    super(CHARTS_MISSING);
    this.name = "ChartLibrariesMissing";
  }
}

/**
 * Loads vega and vega-lite, or throws `ChartLibrariesMissing` when either is not installed, so a
 * caller can ask for them before a long analysis rather than after it.
 */
export async function chartLibraries(): Promise<[typeof import("vega"), typeof import("vega-lite")]> {
  try {
    return await Promise.all([import("vega"), import("vega-lite")]);
  } catch (error) {
    // Only the packages themselves missing; a dependency of theirs missing is a broken install.
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const message = String((error as Error | null)?.message);
    if (code === "ERR_MODULE_NOT_FOUND" && CHART_PACKAGES.some((name) => message.includes(`'${name}'`)))
      throw new ChartLibrariesMissing();
    throw error;
  }
}

async function draw(spec: Spec): Promise<string> {
  const [vega, { compile }] = await chartLibraries();
  const view = new vega.View(vega.parse(compile({ ...spec, config: CONFIG } as never).spec), {
    renderer: "none",
  });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** The report's charts for one pack, drawn. */
export async function analysisCharts(levels: readonly LevelAnalysis[]): Promise<Chart[]> {
  const charts = [
    {
      title: "Difficulty curve",
      caption:
        "The estimate for each level in play order (1 easy, 10 hard). A pack that teaches well mostly climbs.",
      spec: difficultyCurve(levels),
    },
    {
      title: "Shortest solution",
      caption: "Actions on the shortest win of each level.",
      spec: perLevel(levels, "optimum", "actions", false),
    },
    {
      title: "Reachable states",
      caption: "How many different positions the level can reach from its start (a logarithmic scale).",
      spec: perLevel(levels, "states", "states", true),
    },
    {
      title: "Random play",
      caption: "The share of seeded random walks that win within three times the optimum.",
      spec: perLevel(levels, "random", "wins (%)", false),
    },
  ];
  return Promise.all(
    charts.map(async (c) => ({ title: c.title, caption: c.caption, svg: await draw(c.spec) })),
  );
}
