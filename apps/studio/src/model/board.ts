/** Board geometry shared by the edits: the size, on-board checks, multi-cell object cells. */
import type { LevelDefinition, MultiCellObject, Position } from "@gridponder/schema";
import { EditError } from "./edit-error.js";

/** The largest board side the schema accepts. */
export const MAX_BOARD_SIDE = 256;

/** The board's `[width, height]`, refusing a level whose size is not two positive integers. */
export function boardSize(level: LevelDefinition): [number, number] {
  const size = level.board?.size;
  if (
    !Array.isArray(size) ||
    !Number.isInteger(size[0]) ||
    !Number.isInteger(size[1]) ||
    size[0] < 1 ||
    size[1] < 1
  ) {
    throw new EditError("bad_size", "the level's board.size is not [width, height] of whole numbers from 1");
  }
  return [size[0], size[1]];
}

export function checkOnBoard(level: LevelDefinition, x: number, y: number): void {
  const [width, height] = boardSize(level);
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
    throw new EditError("off_board", `cell (${x}, ${y}) is outside the ${width}×${height} board`);
  }
}

/** The position of one cell of a multi-cell object, in either of its written forms. */
export function multiCellPosition(cell: MultiCellObject["cells"][number]): Position | undefined {
  const position = Array.isArray(cell) ? cell : cell?.position;
  return Array.isArray(position) && Number.isInteger(position[0]) && Number.isInteger(position[1])
    ? position
    : undefined;
}
