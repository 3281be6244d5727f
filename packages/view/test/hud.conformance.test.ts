import { type ActionInput, Session } from "@gridponder/engine";
import { expandGoldPathStep, type Goal } from "@gridponder/schema";
import { describe, expect, it } from "vitest";
import { appearanceOf } from "../src/appearance.js";
import { buildHud, goalSentence, goalText } from "../src/hud.js";
import { corpusPack, ownPack } from "./corpus.js";

const gold = (session: Session) =>
  session.level.def.solution.goldPath.map((s) => expandGoldPathStep(s) as ActionInput);

describe("buildHud", () => {
  it("tracks goal progress and actions used along the gold path", async () => {
    const { pack, ctx } = await corpusPack("flood_colors");
    const session = new Session(pack, "fl_001");
    const start = buildHud(ctx, session);
    expect(start.levelId).toBe("fl_001");
    expect(start.title).toBe("First Splash");
    expect(start.actionsUsed).toBe(0);
    expect(start.maxActions).toBe(5);
    expect(start.status).toBe("playing");
    expect(start.goals.map((g) => g.id)).toEqual(["no_blue", "no_orange", "no_red", "no_yellow"]);
    expect(start.goals.every((g) => !g.done)).toBe(true);
    const path = gold(session);
    let previous = start.goals.reduce((sum, g) => sum + g.progress, 0);
    for (const [i, action] of path.entries()) {
      session.act(action);
      const hud = buildHud(ctx, session);
      expect(hud.actionsUsed).toBe(i + 1);
      const total = hud.goals.reduce((sum, g) => sum + g.progress, 0);
      // Flooding only ever removes colours, so progress never falls.
      expect(total).toBeGreaterThanOrEqual(previous);
      previous = total;
      for (const g of hud.goals) {
        expect(g.progress).toBeGreaterThanOrEqual(0);
        expect(g.progress).toBeLessThanOrEqual(1);
        if (g.done) expect(g.progress).toBe(1);
      }
    }
    const end = buildHud(ctx, session);
    expect(end.status).toBe("won");
    expect(end.goals.every((g) => g.done && g.progress === 1)).toBe(true);
    expect(end.hint.available).toBe(false);
  });

  it("reports undo and redo availability", async () => {
    const { pack, ctx } = await corpusPack("carrot_quest");
    const session = new Session(pack, "fw_001");
    expect([buildHud(ctx, session).canUndo, buildHud(ctx, session).canRedo]).toEqual([false, false]);
    session.act({ action: "move", direction: "down" });
    expect([buildHud(ctx, session).canUndo, buildHud(ctx, session).canRedo]).toEqual([true, false]);
    session.undo();
    expect([buildHud(ctx, session).canUndo, buildHud(ctx, session).canRedo]).toEqual([false, true]);
    session.redo();
    expect([buildHud(ctx, session).canUndo, buildHud(ctx, session).canRedo]).toEqual([true, false]);
  });

  it("says how far a hint goes: the next stop on the gold path, the first stop off it", async () => {
    const { pack, ctx } = await ownPack("lantern-cellar");
    const session = new Session(pack, "lc01_bottom_step");
    const hud = buildHud(ctx, session);
    expect(hud.hint).toEqual({ available: true, nextStop: 3, stops: [3, 7] });
    expect(hud.goldLength).toBe(session.level.def.solution.goldPath.length);
    const path = gold(session);
    session.replay(path.slice(0, 3));
    expect(buildHud(ctx, session).hint.nextStop).toBe(7);
    session.replay(path.slice(3, 7));
    // Past the last stop, a hint plays the rest of the gold path.
    expect(buildHud(ctx, session).hint.nextStop).toBe(path.length);
    session.reset();
    const off = session
      .legalActions()
      .find((a) => a.direction !== path[0]?.direction && session.preview(a).accepted) as ActionInput;
    expect(off).toBeDefined();
    session.act(off);
    // Off the gold path a hint starts over, so it goes to the first stop.
    expect(buildHud(ctx, session).hint.nextStop).toBe(3);
  });

  it("counts a hint as available from a gold path alone", async () => {
    const { pack, ctx } = await corpusPack("twinseed");
    const session = new Session(pack, "tw_001");
    expect(session.level.def.solution.hintStops ?? []).toEqual([]);
    expect(buildHud(ctx, session).hint).toEqual({ available: true, nextStop: 3, stops: [] });
  });

  it("explains a loss by its lose condition", async () => {
    const { pack, ctx } = await corpusPack("diagonal_swipes");
    const session = new Session(pack, "ds_004");
    const limit = buildHud(ctx, session).maxActions;
    expect(limit).toBe(12);
    // Moving the overlay back and forth always counts and never wins.
    for (let i = 0; i < 12; i++) {
      expect(buildHud(ctx, session).status).toBe("playing");
      session.act({ action: "move", direction: i % 2 === 0 ? "right" : "left" });
    }
    const hud = buildHud(ctx, session);
    expect(hud.status).toBe("lost");
    expect(hud.actionsUsed).toBe(12);
    expect(hud.loseReason).toBe("max_actions");
    expect(hud.loseText).toContain("12");
    // A lost level can still take a hint: it starts over from the first stop.
    expect(hud.hint.available).toBe(true);
    expect(hud.hint.nextStop).toBe(session.level.def.solution.hintStops?.[0]);
  });

  it("shows the inventory, the guide when the game asks for it, and the level's variables", async () => {
    const numbers = await corpusPack("number_cells");
    const nc = buildHud(numbers.ctx, new Session(numbers.pack, "nc_001"));
    expect(nc.guide).toMatch(/^Swipe to slide/);
    const carrot = await corpusPack("carrot_quest");
    expect(buildHud(carrot.ctx, new Session(carrot.pack, "fw_001")).guide).toBeNull();
    const sliding = await corpusPack("fx_sliding_blocks");
    expect(buildHud(sliding.ctx, new Session(sliding.pack, "sb_001")).variables).toEqual([
      { name: "escaped", label: "Escaped", value: "0" },
    ]);
    // Walk carrot_quest's gold paths until the avatar carries something.
    for (const id of carrot.pack.levelOrder) {
      const s = new Session(carrot.pack, id);
      for (const a of gold(s)) {
        s.act(a);
        if (s.state.avatar.item) {
          const hud = buildHud(carrot.ctx, s);
          expect(hud.inventory?.kind).toBe(s.state.avatar.item);
          expect(hud.inventory?.name).toBe(s.state.avatar.item);
          expect(hud.inventory?.appearance).toBe(appearanceOf(carrot.ctx, s.state.avatar.item, null));
          return;
        }
      }
    }
    throw new Error("no carrot_quest gold path picks anything up");
  });

  it("hides goals when the game turns the goal panel off", async () => {
    const { pack, ctx } = await corpusPack("box_builder");
    expect(pack.game.ui?.showGoal).toBe(false);
    expect(buildHud(ctx, new Session(pack, "bb_001")).goals).toEqual([]);
  });
});

describe("goal texts", () => {
  it("prefers display.text, then the game's goalDescriptions, then a generated sentence", async () => {
    const twinseed = await corpusPack("twinseed");
    const tw = buildHud(twinseed.ctx, new Session(twinseed.pack, "tw_001"));
    expect(tw.goals[0]?.text).toBe(twinseed.pack.game.goalDescriptions?.plant_all);
    const goal = twinseed.pack.levels.tw_001?.goals[0] as Goal;
    expect(goalText(twinseed.ctx, { ...goal, display: { text: "Plant them all" } })).toBe("Plant them all");
    const carrot = await corpusPack("carrot_quest");
    // The only goal_target kind is the carrot.
    expect(buildHud(carrot.ctx, new Session(carrot.pack, "fw_001")).goals[0]?.text).toBe("Reach the carrot");
  });

  it("generates a sentence for every goal type", async () => {
    const { ctx } = await ownPack("lantern-cellar");
    const cases: [Goal, string][] = [
      [{ id: "a", type: "reach_target", config: { targetKind: "lantern" } }, "Reach the Unlit lantern"],
      [{ id: "b", type: "all_cleared", config: { kind: "cobweb" } }, "Clear every Cobweb"],
      [{ id: "c", type: "sequence_match", config: { sequence: [4, 8] } }, "Make 4, 8 in this order"],
      [{ id: "d", type: "board_match", config: { targetLayers: {} } }, "Match the target pattern"],
      [
        {
          id: "e",
          type: "variable_threshold",
          config: { variable: "lampsLit", target: 3, comparison: "gte" },
        },
        "Get lamps lit to at least 3",
      ],
      [
        { id: "f", type: "sum_constraint", config: { scope: "all_rows", target: 10 } },
        "Make every row add up to 10",
      ],
      [
        {
          id: "g",
          type: "count_constraint",
          config: { scope: "col", index: 1, predicate: "even", target: 2 },
        },
        "Give column 2 exactly 2 even numbers",
      ],
      [
        { id: "h", type: "balance", config: { layer: "objects", owners: ["crate", "wall"] } },
        "Share the board equally between Crate and Brick wall",
      ],
    ];
    for (const [goal, text] of cases) expect(goalSentence(ctx, goal)).toBe(text);
  });
});
