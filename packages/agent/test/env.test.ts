import { expandGoldPathStep } from "@gridponder/schema";
import { ownPack } from "@gridponder/test-corpus";
import { describe, expect, it } from "vitest";
import { createEnv, type Env, VectorEnv } from "../src/index.js";

/** The index of an action in the environment's space (keys in any order). */
function indexOf(env: Env, action: Record<string, unknown>): number {
  const key = (a: Record<string, unknown>) =>
    JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));
  return env.actions.findIndex((a) => key(a) === key(action));
}

async function lantern(level = "lc01_bottom_step", options = {}) {
  const { pack } = await ownPack("lantern-cellar");
  return { pack, env: createEnv(pack, level, options) };
}

function gold(env: Env): number[] {
  return env.level.def.solution.goldPath.map((step) => {
    const i = indexOf(env, expandGoldPathStep(step) as Record<string, unknown>);
    if (i < 0) throw new Error(`gold step ${JSON.stringify(step)} is not in the action space`);
    return i;
  });
}

describe("the gym environment", () => {
  it("numbers kinds as the observation says, and draws the board into its grid", async () => {
    const { pack, env } = await lantern();
    const { observation } = env.reset(0);
    for (const [name, info] of pack.kinds) expect(env.kinds[info.index]).toBe(name);
    expect(observation.grid.length).toBe(env.layers * env.width * env.height);
    for (const [l, cells] of env.state.layers.entries())
      for (const [i, entity] of cells.entries())
        expect(observation.grid[l * env.width * env.height + i]).toBe(
          entity ? env.kinds.indexOf(entity.kind) + 1 : 0,
        );
    expect([...observation.avatar]).toEqual([0, 0, 1, 0]);
    expect(observation.progress).toBe(0);
  });

  it("plays the gold path to a win: terminated, +1 on the last step, goal progress in between", async () => {
    const { env } = await lantern();
    env.reset();
    const path = gold(env);
    let total = 0;
    path.forEach((action, i) => {
      const r = env.step(action);
      total += r.reward;
      expect(r.info.accepted).toBe(true);
      expect(r.terminated).toBe(i === path.length - 1);
      expect(r.truncated).toBe(false);
    });
    expect(env.state.won).toBe(true);
    // +1 for the win and the whole goal progress, less a penalty per step.
    expect(total).toBeCloseTo(1 + 1 - 0.01 * path.length, 6);
  });

  it("refuses nothing silently: a refused action leaves the state and costs the step penalty", async () => {
    const { env } = await lantern("lc03_stepping_crates", { stepPenalty: 0.5 });
    env.reset();
    const [first] = gold(env);
    env.step(first ?? 0);
    // Walk into the wall until the engine refuses (or the level ends): a refusal keeps the state.
    for (let i = 0; i < env.actions.length; i++) {
      const before = env.state;
      const r = env.step(i);
      if (!r.info.accepted) {
        expect(env.state).toBe(before);
        expect(r.reward).toBe(-0.5);
        expect(r.info.reason?.length ?? 0).toBeGreaterThan(3);
      }
    }
    expect(() => env.step(env.actions.length)).toThrow(RangeError);
  });

  it("truncates an episode at its step limit", async () => {
    const { env } = await lantern("lc01_bottom_step", { maxSteps: 3 });
    env.reset();
    const up = indexOf(env, { action: "move", direction: "up" });
    expect(env.step(up).truncated).toBe(false);
    expect(env.step(up).truncated).toBe(false);
    expect(env.step(up).truncated).toBe(true);
  });

  it("keeps its grid equal to the board through steps and resets, though it redraws only changed layers", async () => {
    for (const [name, level] of [
      ["lantern-cellar", "lc05_keep_it_dry"],
      ["foundry-numbers", "fn09_two_spouts"],
      ["wisp-hollow", "wh05_escape"],
    ] as const) {
      const { pack } = await ownPack(name);
      const env = createEnv(pack, level, { maxSteps: 25 });
      const drawn = () =>
        env.state.layers.flatMap((cells) => cells.map((e) => (e ? env.kinds.indexOf(e.kind) + 1 : 0)));
      let observation = env.reset().observation;
      let resets = 0;
      for (let i = 0; i < 200; i++) {
        expect([...observation.grid], `${level} step ${i}`).toEqual(drawn());
        const r = env.step((i * 5 + (i >> 3)) % env.actions.length);
        observation = r.observation;
        if (r.terminated || r.truncated) {
          expect([...observation.grid]).toEqual(drawn());
          observation = env.reset().observation;
          resets++;
        }
      }
      expect(resets, level).toBeGreaterThan(2);
    }
  });

  it("plays the same way twice from the same start", async () => {
    const { env } = await lantern("lc05_keep_it_dry");
    const actions = Array.from({ length: 60 }, (_, i) => (i * 7 + 3) % env.actions.length);
    const play = () => {
      env.reset(5);
      return actions.map((a) => {
        const r = env.step(a);
        return [r.reward, r.terminated, [...r.observation.grid].join(""), [...r.observation.avatar]];
      });
    };
    expect(play()).toEqual(play());
  });

  it("steps many environments together, resetting each whose episode ended", async () => {
    const { pack } = await lantern();
    const envs = [createEnv(pack, "lc01_bottom_step"), createEnv(pack, "lc02_storeroom", { maxSteps: 2 })];
    const vector = new VectorEnv(envs);
    vector.reset();
    const start = envs[1]?.state;
    const path = gold(envs[0] as Env);
    let last = vector.step([path[0] ?? 0, 0]);
    expect([...last.terminated, ...last.truncated]).toEqual([0, 0, 0, 0]);
    last = vector.step([path[1] ?? 0, 0]);
    // The second reached its limit and starts over: its observation is a first one again.
    expect([...last.truncated]).toEqual([0, 1]);
    expect(envs[1]?.state).toBe(start);
    expect(envs[1]?.state.actionCount).toBe(0);
    for (const action of path.slice(2)) last = vector.step([action, 0]);
    expect(last.terminated[0]).toBe(1);
    expect(last.rewards[0]).toBeGreaterThan(0.9);
    expect(envs[0]?.state.won).toBe(false);
  });
});
