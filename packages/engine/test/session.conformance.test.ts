import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { LevelLoadError, type Pack, Session, stableStringify } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";
import { PACKS } from "./corpus.js";

let pack: Pack;

beforeAll(async () => {
  const loaded = await loadPackFolder(join(PACKS, "carrot_quest"));
  if (!loaded.ok) throw new Error("carrot_quest must load");
  pack = loaded.pack;
});

const state = (s: Session) => stableStringify(s.canonicalState());

describe("Session", () => {
  it("rejects illegal actions as turns, without throwing or changing anything", () => {
    const s = new Session(pack, "fw_001");
    const before = state(s);
    for (const bad of [
      { action: "fly" },
      { action: "move" },
      { action: "move", direction: "sideways" },
      { action: "move", direction: "up", speed: 2 },
      null,
      42,
      "jump",
    ]) {
      const result = s.act(bad as never);
      expect(result.accepted).toBe(false);
      expect(result.reason).toBeTruthy();
      expect(result.events).toEqual([]);
    }
    expect(state(s)).toBe(before);
    expect(s.actionCount).toBe(0);
  });

  it("reports turn results with events, goal progress and the win", () => {
    const s = new Session(pack, "fw_001");
    const gold = pack.levels.fw_001?.solution.goldPath ?? [];
    let last = s.act(gold[0] as never);
    expect(last.accepted).toBe(true);
    expect(last.events.at(-1)?.type).toBe("turn_ended");
    expect(last.goalProgress.map((g) => g.id)).toEqual(pack.levels.fw_001?.goals.map((g) => g.id));
    for (const action of gold.slice(1)) last = s.act(action as never);
    expect(last.won).toBe(true);
    expect(last.goalProgress.every((g) => g.done && g.progress === 1)).toBe(true);
    const after = s.act({ action: "move", direction: "left" });
    expect(after.accepted).toBe(false);
    expect(after.reason).toMatch(/won/);
  });

  it("previews without committing, and resets to the initial state", () => {
    const s = new Session(pack, "fw_001");
    const initial = state(s);
    const preview = s.preview({ action: "move", direction: "down" });
    expect(preview.accepted).toBe(true);
    expect(state(s)).toBe(initial);
    s.act({ action: "move", direction: "down" });
    expect(state(s)).not.toBe(initial);
    s.reset();
    expect(state(s)).toBe(initial);
    expect(s.undo()).toBe(false);
  });

  it("checks an action object again on every turn, so changing it between turns cannot slip past", () => {
    const s = new Session(pack, "fw_001");
    const action: Record<string, unknown> = { action: "move", direction: "down" };
    expect(s.act(action as never).accepted).toBe(true);
    action.direction = "sideways";
    expect(s.act(action as never).accepted).toBe(false);
    action.direction = "up";
    action.speed = 2;
    expect(s.act(action as never).reason).toMatch(/no param "speed"/);
    delete action.speed;
    expect(s.act(action as never).accepted).toBe(true);
    expect(s.actions).toEqual([
      { action: "move", direction: "down" },
      { action: "move", direction: "up" },
    ]);
  });

  it("enumerates legal actions from the declared param types", () => {
    const s = new Session(pack, "fw_001");
    expect(s.legalActions()).toEqual([
      { action: "move", direction: "up" },
      { action: "move", direction: "down" },
      { action: "move", direction: "left" },
      { action: "move", direction: "right" },
    ]);
  });

  it("refuses an unknown level with the list of valid ids", () => {
    expect(() => new Session(pack, "fw_999")).toThrow(LevelLoadError);
    expect(() => new Session(pack, "fw_999")).toThrow(/fw_001/);
  });
});
