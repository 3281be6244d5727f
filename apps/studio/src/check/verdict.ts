/**
 * The solver's verdict on the level being edited, in the words the studio shows: proven unsolvable,
 * solvable in N (unique, or K optimal solutions), still searching, or stopped by its state budget;
 * and the author's gold path against the optimum.
 * @module
 */
import type { SearchProgress, SolveResult } from "@gridponder/solver";

export type VerdictKind = "searching" | "unsolvable" | "solved" | "bounded" | "invalid" | "failed";

export interface Verdict {
  readonly kind: VerdictKind;
  /** One line, e.g. "Solvable in 7, unique". */
  readonly headline: string;
  /** What the gold path is against the optimum, or what else to know; "" when nothing. */
  readonly detail: string;
  readonly optimalLength: number | null;
  readonly statesExpanded: number;
}

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** The verdict while the search runs. */
export function searchingVerdict(progress: SearchProgress | null): Verdict {
  const states = progress?.statesExpanded ?? 0;
  return {
    kind: "searching",
    headline: "Still searching",
    detail: progress ? `${plural(states, "state", "states")} so far, depth ${progress.depth}` : "starting",
    optimalLength: null,
    statesExpanded: states,
  };
}

/** The verdict of a finished search. */
export function resultVerdict(result: SolveResult): Verdict {
  const states = result.statesExpanded;
  const base = { optimalLength: result.optimalLength, statesExpanded: states };
  if (result.status === "unsolvable")
    return { ...base, kind: "unsolvable", headline: "Unsolvable (proven)", detail: goldDetail(result) };
  if (result.status === "bounded") {
    const bound = result.lowerBound === null ? "" : `; the optimum is at least ${result.lowerBound}`;
    return {
      ...base,
      kind: "bounded",
      headline: `Not decided within ${plural(states, "state", "states")}`,
      detail: `The search stopped at its ${result.bound ?? "state"} budget${bound}.`,
    };
  }
  const n = result.optimalLength ?? 0;
  const k = result.optimalCount;
  const many =
    k === null
      ? "optimal solutions not counted"
      : `${count(k)}${result.countCapped ? "+" : ""} optimal solutions`;
  return {
    ...base,
    kind: "solved",
    headline: `Solvable in ${n}, ${k === 1 && !result.countCapped ? "unique" : many}`,
    detail: goldDetail(result),
  };
}

/** The gold path against the optimum. */
function goldDetail(result: SolveResult): string {
  const gold = result.gold;
  if (gold.length === 0) return "No gold path recorded yet.";
  if (!gold.wins)
    return gold.firstRejected === null
      ? `Your gold path (${gold.length}) does not win.`
      : `Your gold path is refused at action ${gold.firstRejected + 1}.`;
  if (result.optimalLength === null) return `Your gold path wins in ${gold.length}.`;
  if (gold.length === result.optimalLength) return `Your gold path (${gold.length}) is optimal.`;
  return `Your gold path takes ${gold.length}; the optimum is ${result.optimalLength}.`;
}

/** The verdict when the pack does not validate, so nothing can be searched. */
export function invalidVerdict(errors: number): Verdict {
  return {
    kind: "invalid",
    headline: "Fix the pack first",
    detail:
      errors === 1
        ? "1 error stops the solver; it is listed below."
        : `${plural(errors, "error", "errors")} stop the solver; they are listed below.`,
    optimalLength: null,
    statesExpanded: 0,
  };
}

/** The verdict when the search itself failed. */
export function failedVerdict(message: string): Verdict {
  return {
    kind: "failed",
    headline: "The solver failed",
    detail: message,
    optimalLength: null,
    statesExpanded: 0,
  };
}
