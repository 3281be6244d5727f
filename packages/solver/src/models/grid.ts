import type { LevelRuntime, Pack } from "@gridponder/engine";
import { clearsOf } from "./goal-declarations.js";

/** Cell steps by direction number: 0 up, 1 down, 2 left, 3 right (so `d ^ 1` is the opposite). */
export const ORTHOGONAL_STEPS: readonly (readonly [number, number])[] = [
  [0, -1],
  [0, 1],
  [-1, 0],
  [1, 0],
];
/** The direction names in the order of `ORTHOGONAL_STEPS`. */
export const DIRECTION_NAMES: readonly string[] = ["up", "down", "left", "right"];

/**
 * The ground kind a level is won by clearing: every goal is met exactly by clearing that one kind from
 * the board (`clears`, as `all_cleared` declares, with no tag or layer), and the kind lives on layer
 * `ground`. `null` for any other goal set.
 */
export function clearedGroundKind(pack: Pack, level: LevelRuntime, ground: number): string | null {
  if (level.goals.length === 0) return null;
  const cleared = level.goals.map((g) => clearsOf(pack, g));
  if (cleared.some((c) => c === null || c.tag !== undefined || c.layer !== undefined)) return null;
  const kinds = new Set(cleared.map((c) => c?.kind));
  const target = [...kinds][0];
  if (kinds.size !== 1 || typeof target !== "string") return null;
  return pack.kinds.get(target)?.layerIndex === ground ? target : null;
}
