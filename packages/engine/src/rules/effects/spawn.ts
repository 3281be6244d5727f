import type { SetCellParams } from "@gridponder/schema";
import { effect } from "./fields.js";
import { compilePlacement } from "./place-cell.js";

/** `spawn`: puts a new entity on a cell. Emits `object_placed`. */
export const spawn = effect<SetCellParams>({
  type: "spawn",
  compile: (pack, f) => compilePlacement(pack, f, false),
});
