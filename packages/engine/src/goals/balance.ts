import type { BalanceGoal, LoseCondition } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import type { ActorClaims, TurnContext } from "../contract/runtime.js";
import { counted } from "./define.js";
import { listWords } from "./words.js";

interface Tally {
  readonly owned: ReadonlyMap<string, number>;
  claimable: number;
}

/** What a balance goal reads, resolved once per goal (goal objects belong to one pack). */
interface Wiring {
  readonly layer: number;
  readonly claimLayer: number;
  readonly claimKinds: readonly string[];
}
const wirings = new WeakMap<BalanceGoal, Wiring>();

function wiringOf(ctx: TurnContext, goal: BalanceGoal): Wiring {
  let wiring = wirings.get(goal);
  if (wiring === undefined) {
    const { pack } = ctx;
    const c = goal.config;
    const claimLayerId = c.claimableLayer ?? "ground";
    wiring = {
      layer: pack.layerIndex.get(c.layer) ?? -1,
      claimLayer: pack.layerIndex.get(claimLayerId) ?? -1,
      claimKinds:
        c.claimableKind === undefined
          ? [pack.game.layers.find((l) => l.id === claimLayerId)?.default ?? "empty"]
          : Array.isArray(c.claimableKind)
            ? c.claimableKind
            : [c.claimableKind],
    };
    wirings.set(goal, wiring);
  }
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
let sharedCells: readonly [readonly unknown[], readonly unknown[]] | null = null;

function tally(ctx: TurnContext, goal: BalanceGoal): Tally {
  const { draft } = ctx;
  // A draft's layers change only through `Draft.set`, which bumps `version`.
  if (lastTally !== null && goal === lastGoal && draft === lastDraft && draft.version === lastVersion)
    return lastTally;
  const { layer, claimLayer, claimKinds } = wiringOf(ctx, goal);
  const claimCells = claimLayer >= 0 ? draft.layerCells(claimLayer) : [];
  const markCells = layer >= 0 ? draft.layerCells(layer) : [];
  const shared = !draft.ownsLayer(claimLayer) && !draft.ownsLayer(layer);
  let result: Tally;
  if (
    shared &&
    sharedTally !== null &&
    goal === sharedGoal &&
    sharedCells?.[0] === claimCells &&
    sharedCells[1] === markCells
  ) {
    result = sharedTally;
  } else {
    const owned = new Map<string, number>();
    for (const o of goal.config.owners) owned.set(o, 0);
    let claimable = 0;
    for (const ground of claimCells) if (ground && claimKinds.includes(ground.kind)) claimable++;
    for (const mark of markCells) {
      if (!mark) continue;
      const n = owned.get(mark.kind);
      if (n !== undefined) owned.set(mark.kind, n + 1);
    }
    result = { owned, claimable };
    if (shared) {
      sharedTally = result;
      sharedGoal = goal;
      sharedCells = [claimCells, markCells];
    }
  }
  lastTally = result;
  lastGoal = goal;
  lastDraft = draft;
  lastVersion = draft.version;
  return result;
}

function connectedCount(ctx: TurnContext, goal: BalanceGoal, owner: string): number {
  const { draft } = ctx;
  const { layer } = wiringOf(ctx, goal);
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
  let first: number | null = null;
  for (const n of owned.values()) {
    total += n;
    if (first === null) first = n;
    else if (n !== first) equal = false;
  }
  const complete = total === claimable;
  let connected = true;
  let connectedTotal = 0;
  if (c.requireConnected) {
    for (const owner of c.owners) {
      const n = connectedCount(ctx, goal, owner);
      connectedTotal += n;
      if (n !== (owned.get(owner) ?? 0)) connected = false;
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

type ActorWiring = ActorClaims;

const actorWirings = new WeakMap<TurnContext["level"], readonly ActorWiring[]>();

/** The enabled actor systems of the level, with what the lose conditions need from their configs. */
function actorSystems(ctx: TurnContext): readonly ActorWiring[] {
  let wired = actorWirings.get(ctx.level);
  if (wired === undefined) {
    wired = wireActors(ctx);
    actorWirings.set(ctx.level, wired);
  }
  return wired;
}

function wireActors(ctx: TurnContext): ActorWiring[] {
  return ctx.level.systems.flatMap((s) =>
    s.behaviour.actorClaims ? [s.behaviour.actorClaims(s.config as never)] : [],
  );
}

/**
 * Whether claimed cells can still change hands on this board: an `always` policy, or a `tagged` one
 * with a tagged cell present. Then an owner past its share is not lost for good.
 */
function repaintable(ctx: TurnContext, systems: readonly ActorWiring[]): boolean {
  const { draft, pack } = ctx;
  return systems.some(({ claim, groundLayer }) => {
    const mode = claim?.overwrite?.mode ?? "never";
    if (mode === "always") return true;
    if (mode !== "tagged" || claim?.overwrite?.tag === undefined) return false;
    const tag = claim.overwrite.tag;
    const li = pack.layerIndex.get(claim.overwrite.layer ?? groundLayer);
    return li !== undefined && draft.layerCells(li).some((e) => e?.info.tags.has(tag));
  });
}

/** A claim map's entries (actor kind, mark kind), listed once per wiring rather than on every turn. */
const claimEntries = new WeakMap<ActorWiring, readonly (readonly [string, string])[]>();

function claimsOf(s: ActorWiring): readonly (readonly [string, string])[] {
  let entries = claimEntries.get(s);
  if (entries === undefined) {
    entries = s.claim ? Object.entries(s.claim.map) : [];
    claimEntries.set(s, entries);
  }
  return entries;
}

/** Moves left to the actors whose claims paint `owner`, or `null` when no budgets are wired to it. */
function movesLeft(ctx: TurnContext, systems: readonly ActorWiring[], owner: string): number | null {
  let total: number | null = null;
  for (const s of systems) {
    if (!s.budgets || !s.claim) continue;
    const live = own(ctx.draft.variables, s.budgetVariable) as unknown;
    const remaining =
      live !== null && typeof live === "object" ? (live as Record<string, number>) : s.budgets;
    for (const [actor, mark] of claimsOf(s)) {
      if (mark !== owner || !Object.hasOwn(s.budgets, actor)) continue;
      total = (total ?? 0) + (own(remaining, actor) ?? 0);
    }
  }
  return total;
}

/** Whether an owner holds more than `share` cells. */
function overShare(owned: ReadonlyMap<string, number>, share: number): boolean {
  for (const n of owned.values()) if (n > share) return true;
  return false;
}

/** The balance goal a lose condition watches, found once per condition (conditions belong to a level). */
const watchedGoals = new WeakMap<LoseCondition, BalanceGoal | null>();

function watchedGoal(ctx: TurnContext, condition: LoseCondition): BalanceGoal | null {
  let goal = watchedGoals.get(condition);
  if (goal === undefined) {
    const goalId = (condition.config as { goalId?: string } | undefined)?.goalId;
    goal =
      ctx.level.goals.find(
        (g): g is BalanceGoal => g.type === "balance" && (goalId === undefined || g.id === goalId),
      ) ?? null;
    watchedGoals.set(condition, goal);
  }
  return goal;
}

/**
 * The balance lose conditions: equal shares have become impossible. Both fail when the claimable cells
 * do not divide evenly among the owners (whatever budgets are wired) and when an owner holds more than
 * its share (unless cells can be repainted on this board); `balance_budget_exhausted` also when an owner
 * needs more cells than its actors have moves left.
 */
export function balanceLose(ctx: TurnContext, condition: LoseCondition): boolean {
  const goal = watchedGoal(ctx, condition);
  if (!goal) return false;
  const { owned, claimable } = tally(ctx, goal);
  const owners = goal.config.owners.length;
  if (owners === 0) return false;
  const systems = actorSystems(ctx);
  // Claimable cells that do not divide evenly end both conditions at once (fuzz: `ia_001` with a wall).
  if (claimable % owners !== 0) return true;
  const share = claimable / owners;
  if (condition.type === "balance_unreachable") {
    return !repaintable(ctx, systems) && overShare(owned, share);
  }
  const wired = goal.config.owners.map((o) => movesLeft(ctx, systems, o));
  if (wired.every((m) => m === null)) return false;
  if (!repaintable(ctx, systems) && overShare(owned, share)) return true;
  return goal.config.owners.some((o, i) => {
    const left = wired[i];
    return left !== null && left !== undefined && left < share - (owned.get(o) ?? 0);
  });
}

/** `balance`: the owners hold equal shares of the claimable cells. */
export const balanceGoal = counted("balance", (_pack, g) => (ctx) => balanceStatus(ctx, g), {
  describe: (g, words) => {
    const owners = g.config.owners.map((o) => words.kind(o));
    const connected = g.config.requireConnected ? " in connected regions" : "";
    return `Share the board equally between ${listWords(owners)}${connected}`;
  },
});
