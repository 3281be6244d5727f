import type { JsonValue, ScalarValue } from "@gridponder/schema";
import type { Entity } from "../contract/model.js";
import type { Pack } from "../contract/runtime.js";
import type { GameState } from "../contract/state.js";

/** The canonical state of the conformance format: plain JSON, comparable across engines. */
export interface CanonicalState {
  layers: Record<string, (string | Record<string, JsonValue> | null)[][]>;
  multiCellObjects: {
    id: string;
    kind: string;
    cells: [number, number][];
    params: Record<string, JsonValue>;
  }[];
  avatar: { enabled: boolean; position: [number, number] | null; facing: string; item: string | null };
  variables: Record<string, ScalarValue>;
  overlay: { position: [number, number]; size: [number, number] } | null;
  actionCount: number;
  won: boolean;
  lost: boolean;
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, JsonValue> = {};
    for (const k of Object.keys(value).sort())
      out[k] = sortKeys((value as Record<string, JsonValue>)[k] as JsonValue);
    return out;
  }
  return value;
}

function cellValue(e: Entity | null): string | Record<string, JsonValue> | null {
  if (!e) return null;
  if (!e.params || Object.keys(e.params).length === 0) return e.kind;
  return sortKeys({ kind: e.kind, ...e.params }) as Record<string, JsonValue>;
}

/** Converts a state to the canonical JSON form the conformance traces record. */
export function canonicalState(pack: Pack, state: GameState, width: number, height: number): CanonicalState {
  const layers: CanonicalState["layers"] = {};
  pack.layers.forEach((layer, li) => {
    const cells = state.layers[li] ?? [];
    const grid: (string | Record<string, JsonValue> | null)[][] = [];
    for (let y = 0; y < height; y++) {
      const row: (string | Record<string, JsonValue> | null)[] = [];
      for (let x = 0; x < width; x++) row.push(cellValue(cells[y * width + x] ?? null));
      grid.push(row);
    }
    layers[layer.id] = grid;
  });
  const a = state.avatar;
  return {
    layers,
    multiCellObjects: state.multiCellObjects.map((o) => ({
      id: o.id,
      kind: o.kind,
      cells: o.cells.map((c) => [c[0], c[1]] as [number, number]),
      params: sortKeys(o.params as JsonValue) as Record<string, JsonValue>,
    })),
    avatar: {
      enabled: a.enabled,
      position: a.position ? [a.position[0], a.position[1]] : null,
      facing: a.facing,
      item: a.item,
    },
    variables: { ...state.variables },
    overlay: state.overlay
      ? {
          position: [state.overlay.position[0], state.overlay.position[1]],
          size: [state.overlay.size[0], state.overlay.size[1]],
        }
      : null,
    actionCount: state.actionCount,
    won: state.won,
    lost: state.lost,
  };
}

/** Serialises JSON with object keys sorted at every level: equal states give byte-identical text. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value as JsonValue));
}
