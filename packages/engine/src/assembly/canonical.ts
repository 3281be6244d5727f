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

/**
 * Serialises JSON with object keys sorted at every level: equal states give byte-identical text (the
 * text `JSON.stringify` gives for a copy with sorted keys). Written directly, without that copy: a
 * search numbers states by this text.
 * Exported for the other Gridponder packages (solver, analysis, view, renderers), which key states and scenes
 * by it; not part of the public API.
 * @internal
 */
export function stableStringify(value: unknown): string {
  return writeSorted(value) as string;
}

/**
 * An object's keys in the order a copy made by inserting them sorted would list them: keys that are
 * array indices come first in numeric order (as in every object), then the others sorted.
 */
function sortedKeys(value: object): string[] {
  const keys = Object.keys(value);
  // Object.keys lists the array-index keys first, ascending: only the rest needs sorting.
  let indices = 0;
  while (indices < keys.length && isArrayIndex(keys[indices] as string)) indices++;
  if (indices === 0) return keys.sort();
  return [...keys.slice(0, indices), ...keys.slice(indices).sort()];
}

function isArrayIndex(key: string): boolean {
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57) return false;
  const n = Number(key);
  return String(n) === key && n < 4294967295;
}

/** `value` as sorted JSON, or `undefined` where `JSON.stringify` leaves a value out. */
function writeSorted(value: unknown): string | undefined {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += `${i > 0 ? "," : ""}${writeSorted(value[i]) ?? "null"}`;
    return `${text}]`;
  }
  let text = "{";
  for (const key of sortedKeys(value)) {
    const item = writeSorted((value as Record<string, unknown>)[key]);
    if (item === undefined) continue;
    text += `${text.length > 1 ? "," : ""}${JSON.stringify(key)}:${item}`;
  }
  return `${text}}`;
}
