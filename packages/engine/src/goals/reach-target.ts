import type { Goal } from "@gridponder/schema";
import type { GoalCheck, Pack } from "../contract/runtime.js";
import { goal, statusOf } from "./define.js";

/** `reach_target`: the avatar stands on a cell holding the target kind or tag, on any layer. */
function reachTarget(pack: Pack, goal: Extract<Goal, { type: "reach_target" }>): GoalCheck {
  const { targetKind, targetTag } = goal.config;
  const layerCount = pack.layers.length;
  return ({ draft }) => {
    const a = draft.avatar;
    if (!a.enabled || !a.position) return statusOf(goal, false, 0);
    // Indexing, not destructuring: positions are frozen, and this runs on every turn.
    const x = a.position[0];
    const y = a.position[1];
    for (let li = 0; li < layerCount; li++) {
      const e = draft.get(li, x, y);
      if (!e) continue;
      if (targetKind !== undefined && e.kind === targetKind) return statusOf(goal, true, 1);
      if (targetTag !== undefined && e.info.tags.has(targetTag)) return statusOf(goal, true, 1);
    }
    return statusOf(goal, false, 0);
  };
}

export const reachTargetGoal = goal("reach_target", reachTarget, {
  search: {
    avatarTarget: (g) => ({
      ...(g.config.targetKind !== undefined ? { kind: g.config.targetKind } : {}),
      ...(g.config.targetTag !== undefined ? { tag: g.config.targetTag } : {}),
    }),
    readsOnlyWhatConfigNames: true,
  },
  describe: (g, words) => {
    const { targetKind, targetTag } = g.config;
    if (targetKind) return `Reach the ${words.kind(targetKind)}`;
    const kinds = words.tagged(targetTag ?? "");
    if (kinds.length === 1) return `Reach the ${kinds[0]}`;
    return `Reach a ${kinds.length > 1 ? kinds.join(" or ") : words.humanize(targetTag ?? "target").toLowerCase()}`;
  },
});
