/** A board cell, `[x, y]`. */
export type CellXY = readonly [number, number];

/**
 * The cells on a straight line from `a` to `b`, both included, each touching the last by an edge or
 * a corner: a fast drag reports cells far apart, and the stroke must not skip the ones between.
 */
export function cellsBetween(a: CellXY, b: CellXY): CellXY[] {
  const cells: CellXY[] = [];
  let [x, y] = a;
  const [x1, y1] = b;
  const dx = Math.abs(x1 - x);
  const dy = -Math.abs(y1 - y);
  const sx = x < x1 ? 1 : -1;
  const sy = y < y1 ? 1 : -1;
  let err = dx + dy;
  for (;;) {
    cells.push([x, y]);
    if (x === x1 && y === y1) return cells;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
  }
}
