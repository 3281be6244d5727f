import { describe, expect, it } from "vitest";
import { resolveAsset } from "../src/assets.js";
import { BASE_COLLECTION, corpusPack } from "./corpus.js";

describe("resolveAsset", () => {
  it("finds corpus sprites in the pack, then in gridponder-base", async () => {
    const twinseed = await corpusPack("twinseed");
    expect(resolveAsset(twinseed.assets, "assets/sprites/garden_plot2.png")).toEqual({
      collection: null,
      path: "assets/sprites/garden_plot2.png",
    });
    const carrot = await corpusPack("carrot_quest");
    expect(carrot.assets.packFiles).not.toContain("assets/sprites/grass.png");
    expect(resolveAsset(carrot.assets, "assets/sprites/grass.png")).toEqual({
      collection: BASE_COLLECTION,
      path: "sprites/tiles/grass.png",
    });
  });
});
