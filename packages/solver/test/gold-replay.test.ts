import { join } from "node:path";
import { type Pack, Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { describe, expect, it } from "vitest";
import { replayGold } from "../src/gold.js";

const LANTERN = join(import.meta.dirname, "../../../packs/lantern-cellar");

async function load(dir: string): Promise<Pack> {
  const loaded = await loadPackFolder(dir);
  if (!loaded.ok) throw new Error(`${dir} must load`);
  return loaded.pack;
}

/** What a session (which keeps every state for undo) makes of the same gold path. */
function sessionReplay(pack: Pack, level: string) {
  const session = new Session(pack, level);
  let firstRejected: number | null = null;
  for (const [i, action] of (pack.levels[level]?.solution.goldPath ?? []).entries())
    if (!session.act(action).accepted && firstRejected === null) firstRejected = i;
  return { actions: session.actions, wins: session.won, firstRejected };
}

// The gold path is played forward without a session's undo history, which a gold path of millions
// of actions would fill; the answers must be a session's.
describe("replayGold", () => {
  it("answers as a session does, on winning gold paths and on one with rejected and extra steps", async () => {
    const pack = await load(LANTERN);
    for (const level of pack.levelOrder) expect(replayGold(pack, level)).toEqual(sessionReplay(pack, level));
    const def = pack.levels.lc02_storeroom;
    if (!def) throw new Error("lc02_storeroom must exist");
    const broken: Pack = {
      ...pack,
      levels: {
        ...pack.levels,
        lc02_storeroom: { ...def, solution: { goldPath: ["up", "jump", ...def.solution.goldPath, "left"] } },
      },
    };
    const replay = replayGold(broken, "lc02_storeroom");
    expect(replay).toEqual(sessionReplay(broken, "lc02_storeroom"));
    expect(replay.firstRejected).toBe(1);
  });
});
