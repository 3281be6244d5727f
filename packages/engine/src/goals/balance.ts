import type { BalanceGoal, LoseCondition } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import type { ActorClaims, LevelRuntime, TurnContext } from "../contract/runtime.js";
import { counted } from "./define.js";
import { listWords } from "./words.js";

/**
 * Cells held per owner, in the order of the goal's distinct owners (`Wiring.distinct`), and the
 * claimable cells. Arrays, not maps: this is taken on every turn, on boards of a few cells.
 */
interface Tally {
  readonly owned: readonly number[];
  readonly claimable: number;
}

/** What a balance goal reads, resolved once per goal (goal objects belong to one pack). */
interface Wiring {
  readonly layer: number;
  readonly claimLayer: number;
  readonly claimKinds: readonly string[];
  /** The goal's owners without repeats: a kind listed twice still holds its cells once. */
  readonly distinct: readonly string[];
  /** For each owner as listed, its place in `distinct`. */
  readonly slots: readonly number[];
}
const wirings = new WeakMap<BalanceGoal, Wiring>();
// The goal last wired: a level has one balance goal, read several times a turn, and a WeakMap lookup
// on every read is measurable.
let lastWired: BalanceGoal | null = null;
let lastWiring: Wiring | null = null;

function wiringOf(ctx: TurnContext, goal: BalanceGoal): Wiring {
  if (goal === lastWired && lastWiring !== null) return lastWiring;
  let wiring = wirings.get(goal);
  if (wiring === undefined) {
    const { pack } = ctx;
    const c = goal.config;
    const claimLayerId = c.claimableLayer ?? "ground";
    const distinct = [...new Set(c.owners)];
    wiring = {
      layer: pack.layerIndex.get(c.layer) ?? -1,
      claimLayer: pack.layerIndex.get(claimLayerId) ?? -1,
      claimKinds:
        c.claimableKind === undefined
          ? [pack.game.layers.find((l) => l.id === claimLayerId)?.default ?? "empty"]
          : Array.isArray(c.claimableKind)
            ? c.claimableKind
            : [c.claimableKind],
      distinct,
      slots: c.owners.map((o) => distinct.indexOf(o)),
    };
    wirings.set(goal, wiring);
  }
  lastWired = goal;
  lastWiring = wiring;
  return wiring;
}

// The last tally, and the goal, draft and write count it was taken at: the goal and its lose
// conditions both need it after the same turn.
let lastTally: Tally | null = null;
let lastGoal: BalanceGoal | null = null;
let lastDraft: TurnContext["draft"] | null = null;
let lastVersion = -1;
// The last tally of layers a turn left as they were (committed layers never change): most turns of a
// search (selecting an actor, a blocked step) share both layers with the state they came from.
let sharedTally: Tally | null = null;
let sharedGoal: BalanceGoal | null = null;
let sharedClaimCells: readonly unknown[] | null = null;
let sharedMarkCells: readonly unknown[] | null = null;

function tally(ctx: TurnContext, goal: BalanceGoal): Tally {
  const { draft } = ctx;
  // A draft's layers change only through `Draft.set`, which bumps `version`.
  if (lastTally !== null && goal === lastGoal && draft === lastDraft && draft.version === lastVersion)
    return lastTally;
  const { layer, claimLayer, claimKinds, distinct } = wiringOf(ctx, goal);
  const claimCells = claimLayer >= 0 ? draft.layerCells(claimLayer) : [];
  const markCells = layer >= 0 ? draft.layerCells(layer) : [];
  const shared = !draft.ownsLayer(claimLayer) && !draft.ownsLayer(layer);
  let result: Tally;
  if (
    shared &&
    sharedTally !== null &&
    goal === sharedGoal &&
    sharedClaimCells === claimCells &&
    sharedMarkCells === markCells
  ) {
    result = sharedTally;
  } else {
    const owned: number[] = new Array(distinct.length).fill(0);
    let claimable = 0;
    const oneKind = claimKinds.length === 1 ? claimKinds[0] : undefined;
    for (let i = 0; i < claimCells.length; i++) {
      const ground = claimCells[i];
      if (!ground) continue;
      if (oneKind !== undefined ? ground.kind === oneKind : claimKinds.includes(ground.kind)) claimable++;
    }
    for (let i = 0; i < markCells.length; i++) {
      const mark = markCells[i];
      if (!mark) continue;
      const slot = distinct.indexOf(mark.kind);
      if (slot >= 0) owned[slot] = (owned[slot] as number) + 1;
    }
    result = { owned, claimable };
    if (shared) {
      sharedTally = result;
      sharedGoal = goal;
      sharedClaimCells = claimCells;
      sharedMarkCells = markCells;
    }
  }
  lastTally = result;
  lastGoal = goal;
  lastDraft = draft;
  lastVersion = draft.version;
  return result;
}

function connectedCount(ctx: TurnContext, layer: number, goal: BalanceGoal, owner: string): number {
  const { draft } = ctx;
  const source = own(goal.config.connectionSources, owner);
  if (!source || draft.get(layer, source[0], source[1])?.kind !== owner) return 0;
  // A flood over cell indices with a typed visited table: this runs for every owner on every turn.
  const { width, height } = draft;
  const cells = draft.layerCells(layer);
  const seen = new Uint8Array(width * height);
  const start = source[1] * width + source[0];
  const stack = [start];
  seen[start] = 1;
  let count = 1;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % width;
    const y = (i - x) / width;
    for (let d = 0; d < 4; d++) {
      const nx = d === 2 ? x - 1 : d === 3 ? x + 1 : x;
      const ny = d === 0 ? y - 1 : d === 1 ? y + 1 : y;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const j = ny * width + nx;
      if (seen[j] === 1 || cells[j]?.kind !== owner) continue;
      seen[j] = 1;
      count++;
      stack.push(j);
    }
  }
  return count;
}

/** Whether territory is shared as the goal asks, and the owned (or source-connected) share of claimable cells. */
export function balanceStatus(ctx: TurnContext, goal: BalanceGoal): { done: boolean; progress: number } {
  const c = goal.config;
  const { owned, claimable } = tally(ctx, goal);
  let total = 0;
  let equal = true;
  for (let i = 0; i < owned.length; i++) {
    const n = owned[i] as number;
    total += n;
    if (n !== owned[0]) equal = false;
  }
  const complete = total === claimable;
  let connected = true;
  let connectedTotal = 0;
  if (c.requireConnected) {
    const { layer, slots } = wiringOf(ctx, goal);
    for (let i = 0; i < c.owners.length; i++) {
      const n = connectedCount(ctx, layer, goal, c.owners[i] as string);
      connectedTotal += n;
      if (n !== owned[slots[i] as number]) connected = false;
    }
  }
  const done =
    total > 0 &&
    (equal || c.requireEqual === false) &&
    (complete || c.requireComplete === false) &&
    (connected || c.requireConnected !== true);
  const progress = claimable === 0 ? 0 : (c.requireConnected ? connectedTotal : total) / claimable;
  return { done, progress };
}

/** Where the moves left to an owner's actors are read: a system's budget variable and its budgets. */
interface BudgetSource {
  readonly budgetVariable: string;
  readonly budgets: Readonly<Record<string, number>>;
  /** The actor kinds with a budget whose claims paint the owner. */
  readonly actors: readonly string[];
}

/** A cell tag that lets claimed cells be repainted, on the layer it must be found on. */
interface RepaintTag {
  readonly layer: number;
  readonly tag: string;
}

/** What a balance lose condition reads, resolved once per condition and level. */
interface LoseWiring {
  readonly level: LevelRuntime;
  readonly goal: BalanceGoal | null;
  /** Whether an enabled actor system repaints claimed cells on any board (`always`). */
  readonly alwaysRepaints: boolean;
  /** The tags that let a `tagged` policy repaint, when a cell carries one. */
  readonly repaintTags: readonly RepaintTag[];
  /** For each owner as listed, where its actors' moves left are read; empty when none are wired. */
  readonly budgetSources: readonly (readonly BudgetSource[])[];
}

const loseWirings = new WeakMap<LoseCondition, LoseWiring>();
let lastCondition: LoseCondition | null = null;
let lastLoseWiring: LoseWiring | null = null;

function loseWiringOf(ctx: TurnContext, condition: LoseCondition): LoseWiring {
  const { level } = ctx;
  if (condition === lastCondition && lastLoseWiring !== null && lastLoseWiring.level === level)
    return lastLoseWiring;
  let wiring = loseWirings.get(condition);
  if (wiring === undefined || wiring.level !== level) {
    wiring = wireLose(ctx, condition);
    loseWirings.set(condition, wiring);
  }
  lastCondition = condition;
  lastLoseWiring = wiring;
  return wiring;
}

function wireLose(ctx: TurnContext, condition: LoseCondition): LoseWiring {
  const { level, pack } = ctx;
  const goalId = (condition.config as { goalId?: string } | undefined)?.goalId;
  const goal =
    level.goals.find(
      (g): g is BalanceGoal => g.type === "balance" && (goalId === undefined || g.id === goalId),
    ) ?? null;
  // The enabled actor systems of the level, with what the conditions need from their configs.
  const systems: ActorClaims[] = level.systems.flatMap((s) =>
    s.behaviour.actorClaims ? [s.behaviour.actorClaims(s.config as never)] : [],
  );
  let alwaysRepaints = false;
  const repaintTags: RepaintTag[] = [];
  for (const { claim, groundLayer } of systems) {
    const mode = claim?.overwrite?.mode ?? "never";
    if (mode === "always") alwaysRepaints = true;
    if (mode !== "tagged" || claim?.overwrite?.tag === undefined) continue;
    const li = pack.layerIndex.get(claim.overwrite.layer ?? groundLayer);
    if (li !== undefined) repaintTags.push({ layer: li, tag: claim.overwrite.tag });
  }
  const budgetSources = (goal?.config.owners ?? []).map((owner) => {
    const sources: BudgetSource[] = [];
    for (const s of systems) {
      const { budgets, claim } = s;
      if (!budgets || !claim) continue;
      const actors = Object.entries(claim.map)
        .filter(([actor, mark]) => mark === owner && Object.hasOwn(budgets, actor))
        .map(([actor]) => actor);
      if (actors.length > 0) sources.push({ budgetVariable: s.budgetVariable, budgets, actors });
    }
    return sources;
  });
  return { level, goal, alwaysRepaints, repaintTags, budgetSources };
}

/**
 * Whether claimed cells can still change hands on this board: an `always` policy, or a `tagged` one
 * with a tagged cell present. Then an owner past its share is not lost for good.
 */
function repaintable(ctx: TurnContext, wiring: LoseWiring): boolean {
  if (wiring.alwaysRepaints) return true;
  for (const { layer, tag } of wiring.repaintTags) {
    const cells = ctx.draft.layerCells(layer);
    for (let i = 0; i < cells.length; i++) if (cells[i]?.info.tags.has(tag)) return true;
  }
  return false;
}

/** Moves left to the actors whose claims paint an owner; `null` when no budgets are wired to it. */
function movesLeft(ctx: TurnContext, sources: readonly BudgetSource[]): number | null {
  if (sources.length === 0) return null;
  let total = 0;
  for (const { budgetVariable, budgets, actors } of sources) {
    const live = own(ctx.draft.variables, budgetVariable) as unknown;
    const remaining = live !== null && typeof live === "object" ? (live as Record<string, number>) : budgets;
    for (const actor of actors) total += own(remaining, actor) ?? 0;
  }
  return total;
}

/** Whether an owner holds more than `share` cells. */
function overShare(owned: readonly number[], share: number): boolean {
  for (let i = 0; i < owned.length; i++) if ((owned[i] as number) > share) return true;
  return false;
}

/**
 * The balance lose conditions: equal shares have become impossible. Both fail when the claimable cells
 * do not divide evenly among the owners (whatever budgets are wired) and when an owner holds more than
 * its share (unless cells can be repainted on this board); `balance_budget_exhausted` also when an owner
 * needs more cells than its actors have moves left.
 */
export function balanceLose(ctx: TurnContext, condition: LoseCondition): boolean {
  const wiring = loseWiringOf(ctx, condition);
  const { goal } = wiring;
  if (!goal) return false;
  const { owned, claimable } = tally(ctx, goal);
  const owners = goal.config.owners.length;
  if (owners === 0) return false;
  // Claimable cells that do not divide evenly end both conditions at once (fuzz: `ia_001` with a wall).
  if (claimable % owners !== 0) return true;
  const share = claimable / owners;
  if (condition.type === "balance_unreachable") {
    return !repaintable(ctx, wiring) && overShare(owned, share);
  }
  const { budgetSources } = wiring;
  let wired = false;
  for (const sources of budgetSources) if (sources.length > 0) wired = true;
  if (!wired) return false;
  if (!repaintable(ctx, wiring) && overShare(owned, share)) return true;
  const { slots } = wiringOf(ctx, goal);
  for (let i = 0; i < owners; i++) {
    const left = movesLeft(ctx, budgetSources[i] as readonly BudgetSource[]);
    if (left !== null && left < share - (owned[slots[i] as number] as number)) return true;
  }
  return false;
}

/** `balance`: the owners hold equal shares of the claimable cells. */
export const balanceGoal = counted("balance", (_pack, g) => (ctx) => balanceStatus(ctx, g), {
  describe: (g, words) => {
    const owners = g.config.owners.map((o) => words.kind(o));
    const connected = g.config.requireConnected ? " in connected regions" : "";
    return `Share the board equally between ${listWords(owners)}${connected}`;
  },
});
