import type { Random } from "../random.js";
import type { Cell, Grid } from "./board.js";

/** A level's start as generation changes it: the board and the avatar's cell. */
export interface Start {
  readonly grid: Grid;
  readonly avatar: readonly [number, number] | null;
}

type Operator = (start: Start, random: Random) => Start | null;

function copyGrid(grid: Grid): Grid {
  return { ...grid, layers: new Map([...grid.layers].map(([id, cells]) => [id, [...cells]] as const)) };
}

/** A random layer that has at least one entity, with its cells (a copy inside a copied grid). */
function someLayer(grid: Grid, random: Random): Cell[] | null {
  const ids = [...grid.layers].filter(([, cells]) => cells.some((c) => c !== null)).map(([id]) => id);
  if (ids.length === 0) return null;
  return grid.layers.get(ids[random.int(ids.length)] as string) ?? null;
}

function pickIndex(cells: readonly Cell[], full: boolean, random: Random): number {
  const indices = cells.flatMap((c, i) => ((c !== null) === full ? [i] : []));
  return indices.length === 0 ? -1 : (indices[random.int(indices.length)] as number);
}

/** One entity put into an empty cell of its layer, taken from its own (`move`) or copied (`copy`). */
function relocate(keepOrigin: boolean): Operator {
  return (start, random) => {
    const grid = copyGrid(start.grid);
    const cells = someLayer(grid, random);
    if (cells === null) return null;
    const from = pickIndex(cells, true, random);
    const to = pickIndex(cells, false, random);
    if (from < 0 || to < 0) return null;
    cells[to] = cells[from] as Cell;
    if (!keepOrigin) cells[from] = null;
    return { ...start, grid };
  };
}

const move = relocate(false);
const copy = relocate(true);

/** Two cells of a layer with different contents swapped. */
const swap: Operator = (start, random) => {
  const grid = copyGrid(start.grid);
  const cells = someLayer(grid, random);
  if (cells === null) return null;
  const a = random.int(cells.length);
  const b = random.int(cells.length);
  if (JSON.stringify(cells[a]) === JSON.stringify(cells[b])) return null;
  [cells[a], cells[b]] = [cells[b] as Cell, cells[a] as Cell];
  return { ...start, grid };
};

/** One entity taken away (an `exactly_one` layer's cell goes back to the layer's default). */
const remove: Operator = (start, random) => {
  const grid = copyGrid(start.grid);
  const cells = someLayer(grid, random);
  if (cells === null) return null;
  const at = pickIndex(cells, true, random);
  if (at < 0) return null;
  cells[at] = null;
  return { ...start, grid };
};

/** The avatar started on another cell. */
const avatar: Operator = (start, random) => {
  if (start.avatar === null) return null;
  const at = random.int(start.grid.width * start.grid.height);
  return { ...start, avatar: [at % start.grid.width, Math.floor(at / start.grid.width)] };
};

/** The operators, weighted by how often they are drawn: moves keep a level's material, so most are moves. */
const OPERATORS: readonly Operator[] = [move, move, move, swap, swap, remove, copy, avatar];

/** A start changed by one to three random operators (never the same as `start`), or `null` when none applied. */
export function mutateStart(start: Start, random: Random): Start | null {
  const steps = 1 + random.int(3);
  let current = start;
  let changed = false;
  for (let i = 0; i < steps; i++) {
    const next = (OPERATORS[random.int(OPERATORS.length)] as Operator)(current, random);
    if (next === null) continue;
    current = next;
    changed = true;
  }
  return changed ? current : null;
}
