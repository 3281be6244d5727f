import type { ConditionOperator } from "@gridponder/schema";
import type { Pack } from "../../contract/runtime.js";
import type { Draft } from "../../contract/state.js";
import { compare } from "./compare.js";
import { condition } from "./define.js";

/** Counts entities on every layer that match a kind and/or a tag. */
function countEntities(draft: Draft, pack: Pack, kind?: string, tag?: string): number {
  let n = 0;
  for (let li = 0; li < pack.layers.length; li++) {
    for (const e of draft.layerCells(li)) {
      if (e && (kind === undefined || e.kind === kind) && (tag === undefined || e.info.tags.has(tag))) n++;
    }
  }
  return n;
}

/** `board_count`: how many entities of a kind and/or tag the board holds compares with a value. */
export const boardCount = condition<{ kind?: string; tag?: string; op: ConditionOperator; value: number }>({
  type: "board_count",
  compile(pack, m) {
    return (d) => compare(countEntities(d, pack, m.kind, m.tag), m.op, m.value);
  },
});
