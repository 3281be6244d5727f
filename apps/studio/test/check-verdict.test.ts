import type { SolveResult } from "@gridponder/solver";
import { describe, expect, it } from "vitest";
import { invalidVerdict, resultVerdict, searchingVerdict } from "../src/check/verdict.js";

const gold = {
  length: 4,
  wins: true,
  optimal: true,
  uniqueOptimum: true,
  hintStops: [],
  hintStopsValid: true,
  firstRejected: null,
};
const result = (fields: Partial<SolveResult>): SolveResult =>
  ({
    level: "l",
    status: "solved",
    bound: null,
    optimalLength: 4,
    solution: [],
    optimalCount: 1,
    countCapped: false,
    lowerBound: 4,
    statesExpanded: 12,
    statesSeen: 20,
    strategy: "bfs",
    heuristic: null,
    threads: 1,
    elapsedMs: 1,
    statesPerSecond: 1,
    memoryLimitMb: null,
    gold,
    ...fields,
  }) as SolveResult;

describe("the solver's verdict in the studio's words", () => {
  it("names a unique optimum, and the gold path against it", () => {
    const v = resultVerdict(result({}));
    expect(v).toMatchObject({
      kind: "solved",
      headline: "Solvable in 4, unique",
      detail: "Your gold path (4) is optimal.",
    });
  });

  it("counts several optimal solutions, with + when the count stopped at its cap", () => {
    expect(resultVerdict(result({ optimalCount: 3 })).headline).toBe("Solvable in 4, 3 optimal solutions");
    expect(resultVerdict(result({ optimalCount: 100, countCapped: true })).headline).toBe(
      "Solvable in 4, 100+ optimal solutions",
    );
    expect(resultVerdict(result({ optimalCount: null })).headline).toBe(
      "Solvable in 4, optimal solutions not counted",
    );
  });

  it("says how a gold path falls short: longer, refused, not winning, or missing", () => {
    expect(resultVerdict(result({ gold: { ...gold, length: 6, optimal: false } })).detail).toBe(
      "Your gold path takes 6; the optimum is 4.",
    );
    expect(resultVerdict(result({ gold: { ...gold, wins: false, firstRejected: 2 } })).detail).toBe(
      "Your gold path is refused at action 3.",
    );
    expect(resultVerdict(result({ gold: { ...gold, wins: false } })).detail).toBe(
      "Your gold path (4) does not win.",
    );
    expect(resultVerdict(result({ gold: { ...gold, length: 0 } })).detail).toBe("No gold path recorded yet.");
  });

  it("tells a proof of unsolvability from a search its budget stopped", () => {
    expect(resultVerdict(result({ status: "unsolvable", optimalLength: null })).headline).toBe(
      "Unsolvable (proven)",
    );
    const bounded = resultVerdict(
      result({
        status: "bounded",
        bound: "maxStates",
        optimalLength: null,
        lowerBound: 9,
        statesExpanded: 2_000_000,
      }),
    );
    expect(bounded).toMatchObject({
      kind: "bounded",
      headline: "Not decided within 2,000,000 states",
      detail: "The search stopped at its maxStates budget; the optimum is at least 9.",
    });
  });

  it("reports progress while searching and the errors that stop it", () => {
    expect(searchingVerdict(null).detail).toBe("starting");
    const v = searchingVerdict({
      level: "l",
      depth: 7,
      statesExpanded: 1234,
      statesSeen: 2000,
      elapsedMs: 5,
    });
    expect(v).toMatchObject({
      kind: "searching",
      headline: "Still searching",
      detail: "1,234 states so far, depth 7",
    });
    expect(invalidVerdict(1).detail).toBe("1 error stops the solver; it is listed below.");
    expect(invalidVerdict(3).detail).toBe("3 errors stop the solver; they are listed below.");
  });
});
