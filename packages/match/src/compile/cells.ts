/**
 * Cell names: a column letter and a row number from the bottom, `a1` bottom left, as in chess.
 * @module
 */

/** The cell index of a name (`e4`) on a board of this size, or -1 when it is not a cell of it. */
export function parseCell(name: string, width: number, height: number): number {
  const m = /^([a-z])([1-9][0-9]?)$/.exec(name);
  if (!m) return -1;
  const x = (m[1] as string).charCodeAt(0) - 97;
  const y = Number(m[2]) - 1;
  if (x >= width || y >= height) return -1;
  return y * width + x;
}

/** The name of a cell index on a board of this width. */
export function cellName(cell: number, width: number): string {
  const x = cell % width;
  const y = (cell - x) / width;
  return `${String.fromCharCode(97 + x)}${y + 1}`;
}
