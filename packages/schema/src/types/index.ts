/**
 * The Gridponder DSL as TypeScript types: the source of truth for the JSON Schemas in `schemas/`
 * and for the reference documentation.
 * @module
 */
export type * from "./common.js";
export type * from "./game.js";
export type * from "./level.js";
export type * from "./manifest.js";
export type * from "./rules/index.js";
export type * from "./systems/index.js";
export type * from "./theme.js";
