import type { BoardMatchGoal, JsonValue } from "@gridponder/schema";
import { jsonEqual } from "../board/json.js";
import type { Entity } from "../contract/model.js";
import type { CellTarget, Pack } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
import { counted } from "./define.js";

/** What one target cell wants: nothing, a kind without params, or a kind with exactly these params. */
interface Want {
  readonly index: number;
  readonly kind: string | null;
  /** `null` for a plain kind name; the wanted params (possibly empty) for an object target. */
  readonly params: Readonly<Record<string, JsonValue>> | null;
}

interface LayerTargets {
  readonly layer: number;
  readonly fill: Entity | null;
  readonly wants: readonly Want[];
}

function wantOf(index: number, target: JsonValue): Want | null {
  if (target === null) return { index, kind: null, params: null };
  if (typeof target === "string") return { index, kind: target, params: null };
  // Any other value matches no cell; it still counts towards the total.
  if (typeof target !== "object" || Array.isArray(target)) return { index, kind: "\0", params: null };
  const { kind, position: _p, ...params } = target as Record<string, JsonValue>;
  return { index, kind: typeof kind === "string" ? kind : "\0", params };
}

function matches(want: Want, e: Entity | null): boolean {
  if (want.kind === null) return e === null;
  if (e === null || e.kind !== want.kind) return false;
  if (want.params === null) return e.params === null || Object.keys(e.params).length === 0;
  return jsonEqual(want.params, e.params ?? {});
}

/**
 * Compiles a `board_match` goal for a board of `width` × `height`: the target cells it counts (all
 * cells for `exact`, only filled ones for `exact_non_null`), resolved once. The returned function
 * counts the matching ones; a layer the turn left alone keeps its count from the last time.
 */
export function compileBoardMatch(
  pack: Pack,
  goal: BoardMatchGoal,
  width: number,
  height: number,
): (draft: Draft) => { matched: number; total: number } {
  const exact = goal.config.matchMode === "exact";
  const layers: LayerTargets[] = [];
  for (const [layerId, data] of Object.entries(goal.config.targetLayers)) {
    const li = pack.layerIndex.get(layerId);
    if (li === undefined) continue;
    const wants: Want[] = [];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const target = Array.isArray(data)
          ? ((data[y] as readonly JsonValue[] | undefined)?.[x] ?? null)
          : ((data.entries.find((e) => e.position[0] === x && e.position[1] === y) ?? null) as JsonValue);
        if (target === null && !exact) continue;
        const want = wantOf(y * width + x, target);
        if (want !== null) wants.push(want);
      }
    }
    layers.push({ layer: li, fill: pack.layers[li]?.fill ?? null, wants });
  }
  const total = layers.reduce((n, l) => n + l.wants.length, 0);
  const lastCells: (readonly (Entity | null)[] | null)[] = layers.map(() => null);
  const lastMatched: number[] = layers.map(() => 0);
  return (draft) => {
    let matched = 0;
    for (let j = 0; j < layers.length; j++) {
      const { layer, fill, wants } = layers[j] as LayerTargets;
      const cells = draft.layerCells(layer);
      if (cells === lastCells[j]) {
        matched += lastMatched[j] as number;
        continue;
      }
      let n = 0;
      for (const want of wants) {
        const e = cells[want.index] ?? null;
        // The default filling of an `exactly_one` layer counts as empty where the target is empty.
        if (matches(want, e === fill && want.kind === null ? null : e)) n++;
      }
      if (!draft.ownsLayer(layer)) {
        lastCells[j] = cells;
        lastMatched[j] = n;
      }
      matched += n;
    }
    return { matched, total };
  };
}

/**
 * The target cells of a `board_match` goal inside a `width` × `height` board, dense or sparse alike,
 * read as the check reads them: a kind name, or `{ kind, ...params }` (a sparse entry's `position` is
 * not a param).
 */
function cellTargets(goal: BoardMatchGoal, width: number, height: number): CellTarget[] {
  const found: CellTarget[] = [];
  for (const [layerId, data] of Object.entries(goal.config.targetLayers)) {
    const cells: [number, number, JsonValue][] = Array.isArray(data)
      ? data.flatMap((row, y) =>
          Array.isArray(row) ? row.map((t, x): [number, number, JsonValue] => [x, y, t as JsonValue]) : [],
        )
      : data.entries.map((e): [number, number, JsonValue] => [e.position[0], e.position[1], e as JsonValue]);
    for (const [x, y, target] of cells) {
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const want = wantOf(0, target);
      const params = want?.params && Object.keys(want.params).length > 0 ? want.params : null;
      // A target naming no kind matches no cell; a search learns nothing from it.
      const kind = want === null || want.kind === "\0" ? null : want.kind;
      found.push({ layerId, cell: y * width + x, kind, params });
    }
  }
  return found;
}

/** `board_match`: the board shows the target pattern; progress is the share of cells matched. */
export const boardMatchGoal = counted(
  "board_match",
  (pack, g, width, height) => {
    const status = compileBoardMatch(pack, g, width, height);
    return ({ draft }) => {
      const { matched, total } = status(draft);
      return { done: matched === total, progress: total === 0 ? 1 : matched / total };
    };
  },
  { search: { cellTargets }, describe: () => "Match the target pattern" },
);
