import type { Goal } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import type { Entity } from "../contract/model.js";
import type { GoalCheck, Pack } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
import { goal, statusOf } from "./define.js";

/** `param_match`: every marker cell's partner on the check layer has the wanted param value. */
function paramMatch(pack: Pack, goal: Extract<Goal, { type: "param_match" }>): GoalCheck {
  const c = goal.config;
  const marker = pack.layerIndex.get(c.markerLayer) ?? -1;
  const check = pack.layerIndex.get(c.checkLayer) ?? -1;
  // The marker cells of each marker layer array met. Runs after every turn, and the marker layer
  // seldom changes: a layer the turn did not write is an earlier state's, which never changes again.
  const markerCells = new WeakMap<readonly (Entity | null)[], Int32Array>();
  const cellsOf = (draft: Draft): Int32Array => {
    const markers = draft.layerCells(marker);
    const written = draft.ownsLayer(marker);
    let cells = written ? undefined : markerCells.get(markers);
    if (cells === undefined) {
      const found: number[] = [];
      for (let i = 0; i < markers.length; i++) if (markers[i]?.kind === c.markerKind) found.push(i);
      cells = Int32Array.from(found);
      if (!written) markerCells.set(markers, cells);
    }
    return cells;
  };
  return ({ draft }) => {
    let total = 0;
    let ok = 0;
    if (marker >= 0) {
      const cells = cellsOf(draft);
      const checked = check >= 0 ? draft.layerCells(check) : null;
      total = cells.length;
      for (let j = 0; j < cells.length; j++) {
        const e = checked?.[cells[j] as number];
        if (e?.kind === c.checkKind && own(e.params, c.checkParam) === c.checkValue) ok++;
      }
    }
    return statusOf(goal, total > 0 && ok === total, total === 0 ? 0 : ok / total);
  };
}

export const paramMatchGoal = goal("param_match", paramMatch, {
  search: {
    markerCheck: ({ config: c }) => ({
      markerLayer: c.markerLayer,
      markerKind: c.markerKind,
      checkLayer: c.checkLayer,
      accepts: (e) => e?.kind === c.checkKind && own(e.params, c.checkParam) === c.checkValue,
      wants: { kind: c.checkKind, param: c.checkParam, value: c.checkValue },
    }),
  },
  describe: (g, words) => {
    const { markerKind, checkKind, checkParam, checkValue } = g.config;
    return `Put a ${words.kind(checkKind)} with ${words.humanize(checkParam).toLowerCase()} ${JSON.stringify(checkValue)} on every ${words.kind(markerKind)}`;
  },
});
