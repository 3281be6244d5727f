/**
 * The constructs of each source language an import understands, by the names the language gives them:
 * for documentation and tools that tell an author what will carry over.
 * @module
 */
import { CONDITIONS } from "./bagel/conditions/index.js";
import { FUNCTIONS as FORMULA_FUNCTIONS } from "./bagel/expression/compile.js";
import { MOVE_TYPES } from "./bagel/moves/effects.js";
import { VALUES } from "./bagel/values/index.js";
import { EFFECT_FUNCTIONS } from "./sdgdl/effects.js";
import { FUNCTIONS } from "./sdgdl/functions.js";

/**
 * What each importer reads.
 * Exported for the docs' tests, which check that the import guide covers every construct; not part of the
 * public API.
 * @internal
 */
export const IMPORT_CONSTRUCTS = {
  sdgdl: {
    /** Functions of conditions and expressions. */
    functions: Object.keys(FUNCTIONS),
    /** Functions of effects. */
    effects: [...EFFECT_FUNCTIONS],
  },
  bagel: {
    moveTypes: [...MOVE_TYPES],
    conditionTypes: Object.keys(CONDITIONS),
    valueTypes: Object.keys(VALUES),
    /** Functions a formula (`Evaluate`, `expression`) may call. */
    formulaFunctions: [...FORMULA_FUNCTIONS],
  },
} as const;
