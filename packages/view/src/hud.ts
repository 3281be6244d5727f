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
  type PresentationWords,
  type Session,
  stableStringify,
} from "@gridponder/engine";
import { expandGoldPathStep, type Goal, type LoseCondition, own, type ScalarValue } from "@gridponder/schema";
import { appearanceOf } from "./appearance.js";
import type { ViewContext } from "./context.js";
import { displayName, humanize } from "./names.js";
import type { GoalView, Hud } from "./types.js";

/** How the view names things, for the sentences goal and lose condition types make. */
function wordsOf(ctx: ViewContext): PresentationWords {
  return {
    kind: (kind) => displayName(ctx.pack, kind),
    tagged: (tag) =>
      [...ctx.pack.kinds.values()].filter((k) => k.tags.has(tag)).map((k) => displayName(ctx.pack, k.name)),
    humanize,
  };
}

/** A sentence for a goal without text of its own, as its type says it (`GoalDefinition.describe`). */
export function goalSentence(ctx: ViewContext, goal: Goal): string {
  const definition = ctx.pack.registry.goals.get(goal.type) as GoalDefinition<GoalEntry> | undefined;
  return definition?.describe?.(goal, wordsOf(ctx)) ?? humanize(goal.type);
}

/** A goal's player-facing text: its `display.text`, the game's `goalDescriptions`, else generated. */
export function goalText(ctx: ViewContext, goal: Goal): string {
  const text = goal.display?.text;
  if (text) return text;
  const described = own(ctx.pack.game.goalDescriptions, goal.id);
  if (described) return described;
  return goalSentence(ctx, goal);
}

/** A sentence telling the player why the level was lost, as the condition's type says it. */
export function loseSentence(ctx: ViewContext, condition: LoseCondition): string {
  const definition = ctx.pack.registry.loseConditions.get(condition.type) as LoseDefinition | undefined;
  return definition?.describe?.(condition, wordsOf(ctx)) ?? "The level was lost.";
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

/**
 * The level's move limit: the lowest of the limits its lose conditions declare (`actionLimit`, as
 * `max_actions` does), or `null` when none sets one.
 */
export function actionLimit(pack: Pack, level: LevelRuntime): number | null {
  let lowest: number | null = null;
  for (const c of level.loseConditions) {
    const limit = (pack.registry.loseConditions.get(c.type) as LoseDefinition | undefined)?.actionLimit?.(c);
    if (typeof limit === "number") lowest = lowest === null ? limit : Math.min(lowest, limit);
  }
  return lowest;
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
  const maxActions = actionLimit(ctx.pack, level);
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
    loseText: state.lost ? (loseCondition ? loseSentence(ctx, loseCondition) : "The level was lost.") : null,
    canUndo: session.canUndo,
    canRedo: session.canRedo,
    hint: { available, nextStop, stops },
    goldLength: goldLength > 0 ? goldLength : null,
  };
}
