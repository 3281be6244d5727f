import { solveLevel } from "@gridponder/solver";
import type { PackSource } from "./pack-source.js";
import { type Mechanic, mechanicLabel, mechanicsOf, namesMechanic, withoutMechanic } from "./variants.js";

/**
 * What taking a mechanic out of a level does. `needed`: the level is proven unsolvable without it.
 * `helps`: still solvable, with a longer optimum. `optional`: solvable in as few actions without it.
 * `unknown`: the search without it hit a bound first, or the variant could not be built.
 */
export type MechanicVerdict = "needed" | "helps" | "optional" | "unknown";

export interface MechanicFinding extends Mechanic {
  readonly verdict: MechanicVerdict;
  /** The optimum without the mechanic, when proven. */
  readonly optimumWithout: number | null;
  /** Why the verdict is `unknown`: the bound hit, or why the variant could not be made. */
  readonly note: string | null;
}

/** Options of {@link mechanicsNeeded}. */
export interface MechanicsOptions {
  /** Only these mechanics (by id, or `kind:id`: see `namesMechanic`); all of the level's by default. */
  readonly only?: readonly string[];
  /** Time for each search without a mechanic, in milliseconds. Default 10,000. */
  readonly timeLimitMs?: number;
  /** States each search may keep. Default 2,000,000. */
  readonly maxStates?: number;
}

/**
 * For each system, action and rule of a level, whether the level is still solvable without it and its
 * optimum then: a proof of which mechanics the level really teaches. `optimum` is the level's own.
 */
export function mechanicsNeeded(
  source: PackSource,
  levelId: string,
  optimum: number | null,
  options: MechanicsOptions = {},
): MechanicFinding[] {
  const { only } = options;
  return mechanicsOf(source.pack, levelId)
    .filter((m) => only === undefined || only.some((name) => namesMechanic(name, m)))
    .map((mechanic) => judge(source, levelId, optimum, mechanic, options));
}

function judge(
  source: PackSource,
  levelId: string,
  optimum: number | null,
  mechanic: Mechanic,
  options: MechanicsOptions,
): MechanicFinding {
  const finding = (verdict: MechanicVerdict, optimumWithout: number | null, note: string | null) => ({
    ...mechanic,
    verdict,
    optimumWithout,
    note,
  });
  let pack: ReturnType<typeof withoutMechanic>;
  try {
    pack = withoutMechanic(source, levelId, mechanic);
  } catch (error) {
    return finding("unknown", null, `no variant without it: ${(error as Error).message}`);
  }
  const r = solveLevel(pack, levelId, {
    timeLimitMs: options.timeLimitMs ?? 10_000,
    maxStates: options.maxStates ?? 2_000_000,
    countLimit: 1,
  });
  if (r.status === "unsolvable") return finding("needed", null, null);
  if (r.status === "bounded") return finding("unknown", null, `search stopped by ${r.bound}`);
  const without = r.optimalLength ?? 0;
  return finding(optimum !== null && without > optimum ? "helps" : "optional", without, null);
}

/** A level's mechanics findings grouped for display, each named by `mechanicLabel`. */
export interface MechanicsSummary {
  /** Mechanics the level is proven unsolvable without. */
  readonly needed: readonly string[];
  /** Mechanics it is solvable without, in `extra` more actions. */
  readonly helps: readonly { readonly name: string; readonly extra: number }[];
  /** Mechanics whose search without them hit a bound. */
  readonly unknown: readonly string[];
}

/** Groups findings by verdict; `optimum` is the level's own (for how much longer it gets without one). */
export function summarizeMechanics(
  findings: readonly MechanicFinding[],
  optimum: number | null,
): MechanicsSummary {
  const name = (f: MechanicFinding) => mechanicLabel(f, findings);
  return {
    needed: findings.filter((f) => f.verdict === "needed").map(name),
    helps: findings
      .filter((f) => f.verdict === "helps")
      .map((f) => ({ name: name(f), extra: (f.optimumWithout ?? 0) - (optimum ?? 0) })),
    unknown: findings.filter((f) => f.verdict === "unknown").map(name),
  };
}
