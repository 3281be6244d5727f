import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { axisActions } from "../src/index.js";
import { loadPackFolder } from "../src/node.js";

const OWN_PACKS = join(import.meta.dirname, "../../../packs");

async function own(name: string) {
  const loaded = await loadPackFolder(join(OWN_PACKS, name), { searchPaths: [OWN_PACKS] });
  if (!loaded.ok) throw new Error(`${name} does not load`);
  return loaded.pack;
}

describe("axisActions", () => {
  it("names the actions of diagonal swaps, and not the rotations and mirrors beside them", async () => {
    expect([...axisActions(await own("prism-tiles"))]).toEqual(["swap"]);
  });

  it("is empty for a pack whose systems read every direction as a way", async () => {
    expect([...axisActions(await own("crate-keep"))]).toEqual([]);
  });
});
