import { type ActionInput, Session } from "@gridponder/engine";
import { ownPack } from "@gridponder/test-corpus";
import { ViewController } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import { maxReplayActions, REPLAY_BUDGET, replayActions } from "../src/replay.js";

const LEVEL = "lc02_storeroom"; // 7×5

const zigzag = (n: number): ActionInput[] =>
  Array.from({ length: n }, (_, i) => ({ action: "move", direction: i % 2 === 0 ? "right" : "left" }));

describe("replaying actions when a level opens", () => {
  it("allows actions × board cells up to the budget, whatever the machine", () => {
    expect(REPLAY_BUDGET).toBe(2_000_000);
    expect(maxReplayActions(35)).toBe(57_142);
    expect(maxReplayActions(40 * 40)).toBe(1_250);
    expect(maxReplayActions(0)).toBe(REPLAY_BUDGET);
  });

  it("replays a link exactly at the budget, keeping no scene per action", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const limit = maxReplayActions(35);
    const actions = zigzag(limit);
    const controller = new ViewController(pack, LEVEL);
    expect(replayActions(controller, actions)).toEqual({
      played: limit,
      refused: null,
      limit,
      tooLong: false,
    });
    const expected = new Session(pack, LEVEL);
    expected.replay(actions);
    expect(controller.session.stateKey()).toBe(expected.stateKey());
    expect(controller.keptScenes).toBe(0);
  });

  it("replays nothing of one action over the budget: the level stays at its start", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const limit = maxReplayActions(35);
    const controller = new ViewController(pack, LEVEL);
    expect(replayActions(controller, zigzag(limit + 1))).toEqual({
      played: 0,
      refused: null,
      limit,
      tooLong: true,
    });
    expect(controller.session.actions).toEqual([]);
    expect(controller.session.stateKey()).toBe(new Session(pack, LEVEL).stateKey());
  });

  it("stops at the first refused action and says where", async () => {
    const { pack } = await ownPack("lantern-cellar");
    const gold = pack.levels[LEVEL]?.solution.goldPath ?? [];
    const won = new Session(pack, LEVEL);
    won.replay(gold);
    expect(won.won).toBe(true);
    const controller = new ViewController(pack, LEVEL);
    const report = replayActions(controller, [...won.actions, ...zigzag(3)]);
    expect(report).toEqual({
      played: won.actions.length,
      refused: won.actions.length,
      limit: 57_142,
      tooLong: false,
    });
    expect(controller.session.won).toBe(true);
    const fresh = new ViewController(pack, LEVEL);
    expect(replayActions(fresh, [{ action: "fly" }, ...zigzag(2)])).toMatchObject({ played: 0, refused: 0 });
    expect(fresh.session.actions).toEqual([]);
  });
});
