/**
 * `@gridponder/import`: games written in other JSON game-description languages, compiled into
 * Gridponder match packs. Each import checks its source with located diagnostics, stops rather than
 * produce a pack that plays differently from the source, and reports what did not carry over.
 * @module
 */

export { importBagel } from "./bagel/index.js";
export { IMPORT_CONSTRUCTS } from "./constructs.js";
export { FORMATS, type SourceFormat } from "./formats.js";
export { type ImportResult, REPORT_FILE } from "./pack.js";
export { type ImportReport, type ReportItem, reportText } from "./report.js";
export { importSdgdl } from "./sdgdl/index.js";
export { MAX_SOURCE_CHARS } from "./source.js";
