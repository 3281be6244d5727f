import type { EntityKindId, JsonValue, Position } from "./common.js";

/**
 * An entity with parameters: `{ "kind": "portal", "channel": "blue" }`. Every key except `kind` is
 * an instance parameter declared by the kind.
 */
export interface EntityWithParams {
  /** The entity's kind. */
  kind: EntityKindId;
  /** Instance parameters, by name. */
  [param: string]: JsonValue;
}

/** One cell of a dense layer: `null` (nothing), a kind name, or a kind with parameters. */
export type CellValue = null | EntityKindId | EntityWithParams;

/**
 * A dense layer: rows top to bottom, each a list of cells left to right (`grid[y][x]`), exactly `board.size`.
 * @maxItems 256
 */
export type DenseLayer = DenseRow[];

/**
 * One row of a dense layer, left to right.
 * @maxItems 256
 */
export type DenseRow = CellValue[];

/** One placed entity of a sparse layer. Keys other than `position` and `kind` are instance parameters. */
export interface SparseEntry {
  /** The cell the entity occupies. */
  position: Position;
  /** The entity's kind. */
  kind: EntityKindId;
  /** Instance parameters, by name. */
  [param: string]: JsonValue;
}

/** A sparse layer: only the occupied cells are listed. Handy for mostly empty layers. */
export interface SparseLayer {
  /** Marks the sparse format. */
  format: "sparse";
  /** For `exactly_one` layers: the kind of every cell not listed; the layer's declared default when absent. */
  default?: EntityKindId;
  /**
   * The placed entities, at most one per cell.
   * @maxItems 65536
   */
  entries: SparseEntry[];
}

/** A layer's contents, dense (an array of rows) or sparse (`"format": "sparse"`). */
export type LayerData = DenseLayer | SparseLayer;
