export * from "../play-session.js";
export * from "./look.js";
export * from "./pick.js";
export * from "./scene.js";
export * from "./table.js";
export * from "./words.js";
