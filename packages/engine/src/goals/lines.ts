import type { Comparison, CountConstraintGoal, SumConstraintGoal } from "@gridponder/schema";
import type { TurnContext } from "../systems/types.js";
import { tileValue } from "./values.js";

/** Compares a measured value with a target: equal, at least, at most. */
export function compare(value: unknown, comparison: Comparison, target: unknown): boolean {
  if (comparison === "eq") return value === target;
  if (typeof value !== "number" || typeof target !== "number") return false;
  return comparison === "gte" ? value >= target : value <= target;
}

// Compiled predicates by text: a goal's is needed after every turn.
const predicates = new Map<string, (v: number) => boolean>();

function predicate(text: string): (v: number) => boolean {
  let test = predicates.get(text);
  if (test === undefined) {
    test = parsePredicate(text);
    predicates.set(text, test);
  }
  return test;
}

function parsePredicate(text: string): (v: number) => boolean {
  if (text === "even") return (v) => v % 2 === 0;
  if (text === "odd") return (v) => Math.abs(v % 2) === 1;
  const m = /^(eq|gte|lte|gt|lt)_(-?\d+)$/.exec(text);
  if (!m) return () => false;
  const n = Number(m[2]);
  switch (m[1]) {
    case "eq":
      return (v) => v === n;
    case "gte":
      return (v) => v >= n;
    case "lte":
      return (v) => v <= n;
    case "gt":
      return (v) => v > n;
    default:
      return (v) => v < n;
  }
}

/** Counts how many lines of the scope satisfy a sum or count constraint. */
export function lineConstraintStatus(
  ctx: TurnContext,
  goal: SumConstraintGoal | CountConstraintGoal,
): { satisfied: number; total: number } {
  const { draft, pack } = ctx;
  const c = goal.config;
  const layer = pack.layerIndex.get(c.layer ?? "objects") ?? -1;
  const rows = c.scope === "all_rows" || c.scope === "row";
  const count = rows ? draft.height : draft.width;
  const lines = c.scope === "row" || c.scope === "col" ? [c.index ?? 0] : [...Array(count).keys()];
  const test = goal.type === "count_constraint" ? predicate(goal.config.predicate) : null;
  let satisfied = 0;
  for (const line of lines) {
    let measure = 0;
    const length = rows ? draft.width : draft.height;
    for (let i = 0; i < length; i++) {
      const v = tileValue(rows ? draft.get(layer, i, line) : draft.get(layer, line, i));
      if (v === null) continue;
      if (test) {
        if (test(v)) measure++;
      } else {
        measure += v;
      }
    }
    if (compare(measure, c.comparison ?? "eq", c.target)) satisfied++;
  }
  return { satisfied, total: lines.length };
}
