import { describe, expect, it } from "vitest";
import { execBin, LANTERN_CELLAR, run, STACK_FRAME } from "./helpers.js";

const LEVELS = [
  "lc01_bottom_step",
  "lc02_storeroom",
  "lc03_stepping_crates",
  "lc04_cobweb_curtains",
  "lc05_keep_it_dry",
  "lc06_one_free_hand",
  "lc07_icehouse",
  "lc08_great_lantern",
];

describe("gridponder trace", () => {
  it("replays the gold path when no actions are given", async () => {
    const { code, stdout } = await run(["trace", LANTERN_CELLAR, "lc02_storeroom"]);
    expect(code).toBe(0);
    expect(stdout).toContain('lc02_storeroom "The Storeroom": start');
    expect(stdout).toContain("1. move down: accepted");
    expect(stdout).toContain("events: avatar_exited, avatar_entered, turn_ended");
    expect(stdout).toContain("12. move down: accepted");
    expect(stdout.trimEnd().split("\n").at(-1)).toBe("won after 12 actions");
  });

  it("takes shorthands, bare ids and JSON actions, and shows why an action is rejected", async () => {
    const { code, stdout } = await run([
      "trace",
      LANTERN_CELLAR,
      "lc02_storeroom",
      "up",
      '{"action":"move","direction":"down"}',
      "jump",
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("1. move up: accepted");
    expect(stdout).toContain("2. move down: accepted");
    expect(stdout).toMatch(/3\. jump: rejected \(.*jump.*\)/);
    expect(stdout).toContain("not won after 2 actions");
  });

  it("prints an array of steps with canonical states with --json", async () => {
    const { code, stdout } = await run([
      "trace",
      LANTERN_CELLAR,
      "lc01_bottom_step",
      "right",
      "left",
      "--json",
    ]);
    expect(code).toBe(0);
    const steps = JSON.parse(stdout);
    expect(steps).toHaveLength(2);
    expect(steps[0].action).toEqual({ action: "move", direction: "right" });
    expect(steps[0].accepted).toBe(true);
    expect(steps[0].events.map((e: { type: string }) => e.type).at(-1)).toBe("turn_ended");
    expect(steps[0].state.avatar.position).toEqual([1, 0]);
    expect(steps[1].state.avatar.position).toEqual([0, 0]);
    expect(Object.keys(steps[1].state).sort()).toEqual(
      ["actionCount", "avatar", "layers", "lost", "multiCellObjects", "overlay", "variables", "won"].sort(),
    );
  });

  it("lists the valid level ids for an unknown level and exits 2", async () => {
    const { code, stdout, stderr } = await run(["trace", LANTERN_CELLAR, "lc99"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(`gridponder: unknown level "lc99"; valid ids: ${LEVELS.join(", ")}\n`);
  });

  it("rejects a malformed JSON action with exit 2", async () => {
    const { code, stderr } = await run(["trace", LANTERN_CELLAR, "lc01_bottom_step", '{"action":']);
    expect(code).toBe(2);
    expect(stderr).toContain("invalid JSON action");
  });

  it("refuses an action nested deeper than 64 levels, naming where, with exit 2", async () => {
    const deep = (n: number) => `{"action":"move","direction":${"[".repeat(n)}${"]".repeat(n)}}`;
    const inProcess = await run(["trace", LANTERN_CELLAR, "lc01_bottom_step", deep(100_000)]);
    expect(inProcess.code).toBe(2);
    expect(inProcess.stdout).toBe("");
    expect(inProcess.stderr).toMatch(
      /^gridponder: invalid action .*: \/direction(\/0)+… is nested more than 64 levels deep\n$/,
    );
    // The most a command line can pass (128 KiB per argument on Linux), through the binary.
    const binary = await execBin(["trace", LANTERN_CELLAR, "lc01_bottom_step", deep(60_000)]);
    expect(binary.code).toBe(2);
    expect(binary.stderr).toContain("nested more than 64 levels deep");
    expect(binary.stderr).not.toMatch(STACK_FRAME);
    // 64 levels is still an action (the engine rejects it, as it rejects any wrong direction).
    const allowed = await run(["trace", LANTERN_CELLAR, "lc01_bottom_step", deep(63)]);
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain("1. move ");
  });

  it("refuses a folder that is not a pack", async () => {
    const { code, stderr } = await run(["trace", "/no/such/pack", "x"]);
    expect(code).toBe(2);
    expect(stderr).toBe("gridponder: no such pack folder: /no/such/pack\n");
  });
});
