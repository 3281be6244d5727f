import { describe, expect, it } from "vitest";
import { normalisePath, resolveAnimation, resolveAsset, substituteSpritePath } from "../src/assets.js";
import type { AssetCatalog } from "../src/types.js";

const catalog: AssetCatalog = {
  packFiles: ["assets/sprites/hero.png", "assets/tiles/floor.png"],
  collections: [
    { id: "first", files: ["sprites/floor.png", "sprites/tiles/crate.png", "deep/nested/gem.png"] },
    { id: "second", files: ["sprites/tiles/gem.png", "sprites/tiles/orb.png"] },
  ],
};

describe("resolveAsset", () => {
  it("prefers the pack's own file", () => {
    expect(resolveAsset(catalog, "assets/tiles/floor.png")).toEqual({
      collection: null,
      path: "assets/tiles/floor.png",
    });
  });

  it("normalises the path before looking it up", () => {
    expect(normalisePath(".\\assets//sprites/hero.png")).toBe("assets/sprites/hero.png");
    expect(resolveAsset(catalog, "./assets/sprites/hero.png")?.collection).toBeNull();
    expect(resolveAsset(catalog, "/assets/sprites/hero.png")?.path).toBe("assets/sprites/hero.png");
  });

  it("falls back to a collection: the path without assets/, then sprites/tiles/<basename>, then any basename", () => {
    expect(resolveAsset(catalog, "assets/sprites/floor.png")).toEqual({
      collection: "first",
      path: "sprites/floor.png",
    });
    expect(resolveAsset(catalog, "assets/sprites/crate.png")).toEqual({
      collection: "first",
      path: "sprites/tiles/crate.png",
    });
    // sprites/tiles/<basename> in a later collection wins over a basename match in an earlier one.
    expect(resolveAsset(catalog, "img/gem.png")).toEqual({
      collection: "second",
      path: "sprites/tiles/gem.png",
    });
    expect(resolveAsset({ ...catalog, collections: catalog.collections.slice(0, 1) }, "img/gem.png")).toEqual(
      {
        collection: "first",
        path: "deep/nested/gem.png",
      },
    );
  });

  it("returns null for a missing file and without a catalog", () => {
    expect(resolveAsset(catalog, "assets/sprites/nowhere.png")).toBeNull();
    expect(resolveAsset(undefined, "assets/sprites/hero.png")).toBeNull();
    expect(resolveAsset(catalog, "")).toBeNull();
  });
});

describe("substituteSpritePath", () => {
  it("fills {param} placeholders from the instance params", () => {
    expect(substituteSpritePath("assets/sprites/box_{sides}.png", { sides: 5 }, "sides")).toBe(
      "assets/sprites/box_5.png",
    );
    expect(substituteSpritePath("a/{colour}_{n}.png", { colour: "red", n: 2 })).toBe("a/red_2.png");
  });

  it("fills a missing spriteParam with 0 and leaves other unknown placeholders alone", () => {
    expect(substituteSpritePath("box_{sides}.png", null, "sides")).toBe("box_0.png");
    expect(substituteSpritePath("box_{other}.png", {}, "sides")).toBe("box_{other}.png");
  });
});

describe("resolveAnimation", () => {
  it("resolves frames, keeps timing and mode, and drops frames that do not exist", () => {
    const anim = resolveAnimation(catalog, "walk", {
      frames: ["assets/sprites/hero.png", "missing.png", "orb.png"],
      duration: 300,
      mode: "loop",
    });
    expect(anim).toEqual({
      name: "walk",
      frames: [
        { collection: null, path: "assets/sprites/hero.png" },
        { collection: "second", path: "sprites/tiles/orb.png" },
      ],
      durationMs: 300,
      loop: true,
    });
    expect(resolveAnimation(catalog, "none", { frames: ["missing.png"], duration: 100 })).toBeNull();
  });
});
