import type { ConditionDefinition } from "../../contract/runtime.js";
import { allOf } from "./all-of.js";
import { anyOf } from "./any-of.js";
import { avatar } from "./avatar.js";
import { boardCount } from "./board-count.js";
import { cell } from "./cell.js";
import { eventMatch } from "./event.js";
import { not } from "./not.js";
import { position } from "./position.js";
import { positionHasTag } from "./position-has-tag.js";
import { variable } from "./variable.js";

/**
 * The rule conditions the DSL defines that belong to no system, one module each. Conditions of a
 * system (`emitter_has_next`) come with that system's definition.
 */
export const BUILTIN_CONDITIONS: readonly ConditionDefinition<never>[] = [
  allOf,
  anyOf,
  not,
  position,
  positionHasTag,
  eventMatch,
  cell,
  avatar,
  variable,
  boardCount,
];
