import type { Entity, KindInfo } from "../model.js";

// The number in a kind's name, per kind (kinds belong to a pack): goals read it for every cell after
// every turn, and a regular expression per cell showed up in profiles.
const kindNumbers = new WeakMap<KindInfo, number | null>();

/**
 * The number a tile stands for: its `value` param, or the number ending its kind's name
 * (`num_7` is 7). `null` for entities that carry no number.
 */
export function tileValue(entity: Entity | null): number | null {
  if (!entity) return null;
  const v = entity.params?.value;
  if (typeof v === "number") return v;
  let n = kindNumbers.get(entity.info);
  if (n === undefined) {
    const m = /(-?\d+)$/.exec(entity.kind);
    n = m ? Number(m[1]) : null;
    kindNumbers.set(entity.info, n);
  }
  return n;
}
