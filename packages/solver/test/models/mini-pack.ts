import { join } from "node:path";
import { loadPack, type Pack } from "@gridponder/engine";
import type { PackFiles } from "@gridponder/schema";
import { readPackFolder } from "@gridponder/schema/node";

const MINI = join(import.meta.dirname, "../../../schema/test/fixtures/valid/mini");

/** A goal no turn meets, so a test level plays on as long as the test likes. */
export const NEVER_WON = {
  goals: [
    { id: "never", type: "variable_threshold", config: { variable: "never", comparison: "gte", target: 1 } },
  ],
  solution: { goldPath: [] },
};

/**
 * A pack of one game and its levels, written in the test (the schema's `mini` fixture lends the
 * manifest and cover); throws with the diagnostics when it does not load.
 */
export async function miniPack(game: Record<string, unknown>, levels: { id: string }[]): Promise<Pack> {
  const base = await readPackFolder(MINI);
  const files: PackFiles = {
    "manifest.json": base["manifest.json"] ?? "",
    "assets/cover.png": base["assets/cover.png"] ?? "",
    "game.json": JSON.stringify({
      ...game,
      levelSequence: levels.map((l) => ({ type: "level", ref: l.id })),
    }),
  };
  for (const level of levels) files[`levels/${level.id}.json`] = JSON.stringify(level);
  const loaded = loadPack(files);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.pack;
}
