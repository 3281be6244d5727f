/**
 * `@gridponder/renderer-svg`: static top-down SVG drawings of `@gridponder/view` scenes, for board
 * thumbnails in catalogs and documentation. Pure string output; no DOM.
 * @module
 */
export { escapeXml } from "./escape.js";
export { type SvgOptions, sceneToSvg } from "./scene-svg.js";
