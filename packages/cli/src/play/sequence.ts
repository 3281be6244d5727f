import type { Pack } from "@gridponder/engine";

/** One screen of the game's progression. */
export type Entry = { type: "level"; id: string } | { type: "story"; title?: string; text?: string };

/**
 * The game's `levelSequence` with its story screens, followed by any level files the sequence does not
 * name (they are still playable, as the engine's `levelOrder` has them).
 */
export function playSequence(pack: Pack): Entry[] {
  const entries: Entry[] = [];
  const named = new Set<string>();
  for (const e of pack.game.levelSequence) {
    if (e.type === "story") {
      entries.push({
        type: "story",
        ...(e.title === undefined ? {} : { title: e.title }),
        ...(e.text === undefined ? {} : { text: e.text }),
      });
    } else if (Object.hasOwn(pack.levels, e.ref)) {
      entries.push({ type: "level", id: e.ref });
      named.add(e.ref);
    }
  }
  for (const id of pack.levelOrder) if (!named.has(id)) entries.push({ type: "level", id });
  return entries;
}
