import type { Comparison, CountConstraintGoal, SumConstraintGoal } from "@gridponder/schema";
import type { Entity } from "../contract/model.js";
import type { Pack } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";
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

/**
 * Compiles a sum or count constraint for a board of `width` × `height`: the lines of its scope, its
 * layer and predicate, resolved once. The returned function counts how many lines satisfy it; an
 * unchanged layer keeps its count from the last time.
 */
export function compileLineConstraint(
  pack: Pack,
  goal: SumConstraintGoal | CountConstraintGoal,
  width: number,
  height: number,
): (draft: Draft) => { satisfied: number; total: number } {
  const c = goal.config;
  const layer = pack.layerIndex.get(c.layer ?? "objects") ?? -1;
  const rows = c.scope === "all_rows" || c.scope === "row";
  const count = rows ? height : width;
  const lines = c.scope === "row" || c.scope === "col" ? [c.index ?? 0] : [...Array(count).keys()];
  const test = goal.type === "count_constraint" ? predicate(goal.config.predicate) : null;
  const comparison = c.comparison ?? "eq";
  const length = rows ? width : height;
  const total = lines.length;
  let lastCells: readonly unknown[] | null = null;
  let lastSatisfied = 0;
  return (draft) => {
    const cells = layer >= 0 ? draft.layerCells(layer) : null;
    if (cells !== null && cells === lastCells) return { satisfied: lastSatisfied, total };
    let satisfied = 0;
    for (const line of lines) {
      let measure = 0;
      // A layer the game does not have holds no numbers.
      // A line off the board (a `row` or `col` index past its edge) holds no numbers.
      const onBoard = Number.isInteger(line) && line >= 0 && line < count;
      for (let i = 0; i < length && cells !== null && onBoard; i++) {
        // The layer's cells read directly: every cell of a line on the board is one.
        const v = tileValue((rows ? cells[line * width + i] : cells[i * width + line]) as Entity | null);
        if (v === null) continue;
        if (test) {
          if (test(v)) measure++;
        } else {
          measure += v;
        }
      }
      if (compare(measure, comparison, c.target)) satisfied++;
    }
    if (cells !== null && !draft.ownsLayer(layer)) {
      lastCells = cells;
      lastSatisfied = satisfied;
    }
    return { satisfied, total };
  };
}

/**
 * A line goal's status: done when every line in scope meets the constraint (and there is one),
 * progress the share that does.
 */
export function lineGoalStatus(
  pack: Pack,
  goal: SumConstraintGoal | CountConstraintGoal,
  width: number,
  height: number,
): (ctx: { readonly draft: Draft }) => { done: boolean; progress: number } {
  const status = compileLineConstraint(pack, goal, width, height);
  return ({ draft }) => {
    const { satisfied, total } = status(draft);
    return { done: satisfied === total && total > 0, progress: total === 0 ? 0 : satisfied / total };
  };
}
