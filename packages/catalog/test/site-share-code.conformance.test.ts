import { Session } from "@gridponder/engine";
import { everyLevel } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { actionKey, decodeActions, encodeActions, type ShareAction } from "../src/client/share-code.js";

const keys = (actions: readonly ShareAction[] | null) => actions?.map(actionKey) ?? null;

describe("share codes", { timeout: 300_000 }, () => {
  it("round-trips every gold path of every corpus level, as the engine reports the actions", async () => {
    const levels = await everyLevel();
    expect(levels.length).toBeGreaterThan(50);
    for (const { loaded, levelId, session } of levels) {
      const gold = loaded.pack.levels[levelId]?.solution.goldPath ?? [];
      session.replay(gold);
      expect(session.won, `${loaded.name}/${levelId} gold path wins`).toBe(true);
      const actions = session.actions;
      const alphabet = new Session(loaded.pack, levelId).legalActions();
      const code = encodeActions(actions, alphabet);
      expect(code, `${loaded.name}/${levelId}`).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(keys(decodeActions(code, alphabet)), `${loaded.name}/${levelId}`).toEqual(keys(actions));
      const replayed = new Session(loaded.pack, levelId);
      replayed.replay(decodeActions(code, alphabet) as ShareAction[] as never);
      expect(replayed.won, `${loaded.name}/${levelId} replays to a win`).toBe(true);
    }
  });
});
