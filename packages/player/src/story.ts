import type { GameDefinition, LevelSequenceStory } from "@gridponder/schema";

/** The story screens shown before a level: the run of `story` entries right before it in the sequence. */
export function storiesBefore(game: GameDefinition, levelId: string): LevelSequenceStory[] {
  const sequence = game.levelSequence;
  const at = sequence.findIndex((e) => e.type === "level" && e.ref === levelId);
  const out: LevelSequenceStory[] = [];
  for (let i = at - 1; i >= 0; i--) {
    const entry = sequence[i];
    if (entry?.type !== "story") break;
    out.unshift(entry);
  }
  return out;
}

/** The level after `levelId` in play order, or `null` after the last. */
export function nextLevel(levelOrder: readonly string[], levelId: string): string | null {
  const i = levelOrder.indexOf(levelId);
  return i >= 0 && i + 1 < levelOrder.length ? (levelOrder[i + 1] ?? null) : null;
}
