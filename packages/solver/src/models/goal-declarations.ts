import type {
  AvatarTarget,
  CellTarget,
  ClearedSelection,
  GoalDefinition,
  GoalEntry,
  GoalSearchDeclarations,
  LevelRuntime,
  LoseConditionDefinition,
  LoseConditionEntry,
  MarkerCheck,
  Pack,
} from "@gridponder/engine";

/**
 * What a level's goals and lose conditions declare for searches, read through the pack's registry:
 * the models know a goal only by these declarations, never by its type name.
 * @module
 */

type AnyGoal = LevelRuntime["goals"][number];
type AnyLose = LevelRuntime["loseConditions"][number];

/** What a goal's type declares for searches; `undefined` when it declares nothing. */
export function goalSearch(pack: Pack, goal: AnyGoal): GoalSearchDeclarations | undefined {
  return (pack.registry.goals.get(goal.type) as GoalDefinition<GoalEntry> | undefined)?.search;
}

/** Where the avatar must stand to meet the goal, or `null` (see `GoalSearchDeclarations.avatarTarget`). */
export function avatarTargetOf(pack: Pack, goal: AnyGoal): AvatarTarget | null {
  return goalSearch(pack, goal)?.avatarTarget?.(goal) ?? null;
}

/** The cells the goal names on the level's board (see `cellTargets`); `null` when it names none. */
export function cellTargetsOf(pack: Pack, level: LevelRuntime, goal: AnyGoal): readonly CellTarget[] | null {
  return goalSearch(pack, goal)?.cellTargets?.(goal, level.width, level.height) ?? null;
}

/** What the goal is met by clearing from the board, or `null` (see `clears`). */
export function clearsOf(pack: Pack, goal: AnyGoal): ClearedSelection | null {
  return goalSearch(pack, goal)?.clears?.(goal) ?? null;
}

/** The check the goal makes under its markers, or `null` (see `markerCheck`). */
export function markerCheckOf(pack: Pack, goal: AnyGoal): MarkerCheck | null {
  return goalSearch(pack, goal)?.markerCheck?.(goal) ?? null;
}

/** Whether a goal reads only what its config names (see `readsOnlyWhatConfigNames`). */
export function goalReadsOnlyItsConfig(pack: Pack, goal: AnyGoal): boolean {
  return goalSearch(pack, goal)?.readsOnlyWhatConfigNames === true;
}

function loseDefinition(pack: Pack, condition: AnyLose) {
  return pack.registry.loseConditions.get(condition.type) as
    | LoseConditionDefinition<LoseConditionEntry>
    | undefined;
}

/** Whether a lose condition reads only what its config names. */
export function loseReadsOnlyItsConfig(pack: Pack, condition: AnyLose): boolean {
  return loseDefinition(pack, condition)?.search?.readsOnlyWhatConfigNames === true;
}

/** The move limit a lose condition sets, or `null` (see `LoseConditionDefinition.actionLimit`). */
export function actionLimitOf(pack: Pack, condition: AnyLose): number | null {
  return loseDefinition(pack, condition)?.actionLimit?.(condition) ?? null;
}
