/**
 * `@gridponder/analysis/report`: a pack's analysis as a static HTML page with charts drawn at build
 * time (Vega-Lite to SVG; `vega` and `vega-lite` are optional peer dependencies, installed beside it for
 * a report). Node only (it hashes its style sheet for the page's content security policy).
 * @module
 */
export {
  analysisCharts,
  CHART_PACKAGES,
  CHARTS_MISSING,
  type Chart,
  ChartLibrariesMissing,
  chartLibraries,
} from "./charts.js";
export { analysisReportHtml, mechanicsText, type ReportPack } from "./html.js";
