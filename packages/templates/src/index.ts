/**
 * `@gridponder/templates`: starting points for new packs, as pack files (pack-relative path to text)
 * that `validatePack` of `@gridponder/schema` accepts. `gridponder new` writes the starter to a folder;
 * the studio opens it in the browser.
 * @module
 */
export { namesFromFolder, type StarterHome, type StarterNames, starterFiles } from "./starter.js";
