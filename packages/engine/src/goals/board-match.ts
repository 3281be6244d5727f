import type { BoardMatchGoal, JsonValue } from "@gridponder/schema";
import { jsonEqual } from "../model.js";
import type { TurnContext } from "../systems/types.js";

function sameCell(target: JsonValue, kind: string | null, params: Record<string, JsonValue> | null): boolean {
  if (target === null) return kind === null;
  if (typeof target === "string")
    return kind === target && (params === null || Object.keys(params).length === 0);
  if (typeof target !== "object" || Array.isArray(target)) return false;
  const { kind: targetKind, position: _p, ...targetParams } = target as Record<string, JsonValue>;
  return kind === targetKind && jsonEqual(targetParams, params ?? {});
}

/** Counts the target cells that match (all cells for `exact`, only filled ones for `exact_non_null`). */
export function boardMatchStatus(ctx: TurnContext, goal: BoardMatchGoal): { matched: number; total: number } {
  const { draft, pack } = ctx;
  const exact = goal.config.matchMode === "exact";
  let matched = 0;
  let total = 0;
  for (const [layerId, data] of Object.entries(goal.config.targetLayers)) {
    const li = pack.layerIndex.get(layerId);
    if (li === undefined) continue;
    const fill = pack.layers[li]?.fill ?? null;
    const targetAt = (x: number, y: number): JsonValue => {
      if (Array.isArray(data)) return data[y]?.[x] ?? null;
      const entry = data.entries.find((e) => e.position[0] === x && e.position[1] === y);
      return entry ?? null;
    };
    for (let y = 0; y < draft.height; y++) {
      for (let x = 0; x < draft.width; x++) {
        const target = targetAt(x, y);
        if (target === null && !exact) continue;
        total++;
        const e = draft.get(li, x, y);
        const actual = e === fill && target === null ? null : e;
        if (
          sameCell(target, actual?.kind ?? null, (actual?.params as Record<string, JsonValue> | null) ?? null)
        )
          matched++;
      }
    }
  }
  return { matched, total };
}
