import type { GameState, Pack } from "@gridponder/engine";

/** A cell as a level file writes it: nothing (or an `exactly_one` layer's default), a kind, or a kind with params. */
export type Cell = null | string | { readonly kind: string; readonly [param: string]: unknown };

/** A level's board as plain per-layer cell arrays (row-major), whatever format its file used. */
export interface Grid {
  readonly width: number;
  readonly height: number;
  /** Cells per layer id; layers the level leaves out are absent. */
  readonly layers: Map<string, Cell[]>;
  /** Per layer: whether the file wrote it sparse, and its `default` kind there. */
  readonly formats: Map<string, { readonly sparse: boolean; readonly default?: string }>;
}

interface SparseData {
  readonly format: "sparse";
  readonly default?: string;
  readonly entries: readonly ({ position: [number, number]; kind: string } & Record<string, unknown>)[];
}

/** Reads `board` of a level file into a {@link Grid}. */
export function readGrid(board: { size: [number, number]; layers: Record<string, unknown> }): Grid {
  const [width, height] = board.size;
  const layers = new Map<string, Cell[]>();
  const formats = new Map<string, { sparse: boolean; default?: string }>();
  for (const [id, data] of Object.entries(board.layers)) {
    const cells = new Array<Cell>(width * height).fill(null);
    if (Array.isArray(data)) {
      (data as Cell[][]).forEach((row, y) => {
        row.forEach((cell, x) => {
          cells[y * width + x] = cell;
        });
      });
      formats.set(id, { sparse: false });
    } else {
      const sparse = data as SparseData;
      for (const { position, ...entity } of sparse.entries) {
        const params = Object.keys(entity).length > 1;
        cells[position[1] * width + position[0]] = params ? (entity as Cell) : entity.kind;
      }
      formats.set(
        id,
        sparse.default === undefined ? { sparse: true } : { sparse: true, default: sparse.default },
      );
    }
    layers.set(id, cells);
  }
  return { width, height, layers, formats };
}

/** Writes a {@link Grid} back as a level file's `board`, each layer in the format it was read in. */
export function writeGrid(grid: Grid): { size: [number, number]; layers: Record<string, unknown> } {
  const layers: Record<string, unknown> = {};
  for (const [id, cells] of grid.layers) {
    const format = grid.formats.get(id) ?? { sparse: false };
    if (format.sparse) {
      const entries: Record<string, unknown>[] = [];
      cells.forEach((cell, i) => {
        if (cell === null) return;
        const position = [i % grid.width, Math.floor(i / grid.width)];
        entries.push(typeof cell === "string" ? { position, kind: cell } : { position, ...cell });
      });
      layers[id] = {
        format: "sparse",
        ...(format.default === undefined ? {} : { default: format.default }),
        entries,
      };
    } else {
      layers[id] = Array.from({ length: grid.height }, (_, y) =>
        cells.slice(y * grid.width, (y + 1) * grid.width),
      );
    }
  }
  return { size: [grid.width, grid.height], layers };
}

/**
 * The board of a game state as a {@link Grid} shaped like `like` (same layers and formats): an
 * `exactly_one` layer's default entity is written as nothing, as a level file leaves it.
 */
export function gridOfState(pack: Pack, state: GameState, like: Grid): Grid {
  const layers = new Map<string, Cell[]>();
  for (const info of pack.layers) {
    const entities = state.layers[info.index] ?? [];
    const cells = entities.map((e): Cell => {
      if (e === null) return null;
      const params = e.params !== null && Object.keys(e.params).length > 0;
      if (info.exactlyOne && !params && e.kind === info.fill?.kind) return null;
      return params ? { kind: e.kind, ...e.params } : e.kind;
    });
    if (like.layers.has(info.id) || cells.some((c) => c !== null)) layers.set(info.id, cells);
  }
  // Cells left out mean the layer's declared default here, so no file-level `default` may stay.
  const formats = new Map([...like.formats].map(([id, f]) => [id, { sparse: f.sparse }] as const));
  return { width: like.width, height: like.height, layers, formats };
}
