export type * from "./effects.js";
export type * from "./expressions.js";
export type * from "./game.js";
export type * from "./manifest.js";
export type * from "./moves.js";
export type * from "./theme.js";
