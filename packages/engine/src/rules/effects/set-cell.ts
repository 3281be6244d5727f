import type { SetCellParams } from "@gridponder/schema";
import { effect } from "./fields.js";
import { compilePlacement } from "./place-cell.js";

/** `set_cell`: overwrites a cell. Emits `cell_transformed` over an entity, `object_placed` on an empty cell. */
export const setCell = effect<SetCellParams>({
  type: "set_cell",
  compile: (pack, f) => compilePlacement(pack, f, true),
});
