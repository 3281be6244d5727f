/**
 * The HUD: title, goals with progress and player-facing text, actions used against the limit, the
 * carried item, variables, win/lose status, undo/redo and hint availability.
 * @module
 */
import {
  type ActionInput,
  type GoalDefinition,
  type GoalEntry,
  type LevelRuntime,
  type LoseConditionDefinition,
  type LoseConditionEntry,
  type Pack,
  type Session,
  stableStringify,
} from "@gridponder/engine";
import { expandGoldPathStep, type Goal, type LoseCondition, own, type ScalarValue } from "@gridponder/schema";
import { appearanceOf } from "./appearance.js";
import type { ViewContext } from "./context.js";
import { displayName, humanize } from "./names.js";
import type { GoalView, Hud } from "./types.js";

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

const COMPARISON_WORDS = { gte: "at least", lte: "at most", eq: "exactly" } as const;

function lineScope(scope: string, index: number | undefined): { every: string; one: string } {
  switch (scope) {
    case "all_rows":
      return { every: "every row", one: "each row" };
    case "all_cols":
      return { every: "every column", one: "each column" };
    case "row":
      return { every: `row ${(index ?? 0) + 1}`, one: `row ${(index ?? 0) + 1}` };
    default:
      return { every: `column ${(index ?? 0) + 1}`, one: `column ${(index ?? 0) + 1}` };
  }
}

function predicateWords(predicate: string): string {
  if (predicate === "even") return "even numbers";
  if (predicate === "odd") return "odd numbers";
  const m = /^(eq|gte|lte|gt|lt)_(-?\d+)$/.exec(predicate);
  if (!m) return `numbers matching ${predicate}`;
  const words: Record<string, string> = {
    eq: "equal to",
    gte: "of at least",
    lte: "of at most",
    gt: "greater than",
    lt: "less than",
  };
  return `numbers ${words[m[1] as string]} ${m[2]}`;
}

/** A sentence for a goal without text of its own, from its type and config. */
export function goalSentence(ctx: ViewContext, goal: Goal): string {
  const name = (kind: string) => displayName(ctx.pack, kind);
  const tagged = (tag: string) =>
    [...ctx.pack.kinds.values()].filter((k) => k.tags.has(tag)).map((k) => name(k.name));
  switch (goal.type) {
    case "reach_target": {
      const { targetKind, targetTag } = goal.config;
      if (targetKind) return `Reach the ${name(targetKind)}`;
      const kinds = tagged(targetTag ?? "");
      if (kinds.length === 1) return `Reach the ${kinds[0]}`;
      return `Reach a ${kinds.length > 1 ? kinds.join(" or ") : humanize(targetTag ?? "target").toLowerCase()}`;
    }
    case "sequence_match": {
      const seq = goal.config.sequence.map(String).join(", ");
      return goal.config.matchBy === "collected_by_avatar"
        ? `Collect ${seq} in this order`
        : `Make ${seq} in this order`;
    }
    case "board_match":
      return "Match the target pattern";
    case "variable_threshold": {
      const { variable, target, comparison } = goal.config;
      return `Get ${humanize(variable).toLowerCase()} to ${COMPARISON_WORDS[comparison ?? "gte"]} ${target}`;
    }
    case "all_cleared": {
      const { kind, tag } = goal.config;
      if (kind) return `Clear every ${name(kind)}`;
      const kinds = tagged(tag ?? "");
      if (kinds.length > 0) return `Clear every ${kinds.join(" and every ")}`;
      return `Clear everything tagged ${humanize(tag ?? "target").toLowerCase()}`;
    }
    case "sum_constraint": {
      const { scope, index, target, comparison } = goal.config;
      const where = lineScope(scope, index).every;
      const cmp = comparison ?? "eq";
      return cmp === "eq"
        ? `Make ${where} add up to ${target}`
        : `Make ${where} add up to ${COMPARISON_WORDS[cmp]} ${target}`;
    }
    case "count_constraint": {
      const { scope, index, target, comparison, predicate } = goal.config;
      const where = lineScope(scope, index).one;
      return `Give ${where} ${COMPARISON_WORDS[comparison ?? "eq"]} ${target} ${predicateWords(predicate)}`;
    }
    case "param_match": {
      const { markerKind, checkKind, checkParam, checkValue } = goal.config;
      return `Put a ${name(checkKind)} with ${humanize(checkParam).toLowerCase()} ${JSON.stringify(checkValue)} on every ${name(markerKind)}`;
    }
    case "balance": {
      const owners = goal.config.owners.map(name);
      const connected = goal.config.requireConnected ? " in connected regions" : "";
      return `Share the board equally between ${list(owners)}${connected}`;
    }
    default:
      return humanize((goal as { type: string }).type);
  }
}

/** A goal's player-facing text: its `display.text`, the game's `goalDescriptions`, else generated. */
export function goalText(ctx: ViewContext, goal: Goal): string {
  const text = goal.display?.text;
  if (text) return text;
  const described = own(ctx.pack.game.goalDescriptions, goal.id);
  if (described) return described;
  return goalSentence(ctx, goal);
}

/** A sentence telling the player why the level was lost. */
function loseSentence(condition: LoseCondition): string {
  switch (condition.type) {
    case "max_actions":
      return `Out of moves: this level allows ${condition.config.limit} actions.`;
    case "variable_threshold": {
      const { variable, target, comparison } = condition.config;
      return `${humanize(variable)} reached ${COMPARISON_WORDS[comparison ?? "gte"]} ${target}.`;
    }
    case "balance_budget_exhausted":
      return "The actors have too few moves left to share the board equally.";
    case "balance_unreachable":
      return "The board can no longer be shared equally.";
    default:
      return "The level was lost.";
  }
}

/** The lose condition a state's `loseReason` names (its id, else its type). */
function loseConditionOf(level: LevelRuntime, reason: string): LoseCondition | undefined {
  return (
    level.loseConditions.find((c) => c.id === reason) ?? level.loseConditions.find((c) => c.type === reason)
  );
}

/** The variables players see: those the level starts with and those its goals and lose conditions read. */
type LoseDefinition = LoseConditionDefinition<LoseConditionEntry>;

function shownVariables(pack: Pack, level: LevelRuntime): string[] {
  const names = new Set(Object.keys(level.def.state.variables ?? {}));
  const { goals, loseConditions } = pack.registry;
  for (const g of level.goals)
    for (const name of (goals.get(g.type) as GoalDefinition<GoalEntry> | undefined)?.variablesRead?.(g) ?? [])
      names.add(name);
  for (const c of level.loseConditions)
    for (const name of (loseConditions.get(c.type) as LoseDefinition | undefined)?.variablesRead?.(c) ?? [])
      names.add(name);
  return [...names];
}

function variableText(value: ScalarValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") return null;
  return String(value);
}

/** The gold path's actions in full form. */
export function goldActions(level: LevelRuntime): ActionInput[] {
  return level.def.solution.goldPath.map((s) => expandGoldPathStep(s) as ActionInput);
}

/** Whether the played actions are the first actions of the gold path. */
export function followsGoldPath(level: LevelRuntime, played: readonly ActionInput[]): boolean {
  const gold = goldActions(level);
  if (played.length > gold.length) return false;
  return played.every((a, i) => stableStringify(a) === stableStringify(gold[i]));
}

/** A level's hint stops, in order. */
function sortedHintStops(level: LevelRuntime): number[] {
  return [...(level.def.solution.hintStops ?? [])].sort((a, b) => a - b);
}

/** Where a hint played from gold-path index `from` stops: the next hint stop, else the path's end. */
export function nextHintStop(level: LevelRuntime, from: number): number {
  return sortedHintStops(level).find((s) => s > from) ?? level.def.solution.goldPath.length;
}

/** The HUD of a session's current state. */
export function buildHud(ctx: ViewContext, session: Session): Hud {
  const { level, state } = session;
  const def = level.def;
  const ui = ctx.pack.game.ui ?? {};
  const progress = new Map(session.goalProgress().map((g) => [g.id, g]));
  const goals: GoalView[] =
    ui.showGoal === false
      ? []
      : level.goals.map((g) => {
          const status = progress.get(g.id);
          return {
            id: g.id,
            type: g.type,
            text: goalText(ctx, g),
            done: status?.done ?? false,
            progress: status ? Math.min(1, Math.max(0, status.progress)) : 0,
          };
        });
  let maxActions: number | null = null;
  for (const c of level.loseConditions) {
    const limit = (ctx.pack.registry.loseConditions.get(c.type) as LoseDefinition | undefined)?.actionLimit?.(
      c,
    );
    if (typeof limit === "number") maxActions = maxActions === null ? limit : Math.min(maxActions, limit);
  }
  const played = session.actions;
  const stops = sortedHintStops(level);
  const goldLength = def.solution.goldPath.length;
  const finished = state.won || state.lost;
  const available = !state.won && (stops.length > 0 || goldLength > 0);
  let nextStop: number | null = null;
  if (available) {
    // Off the gold path, a hint starts over from the beginning, so its first stop is the next one.
    const from = !finished && followsGoldPath(level, played) ? played.length : 0;
    nextStop = nextHintStop(level, from);
  }
  const loseCondition = state.lost && state.loseReason ? loseConditionOf(level, state.loseReason) : undefined;
  const item = state.avatar.item;
  return {
    levelId: level.id,
    title: def.title ?? level.id,
    guide: ui.showGuide ? (def.guide ?? null) : null,
    goals,
    actionsUsed: state.actionCount,
    maxActions,
    inventory: item
      ? { kind: item, name: displayName(ctx.pack, item), appearance: appearanceOf(ctx, item, null) }
      : null,
    variables: shownVariables(ctx.pack, level).flatMap((name) => {
      const value = variableText(own(state.variables, name));
      return value === null ? [] : [{ name, label: humanize(name), value }];
    }),
    status: state.won ? "won" : state.lost ? "lost" : "playing",
    loseReason: state.lost ? state.loseReason : null,
    loseText: state.lost ? (loseCondition ? loseSentence(loseCondition) : "The level was lost.") : null,
    canUndo: session.canUndo,
    canRedo: session.canRedo,
    hint: { available, nextStop, stops },
    goldLength: goldLength > 0 ? goldLength : null,
  };
}
