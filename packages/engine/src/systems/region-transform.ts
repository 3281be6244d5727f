import type { RegionOperation, RegionTransformConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<RegionTransformConfig>>;

/** Cell pairs of a diagonal swap inside a 2×2 overlay, by direction: [from, to] offsets. */
const DIAGONALS: Readonly<Record<string, readonly [Pos, Pos]>> = {
  up_left: [
    [1, 1],
    [0, 0],
  ],
  up_right: [
    [0, 1],
    [1, 0],
  ],
  down_left: [
    [1, 0],
    [0, 1],
  ],
  down_right: [
    [0, 0],
    [1, 1],
  ],
};

/**
 * Where the content of overlay cell (x, y) goes, for a square region of side n: clockwise (or
 * counter-clockwise) rotation, or a mirror image (horizontal flip mirrors left and right).
 */
function mapping(
  op: RegionOperation["type"],
  params: Record<string, unknown>,
  n: number,
  x: number,
  y: number,
): Pos {
  if (op === "rotate") return params.rotation === "counterclockwise" ? [y, n - 1 - x] : [n - 1 - y, x];
  return params.axis === "vertical" ? [x, n - 1 - y] : [n - 1 - x, y];
}

/** What the hook needs from the config, resolved once: operations by action, layer indices. */
interface Prepared {
  readonly operations: ReadonlyMap<string, readonly [string, RegionOperation]>;
  readonly layers: readonly number[];
  readonly ground: number | undefined;
}

function isVoid(ctx: Ctx, ground: number | undefined, c: Pos): boolean {
  return ground !== undefined && ctx.draft.get(ground, c[0], c[1])?.kind === "void";
}

/**
 * `region_transform` (action phase): rotates, mirrors or diagonally swaps the contents of the overlay
 * on the affected layers, reporting `region_transformed`. With `blockOnVoid`, a region that includes a
 * void cell stays as it is (the action still counts).
 */
export const regionTransform: SystemBehaviour<Required<RegionTransformConfig>> = {
  type: "region_transform",
  search: {
    // Nothing moves into or out of a void cell (see the action hook).
    keepsVoidCells: true,
    layersMoved: (config) => config.affectedLayers,
    avatarReach: 0,
    freeTurns: false,
    // Turns whatever the overlay covers, reading only the ground (for void cells).
    blindTo: (_config, pack) => pack.layers.map((l) => l.id).filter((id) => id !== "ground"),
    // Moves entities. Without `blockOnVoid`, a cell a void cell would feed keeps what it held while its
    // entity also moves on: a copy, so any kind of the affected layers may grow in number.
    kindsCreated: (config, pack) =>
      config.blockOnVoid
        ? []
        : [...pack.kinds.values()]
            .filter((k) => config.affectedLayers.some((id) => pack.layerIndex.get(id) === k.layerIndex))
            .map((k) => k.name),
  },
  // A diagonal swap's two cells are the same named from either end (see DIAGONALS).
  axisActions: (config) =>
    Object.values(config.operations).flatMap((op) => (op.type === "diagonal_swap" ? [op.action] : [])),
  prepare(config, pack): Prepared {
    const operations = new Map<string, readonly [string, RegionOperation]>();
    // The first operation naming an action handles it.
    for (const [name, op] of Object.entries(config.operations))
      if (!operations.has(op.action)) operations.set(op.action, [name, op]);
    return {
      operations,
      layers: config.affectedLayers
        .map((id) => pack.layerIndex.get(id))
        .filter((li): li is number => li !== undefined),
      ground: pack.layerIndex.get("ground"),
    };
  },
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    const { operations, layers, ground } = ctx.prepared as Prepared;
    const entry = operations.get(action.id);
    const overlay = draft.overlay;
    if (!entry || !overlay) return;
    const [name, op] = entry;
    const [ox, oy] = overlay.position;
    const moves: [Pos, Pos][] = [];
    const { width, height } = draft;
    // Board cells by their shared positions (see `sharedPos` in ops), once all are on the board.
    const cells = ctx.level.cells;
    const onBoard = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
    if (op.type === "diagonal_swap") {
      const pair = DIAGONALS[String(action.params.direction)];
      if (!pair) return;
      const ax = ox + pair[0][0];
      const ay = oy + pair[0][1];
      const bx = ox + pair[1][0];
      const by = oy + pair[1][1];
      if (!onBoard(ax, ay) || !onBoard(bx, by)) return;
      const a = cells[ay * width + ax] as Pos;
      const b = cells[by * width + bx] as Pos;
      moves.push([a, b], [b, a]);
    } else {
      const n = Math.min(overlay.size[0], overlay.size[1]);
      // The region maps onto itself, so its targets are on the board when its cells are.
      if (n > 0 && (!onBoard(ox, oy) || !onBoard(ox + n - 1, oy + n - 1))) return;
      for (let y = 0; y < n; y++)
        for (let x = 0; x < n; x++) {
          const [tx, ty] = mapping(op.type, action.params, n, x, y);
          moves.push([cells[(oy + y) * width + ox + x] as Pos, cells[(oy + ty) * width + ox + tx] as Pos]);
        }
    }
    const anyVoid = moves.some(([a]) => isVoid(ctx, ground, a));
    if (config.blockOnVoid && anyVoid) return;
    // Nothing moves into or out of a void cell: a diagonal swap touching void does nothing (the traces
    // still report the empty transform), and in a rotation or flip the cell a void cell would feed keeps
    // what it held, so its entity can end up in two cells (fuzz: `rf_004` with `blockOnVoid: false`).
    const blocked = op.type === "diagonal_swap" && anyVoid;
    const applied = blocked ? [] : layers;
    const live = anyVoid
      ? moves.filter(([a, b]) => !isVoid(ctx, ground, a) && !isVoid(ctx, ground, b))
      : moves;
    for (const li of applied) {
      const before: (Entity | null)[] = live.map(([a]) => draft.get(li, a[0], a[1]));
      for (let i = 0; i < live.length; i++) {
        const b = (live[i] as [Pos, Pos])[1];
        draft.set(li, b[0], b[1], before[i] ?? null);
      }
    }
    ctx.emit({
      type: "region_transformed",
      operation: name,
      transform: op.type,
      position: [ox, oy],
      size: overlay.size,
      // Where each cell's content went, on which layers: views move the same objects instead of
      // guessing a permutation from the new board. Empty when nothing moved.
      moves: applied.length === 0 ? [] : live,
      layers: applied.map((li) => pack.layers[li]?.id),
    });
  },
};
