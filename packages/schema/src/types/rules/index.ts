/**
 * The rules model: rules, the events they listen to, their conditions and effects, and `$` value
 * references.
 * @module
 */
export {
  CONDITION_KEYS,
  EFFECT_KEYS,
  EVENT_FIELDS,
  EVENT_TYPES,
  type EventFieldLists,
  formatValueRef,
  parseValueRef,
  VALUE_REF_PATTERN,
} from "./catalog.js";
export type * from "./conditions.js";
export type * from "./effects.js";
export type * from "./events.js";
export type * from "./rule.js";
export type * from "./value-ref.js";
