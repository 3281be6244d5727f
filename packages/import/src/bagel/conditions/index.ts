/**
 * The registry of condition types, by `conditionType`.
 * @module
 */
import { BASIC, type ConditionHandler } from "./basic.js";
import { LINES } from "./lines.js";
import { QUANTIFIERS } from "./quantifiers.js";

export const CONDITIONS: Record<string, ConditionHandler> = { ...BASIC, ...LINES, ...QUANTIFIERS };
export type { ConditionHandler };
