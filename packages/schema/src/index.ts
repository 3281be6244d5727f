/**
 * `@gridponder/schema`: the Gridponder DSL as TypeScript types, the JSON Schemas generated from them,
 * and pack validation with located diagnostics. Everything here runs in browsers; file-system helpers
 * live in `@gridponder/schema/node`.
 * @module
 */

export { formatPackJson, PACK_JSON_LINE_WIDTH } from "./format-json.js";
export {
  gameSchema,
  type JsonSchemaObject,
  levelSchema,
  manifestSchema,
  themeSchema,
} from "./generated/schemas.js";
export {
  MAX_ASSET_FILE_BYTES,
  MAX_GOLD_PATH_ACTIONS,
  MAX_JSON_FILE_BYTES,
  MAX_LEVELS,
  MAX_NAME_LENGTH,
} from "./limits.js";
export { dictionary, own } from "./records.js";
export type * from "./types/index.js";
export {
  CONDITION_KEYS,
  EFFECT_KEYS,
  EVENT_FIELDS,
  EVENT_TYPES,
  formatValueRef,
  parseValueRef,
  VALUE_REF_PATTERN,
} from "./types/rules/catalog.js";
export { SYSTEM_DEFAULTS, SYSTEM_TYPES } from "./types/systems/defaults.js";
// Turning Ajv's errors into diagnostics: all of it, for the match validator (`@gridponder/match/validate`).
export * from "./validate/ajv-errors.js";
export { normaliseAssetPath, unsafeAssetPath } from "./validate/check-assets.js";
export { expandGoldPathStep } from "./validate/check-solution.js";
export type { PackFiles } from "./validate/context.js";
export type { CustomSystemType, CustomType } from "./validate/custom-types.js";
export {
  countDiagnostics,
  type Diagnostic,
  escapePointerSegment,
  type FormatOptions,
  formatDiagnostic,
  formatDiagnostics,
  pointerDepth,
  pointerOf,
  pointerSegments,
  type Severity,
  valueAtPointer,
} from "./validate/diagnostics.js";
export { describeParseError, lineStarts, offsetToLineColumn } from "./validate/json-source.js";
export { RESERVED_NAME } from "./validate/reserved-names.js";
export { findTooDeep, MAX_NESTING, prepareValidators } from "./validate/schema-check.js";
export {
  type ClosestNameOptions,
  closestName,
  editDistance,
  jsonType,
  shortJson,
} from "./validate/suggest.js";
export type { UnreadCode, UnreadFile } from "./validate/unread-files.js";
export {
  type ValidateOptions,
  type ValidationResult,
  type ValidPack,
  validatePack,
} from "./validate/validate-pack.js";
export { compareVersions, ENGINE_VERSION, parseVersion, SUPPORTED_DSL_VERSIONS } from "./versions.js";
