import { Session } from "@gridponder/engine";
import { loadPackFolder } from "@gridponder/engine/node";
import { CORPUS_PACKS } from "@gridponder/test-corpus";
import { expect, it } from "vitest";
import { describeAction, describeTurn } from "../src/describe.js";

it("says what a turn did, in words", async () => {
  const loaded = await loadPackFolder(`${CORPUS_PACKS}/carrot_quest`);
  if (!loaded.ok) throw new Error("carrot_quest did not load");
  const pack = loaded.pack;
  const session = new Session(pack, "fw_001");
  const right = { action: "move", direction: "right" };
  const turn = session.act(right);
  expect(turn.events.map((e) => e.type)).toContain("object_pushed");
  expect(describeTurn(pack, right, turn, session.actionCount, null)).toBe("Moved right. Pushed wood.");
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
