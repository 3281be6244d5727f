import type { Entity } from "../contract/model.js";

/**
 * The number a tile stands for: its `value` param, or the number ending its kind's name
 * (`num_7` is 7). `null` for entities that carry no number.
 */
export function tileValue(entity: Entity | null): number | null {
  if (!entity) return null;
  const v = entity.params?.value;
  return typeof v === "number" ? v : entity.info.nameNumber;
}
