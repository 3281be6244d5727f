/**
 * `@gridponder/match/validate`: the match format's JSON Schemas and pack validation with located
 * diagnostics. A separate entry, so a page that only plays matches never loads the validator.
 * @module
 */

export {
  gameSchema as matchGameSchema,
  levelSchema as matchLevelSchema,
  manifestSchema as matchManifestSchema,
  themeSchema as matchThemeSchema,
} from "./generated/schemas.js";
export type * from "./types/index.js";
export {
  type DuplicateKey,
  type JsonFile,
  type JsonParse,
  type Position,
  parseJsonFile,
} from "./validate/json-source.js";
export { prepareMatchValidators } from "./validate/schema-check.js";
export { MAX_BOARD_HEIGHT, MAX_BOARD_WIDTH } from "./validate/semantics.js";
export {
  LEVEL_ID_PATTERN,
  type MatchPackFiles,
  type MatchValidateOptions,
  type MatchValidationResult,
  validateMatchPack,
} from "./validate/validate-pack.js";
