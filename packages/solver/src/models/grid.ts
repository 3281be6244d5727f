import type { LevelRuntime, Pack } from "@gridponder/engine";

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
 * The ground kind a level is won by clearing: every goal is `all_cleared` of that one kind (and says
 * nothing else), and the kind lives on layer `ground`. `null` for any other goal set.
 */
export function clearedGroundKind(pack: Pack, level: LevelRuntime, ground: number): string | null {
  if (level.goals.length === 0 || level.goals.some((g) => g.type !== "all_cleared")) return null;
  if (level.goals.some((g) => Object.keys(g.config as object).some((k) => k !== "kind"))) return null;
  const kinds = new Set(level.goals.map((g) => (g.config as { kind?: unknown }).kind));
  const target = [...kinds][0];
  if (kinds.size !== 1 || typeof target !== "string") return null;
  return pack.kinds.get(target)?.layerIndex === ground ? target : null;
}
