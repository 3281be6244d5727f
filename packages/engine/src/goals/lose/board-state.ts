import { lose } from "./define.js";

/** `board_state`: reserved by the DSL without a defined configuration, so it never fires. */
export const boardState = lose("board_state", () => false);
