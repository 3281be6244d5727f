import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { CORPUS_PACKS } from "@gridponder/test-corpus";
import { expect, it } from "vitest";
import { boardWords } from "../src/board-words.js";
import { createViewContext } from "../src/context.js";
import { describeAction, describeTurn } from "../src/describe.js";
import { buildScene } from "../src/scene.js";

it("says what a turn did, in words", async () => {
  const loaded = await loadPackFolder(`${CORPUS_PACKS}/carrot_quest`);
  if (!loaded.ok) throw new Error("carrot_quest did not load");
  const pack = loaded.pack;
  const session = new Session(pack, "fw_001");
  const right = { action: "move", direction: "right" };
  const turn = session.act(right);
  expect(turn.events.map((e) => e.type)).toContain("object_pushed");
  // Where things went: the avatar's cell, and the pushed log's.
  expect(describeTurn(pack, right, turn, session.actionCount, null)).toBe(
    "Moved right to column 2, row 1. Pushed wood to column 3, row 1.",
  );
  const up = { action: "move", direction: "up" };
  const blocked = session.act(up);
  expect(describeTurn(pack, up, blocked, session.actionCount, null)).toBe("Could not move up.");
  session.reset();
  const gold = (pack.levels.fw_001?.solution.goldPath ?? []) as { action: string; direction: string }[];
  let last = session.act(gold[0] as never);
  for (const step of gold.slice(1)) last = session.act(step as never);
  expect(describeTurn(pack, gold.at(-1) as never, last, session.actionCount, null)).toMatch(
    new RegExp(`Level solved in ${gold.length} moves\\.$`),
  );
});

it("names actions with their params", async () => {
  const loaded = await loadPackFolder(`${CORPUS_PACKS}/fx_individual_actors`);
  if (!loaded.ok) throw new Error("fx_individual_actors did not load");
  expect(describeAction(loaded.pack, { action: "tap_cell", position: [0, 2] })).toMatch(/column 1, row 3/);
});

it("words a malformed action from a host as refused, without throwing", async () => {
  const loaded = await loadPackFolder(`${CORPUS_PACKS}/carrot_quest`);
  if (!loaded.ok) throw new Error("carrot_quest did not load");
  const session = new Session(loaded.pack, loaded.pack.levelOrder[0] as string);
  for (const bad of [{ direction: "down" }, { action: 5, direction: "up" }, { action: null }]) {
    const turn = session.act(bad as never);
    expect(turn.accepted).toBe(false);
    expect(describeTurn(loaded.pack, bad as never, turn, session.actionCount, null)).toMatch(
      /not possible\.$/,
    );
  }
});

it("reads the board cell by cell: you, then what stands there, the plain ground left out", async () => {
  const loaded = await loadPackFolder(`${CORPUS_PACKS}/carrot_quest`);
  if (!loaded.ok) throw new Error("carrot_quest did not load");
  const session = new Session(loaded.pack, "fw_001");
  const words = () =>
    boardWords(loaded.pack, buildScene(createViewContext(loaded.pack), session.level, session.state));
  const before = words();
  expect(before).toHaveLength(session.level.height);
  expect(before[0]).toHaveLength(session.level.width);
  expect(before[0]?.[0]).toBe("you");
  expect(before[0]?.[1]).toBe("wood");
  expect(before.flat().filter((w) => w === "empty").length).toBeGreaterThan(0);
  session.act({ action: "move", direction: "right" });
  const after = words();
  expect([after[0]?.[0], after[0]?.[1], after[0]?.[2]]).toEqual(["empty", "you", "wood"]);
});
