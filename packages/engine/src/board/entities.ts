import type { Entity } from "../contract/model.js";

/** Whether an entity has one of the tags. A loop, not `some` with a closure: this runs on most turns. */
export function hasAnyTag(entity: Entity, tags: readonly string[]): boolean {
  for (const tag of tags) if (entity.info.tags.has(tag)) return true;
  return false;
}
