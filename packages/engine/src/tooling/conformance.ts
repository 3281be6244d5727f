import { own } from "@gridponder/schema";
import { type CanonicalState, stableStringify } from "../assembly/canonical.js";
import { Session } from "../assembly/session.js";
import { type GameAction, resolveAction } from "../assembly/turn.js";
import type { Pack } from "../contract/runtime.js";

/** One recorded run of a trace file. */
export interface TraceRun {
  actions: GameAction[];
  accepted: boolean[];
  eventTypes: string[][];
  states: CanonicalState[];
}

/** A conformance trace: runs of one level recorded from a reference engine. */
export interface Trace {
  pack: string;
  level: string;
  runs: Record<string, TraceRun>;
}

/** Where a run first departed from the trace. */
export interface Mismatch {
  run: string;
  /** The action index (`-1` for the state after loading). */
  step: number;
  action: GameAction | null;
  /** What differed: `accepted`, `state` or `error`. */
  what: "accepted" | "state" | "error";
  /** Readable lines describing the difference. */
  diff: string[];
}

/** The result of replaying one trace file. */
export interface LevelReport {
  pack: string;
  level: string;
  runs: number;
  runsMatched: number;
  /** The first mismatch of each failing run. */
  mismatches: Mismatch[];
  /** Runs whose states matched but whose event types differed somewhere: the first such step. */
  eventMismatches: { run: string; step: number; expected: string[]; actual: string[] }[];
  /** Whether our replay of the `gold` run ended in a win (`null` when the trace has no gold run). */
  goldWon: boolean | null;
  /**
   * Whether a run other than `gold` replays the level's gold path: the form of a mutant's trace, whose
   * gold path need not win (the fuzz corpus's README), so it is played as a walk.
   */
  goldWalked: boolean;
}

/** Lists the differences between two JSON values as `path: expected … actual …` lines (at most `limit`). */
export function jsonDiff(expected: unknown, actual: unknown, limit = 12): string[] {
  const out: string[] = [];
  const walk = (e: unknown, a: unknown, path: string) => {
    if (out.length >= limit) return;
    if (stableStringify(e) === stableStringify(a)) return;
    const bothObjects = e !== null && a !== null && typeof e === "object" && typeof a === "object";
    if (bothObjects && Array.isArray(e) === Array.isArray(a)) {
      const keys = new Set([...Object.keys(e as object), ...Object.keys(a as object)]);
      for (const k of keys) {
        walk((e as Record<string, unknown>)[k], (a as Record<string, unknown>)[k], `${path}/${k}`);
      }
      return;
    }
    out.push(
      `${path || "/"}: expected ${stableStringify(e) ?? "nothing"}, got ${stableStringify(a) ?? "nothing"}`,
    );
  };
  walk(expected, actual, "");
  return out;
}

/** Replays every run of a trace against the engine and reports, per run, the first departure. */
export function checkTrace(pack: Pack, trace: Trace): LevelReport {
  const report: LevelReport = {
    pack: trace.pack,
    level: trace.level,
    runs: 0,
    runsMatched: 0,
    mismatches: [],
    eventMismatches: [],
    goldWon: null,
    goldWalked: false,
  };
  const replaysGold = goldReplayTest(pack, trace.level);
  for (const [name, run] of Object.entries(trace.runs)) {
    if (name !== "gold" && replaysGold(run.actions)) report.goldWalked = true;
    report.runs++;
    const mismatch = checkRun(pack, trace.level, name, run, report);
    if (mismatch) report.mismatches.push(mismatch);
    else report.runsMatched++;
  }
  return report;
}

/**
 * Whether a run's actions are the level's gold path, compared as the engine resolves them (a gold path
 * may use shorthand strings, a trace spells each action out). Always false for a level that does not load.
 */
function goldReplayTest(pack: Pack, levelId: string): (actions: readonly unknown[]) => boolean {
  const goldPath = own(pack.levels, levelId)?.solution?.goldPath;
  let level: Session["level"];
  try {
    level = new Session(pack, levelId).level;
  } catch {
    return () => false;
  }
  if (!goldPath) return () => false;
  const text = (actions: readonly unknown[]) =>
    stableStringify(actions.map((a) => resolveAction(pack, level, a)));
  const gold = text(goldPath);
  return (actions) => actions.length === goldPath.length && text(actions) === gold;
}

function checkRun(
  pack: Pack,
  level: string,
  name: string,
  run: TraceRun,
  report: LevelReport,
): Mismatch | null {
  let session: Session;
  try {
    session = new Session(pack, level);
  } catch (error) {
    return {
      run: name,
      step: -1,
      action: null,
      what: "error",
      diff: [String(error instanceof Error ? error.message : error)],
    };
  }
  const first = jsonDiff(run.states[0], session.canonicalState());
  if (first.length > 0) return { run: name, step: -1, action: null, what: "state", diff: first };
  let eventsReported = false;
  for (let i = 0; i < run.actions.length; i++) {
    const action = run.actions[i] as GameAction;
    let result: ReturnType<Session["act"]>;
    try {
      result = session.act(action);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      return { run: name, step: i, action, what: "error", diff: message.split("\n").slice(0, 6) };
    }
    if (result.accepted !== run.accepted[i]) {
      return {
        run: name,
        step: i,
        action,
        what: "accepted",
        diff: [
          `expected accepted=${run.accepted[i]}, got ${result.accepted}${result.reason ? ` (${result.reason})` : ""}`,
        ],
      };
    }
    const diff = jsonDiff(run.states[i + 1], session.canonicalState());
    if (diff.length > 0) return { run: name, step: i, action, what: "state", diff };
    const expectedEvents = run.eventTypes[i] ?? [];
    const actualEvents = result.events.map((e) => e.type);
    if (!eventsReported && stableStringify(expectedEvents) !== stableStringify(actualEvents)) {
      report.eventMismatches.push({ run: name, step: i, expected: expectedEvents, actual: actualEvents });
      eventsReported = true;
    }
  }
  if (name === "gold") report.goldWon = session.won;
  return null;
}

/** How {@link levelPasses} judges a level. */
export interface PassOptions {
  /**
   * Whether the level's gold path must be in the trace: as a `gold` run whose replay ends in a win, or,
   * in a mutant's trace (its gold path need not win), as a walk (`goldWalked`). `false` judges states
   * and event types alone.
   */
  requireGold: boolean;
}

/**
 * The conformance rule: a level passes when its trace has runs, every run matches state by state, every
 * step reports the reference's event types and, with `requireGold`, the trace has a gold run that wins
 * or, lacking one, replays the gold path as a walk (a trace with neither fails).
 */
export function levelPasses(report: LevelReport, options: PassOptions): boolean {
  return (
    report.runs > 0 &&
    report.runsMatched === report.runs &&
    report.eventMismatches.length === 0 &&
    (!options.requireGold || report.goldWon === true || (report.goldWon === null && report.goldWalked))
  );
}

/** Formats a level report for humans: a summary line, then the first mismatch of each failing run. */
export function formatLevelReport(report: LevelReport): string {
  const lines = [`${report.pack}/${report.level}: ${report.runsMatched}/${report.runs} runs match`];
  for (const m of report.mismatches) {
    const at = m.step < 0 ? "after loading" : `at step ${m.step} (${JSON.stringify(m.action)})`;
    lines.push(`  ${m.run}: ${m.what} differs ${at}`);
    for (const d of m.diff) lines.push(`    ${d}`);
  }
  return lines.join("\n");
}
