/**
 * `@gridponder/analysis/report`: a pack's analysis as a static HTML page with charts drawn at build
 * time (Vega-Lite to SVG). Node only (it hashes its style sheet for the page's content security policy).
 * @module
 */
export { analysisCharts, type Chart } from "./charts.js";
export { analysisReportHtml, mechanicsText, orderCorrelation, type ReportPack } from "./html.js";
