import { describe, expect, it } from "vitest";
import { appearanceOf, resolveDisplayColor } from "../src/appearance.js";
import { avatarAppearance, avatarLooks } from "../src/avatar.js";
import { BUILTIN_PALETTE, colorFromName, hueColor, isHexColor, parseColor, parseHex } from "../src/colors.js";
import { createViewContext, themeView } from "../src/context.js";
import type { Appearance } from "../src/types.js";
import { BASE_COLLECTION, corpusPack, everyLevel, ownPack, withKindDef, withTheme } from "./corpus.js";

/** The hue (degrees) of a `#rrggbb` colour. */
function hueOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe("colours", () => {
  it("parses #rgb, #rrggbb and #aarrggbb (alpha first)", () => {
    expect(parseHex("#fa0")).toEqual({ color: "#ffaa00", alpha: 1 });
    expect(parseHex("#E53935")).toEqual({ color: "#e53935", alpha: 1 });
    expect(parseHex("#80FF0000")?.color).toBe("#ff0000");
    expect(parseHex("#80FF0000")?.alpha).toBeCloseTo(128 / 255);
    expect(parseHex("red")).toBeNull();
  });

  it("knows palette names, CSS names, and lets the given palette override the built-in one", () => {
    expect(parseColor("teal", BUILTIN_PALETTE)?.color).toBe(BUILTIN_PALETTE.teal);
    expect(parseColor("Gray", BUILTIN_PALETTE)?.color).toBe(BUILTIN_PALETTE.grey);
    expect(parseColor("tomato", BUILTIN_PALETTE)?.color).toBe("#ff6347");
    expect(parseColor("red", { ...BUILTIN_PALETTE, red: "#110000" })?.color).toBe("#110000");
    expect(parseColor("no-such-colour", BUILTIN_PALETTE)).toBeNull();
  });

  it("gives numbers distinct, well separated hues, powers of two included", () => {
    const small = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(hueColor);
    const powers = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048].map(hueColor);
    for (const set of [small, powers]) {
      expect(new Set(set).size).toBe(set.length);
      const hues = set.map(hueOf);
      for (let i = 0; i < hues.length; i++)
        for (let j = i + 1; j < hues.length; j++)
          expect(hueDistance(hues[i] as number, hues[j] as number)).toBeGreaterThan(25);
    }
    expect(hueColor(8)).toBe(hueColor(8));
    expect([...small, ...powers].every(isHexColor)).toBe(true);
  });

  it("derives a stable colour from a name", () => {
    expect(colorFromName("widget")).toBe(colorFromName("widget"));
    expect(colorFromName("widget")).not.toBe(colorFromName("gadget"));
    expect(isHexColor(colorFromName("anything at all"))).toBe(true);
  });
});

describe("appearanceOf: sprite fallback chain", () => {
  it("uses the pack's own file when it exists", async () => {
    const { ctx } = await corpusPack("twinseed");
    expect(appearanceOf(ctx, "garden_plot", null).sprite).toEqual({
      collection: null,
      path: "assets/sprites/garden_plot2.png",
    });
  });

  it("falls back to gridponder-base sprites/tiles/<basename> when the pack lacks the file", async () => {
    const { ctx } = await corpusPack("carrot_quest");
    expect(appearanceOf(ctx, "rock", null).sprite).toEqual({
      collection: BASE_COLLECTION,
      path: "sprites/tiles/rock.png",
    });
  });

  it("uses the display when there is no sprite", async () => {
    const { ctx } = await corpusPack("box_builder");
    const portal = appearanceOf(ctx, "portal", null);
    expect(portal.sprite).toBeNull();
    expect(portal.display).toBe("icon");
    expect(portal.icon).toBe("blur_on");
    expect(portal.form).toBe("orb");
  });

  it("uses a colour when there is neither sprite nor display, and a derived one for unknown names", async () => {
    const { ctx } = await corpusPack("fx_flank_capture");
    const wall = appearanceOf(ctx, "wall", null);
    expect(wall.sprite).toBeNull();
    expect(wall.form).toBe("block");
    expect(isHexColor(wall.color)).toBe(true);
    // `human` names no colour anywhere: its colour comes from its name.
    expect(appearanceOf(ctx, "human", null).color).toBe(colorFromName("human"));
    // A kind the game does not declare still draws (as a tile in its own colour).
    const stray = appearanceOf(ctx, "not_a_kind", null);
    expect(stray.color).toBe(colorFromName("not_a_kind"));
    expect(stray.form).toBe("tile");
  });

  it("draws a sprite whose file exists nowhere from its display or colour instead", async () => {
    const { pack, assets } = await corpusPack("carrot_quest");
    const ctx = createViewContext(
      withKindDef(pack, "carrot", { sprite: "assets/sprites/missing.png" }),
      assets,
    );
    const carrot = appearanceOf(ctx, "carrot", null);
    expect(carrot.sprite).toBeNull();
    expect(carrot.display).toBe("emoji");
    expect(carrot.text).toBe("🥕");
  });

  it("substitutes {spriteParam} (box_builder's box_{sides})", async () => {
    const { ctx } = await corpusPack("box_builder");
    expect(appearanceOf(ctx, "box_fragment", { sides: 5 }).sprite).toEqual({
      collection: BASE_COLLECTION,
      path: "sprites/tiles/box_5.png",
    });
    const a = appearanceOf(ctx, "box_fragment", { sides: 12 });
    expect(a.sprite?.path).toBe("sprites/tiles/box_12.png");
    expect(a.key).not.toBe(appearanceOf(ctx, "box_fragment", { sides: 5 }).key);
    // Cached: equal kind and params give the very same appearance object.
    expect(appearanceOf(ctx, "box_fragment", { sides: 12 })).toBe(a);
  });
});

describe("appearanceOf: display tokens and colours", () => {
  it("resolves nested @hue:@kind_suffix: and @kind_suffix: labels (diagonal_swipes)", async () => {
    const { ctx } = await corpusPack("diagonal_swipes");
    const seven = appearanceOf(ctx, "num_7", null);
    expect(seven.text).toBe("7");
    expect(seven.display).toBe("label");
    expect(seven.color).toBe(hueColor(7));
    expect(seven.form).toBe("tile");
    const colours = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => appearanceOf(ctx, `num_${n}`, null).color);
    expect(new Set(colours).size).toBe(9);
  });

  it("resolves @param: labels and @hue:@param: colours (number_cells)", async () => {
    const { ctx } = await corpusPack("number_cells");
    const eight = appearanceOf(ctx, "number", { value: 8 });
    expect(eight.text).toBe("8");
    expect(eight.color).toBe(hueColor(8));
    expect(appearanceOf(ctx, "number", { value: 16 }).color).toBe(hueColor(16));
  });

  it("resolves tokens directly", () => {
    const palette = BUILTIN_PALETTE;
    expect(resolveDisplayColor("@hue:@kind_suffix:num_", "num_4", null, palette)?.color).toBe(hueColor(4));
    expect(resolveDisplayColor("@param:channel", "portal", { channel: "blue" }, palette)?.color).toBe(
      BUILTIN_PALETTE.blue,
    );
    // A parameter naming no colour still gets its own stable colour.
    expect(resolveDisplayColor("@param:channel", "portal", { channel: "zeta" }, palette)?.color).toBe(
      colorFromName("zeta"),
    );
    expect(resolveDisplayColor("@param:missing", "portal", {}, palette)).toBeNull();
    expect(resolveDisplayColor("#80336699", "x", null, palette)?.alpha).toBeCloseTo(128 / 255);
  });

  it("takes entityColors over the display colour, and palette overrides over the built-in names", async () => {
    const flood = await corpusPack("flood_colors");
    // display says green; the theme's entityColors says #4CAF50.
    expect(appearanceOf(flood.ctx, "cell_flooded", null).color).toBe("#4caf50");
    const cellar = await ownPack("lantern-cellar");
    expect(appearanceOf(cellar.ctx, "wall", null).color).toBe("#7a3b2e");
    const rotate = await corpusPack("rotate_flip");
    expect(appearanceOf(rotate.ctx, "cell_lime", null).color).toBe(BUILTIN_PALETTE.lime);
  });

  it("turns #AARRGGBB into opacity, honours render.opacity and render.tint", async () => {
    const { pack, assets } = await corpusPack("carrot_quest");
    const themed = withTheme(pack, { ...pack.theme, entityColors: { rock: "#80FF0000" } });
    const rendered = withKindDef(themed, "wood", { render: { opacity: 0.5, tint: "orange" } });
    const ctx = createViewContext(rendered, assets);
    const rock = appearanceOf(ctx, "rock", null);
    expect(rock.color).toBe("#ff0000");
    expect(rock.opacity).toBeCloseTo(0.502, 3);
    const wood = appearanceOf(ctx, "wood", null);
    expect(wood.opacity).toBe(0.5);
    expect(wood.tint).toBe(BUILTIN_PALETTE.orange);
    expect(appearanceOf(ctx, "torch", null).opacity).toBe(1);
    expect(appearanceOf(ctx, "torch", null).tint).toBeNull();
  });

  it("falls back to a colour derived from the kind when display.color names nothing", async () => {
    const { pack, assets } = await corpusPack("rotate_flip");
    const ctx = createViewContext(
      withKindDef(pack, "cell_red", { display: { type: "tile", color: "not-a-colour" } }),
      assets,
    );
    // The kind's own name still says red.
    expect(appearanceOf(ctx, "cell_red", null).color).toBe(BUILTIN_PALETTE.red);
    const odd = createViewContext(
      withKindDef(pack, "empty", { display: { type: "fill", color: "@hue:@param:nothing" } }),
      assets,
    );
    expect(isHexColor(appearanceOf(odd, "empty", null).color)).toBe(true);
  });
});

describe("appearanceOf: forms", () => {
  it("chooses forms from layer, tags and display", async () => {
    const carrot = await corpusPack("carrot_quest");
    const form = (kind: string) => appearanceOf(carrot.ctx, kind, null).form;
    expect(form("empty")).toBe("flat");
    expect(form("water")).toBe("flat");
    expect(form("rock")).toBe("block");
    expect(form("wood")).toBe("crate");
    expect(form("metal_crate")).toBe("crate");
    expect(form("torch")).toBe("orb");
    expect(form("portal")).toBe("orb");
    const actors = await corpusPack("fx_individual_actors");
    expect(appearanceOf(actors.ctx, "red", null).form).toBe("figure");
    expect(appearanceOf(actors.ctx, "terr_red", null).form).toBe("flat");
    const flood = await corpusPack("flood_colors");
    expect(appearanceOf(flood.ctx, "cell_red", null).form).toBe("tile");
    const cellar = await ownPack("lantern-cellar");
    expect(appearanceOf(cellar.ctx, "lantern", null).form).toBe("orb");
    expect(appearanceOf(cellar.ctx, "puddle", null).form).toBe("flat");
    // A sided piece lies on the board (its picture shows which sides join), even though it is pushed.
    const boxes = await corpusPack("box_builder");
    expect(appearanceOf(boxes.ctx, "box_fragment", { sides: 5 }).form).toBe("flat");
  });
});

describe("appearance keys", () => {
  it("are equal exactly when appearances draw identically, across every corpus kind", async () => {
    const byKey = new Map<string, Appearance>();
    const packs = new Set((await everyLevel()).map((l) => l.loaded));
    for (const { ctx, pack } of packs) {
      for (const kind of pack.kinds.keys()) {
        const a = appearanceOf(ctx, kind, null);
        const { key, ...fields } = a;
        const seen = byKey.get(key);
        if (seen) {
          const { key: _k, ...seenFields } = seen;
          expect(fields).toEqual(seenFields);
        }
        byKey.set(key, a);
      }
    }
    const all = [...byKey.values()];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const { key: ka, ...a } = all[i] as Appearance;
        const { key: kb, ...b } = all[j] as Appearance;
        expect(ka === kb).toBe(JSON.stringify(a) === JSON.stringify(b));
      }
  });
});

describe("avatarAppearance", () => {
  const frames = ["rabbit_walking_down_1.png", "rabbit_walking_down_2.png"];

  async function themedCtx() {
    const { pack, assets } = await corpusPack("carrot_quest");
    const theme = {
      ...pack.theme,
      avatar: {
        sprite: "assets/sprites/torch.png",
        sprites: {
          idle: {
            right: "rabbit_looking_right.png",
            left: { mirror: "right" as const },
            down: { frames, duration: 400, mode: "loop" as const },
          },
          moving: {
            right: "rabbit_walking_right_1.png",
            left: { mirror: "right" as const },
            up: "assets/sprites/nowhere.png",
          },
        },
      },
    };
    return createViewContext(withTheme(pack, theme), assets);
  }

  it("picks sprites[state][facing], mirrors with { mirror }, and falls back to idle then sprite", async () => {
    const ctx = await themedCtx();
    expect(avatarAppearance(ctx, "moving", "right")).toEqual({
      sprite: { collection: BASE_COLLECTION, path: "sprites/tiles/rabbit_walking_right_1.png" },
      mirror: false,
      animation: null,
    });
    expect(avatarAppearance(ctx, "moving", "left")).toEqual({
      sprite: { collection: BASE_COLLECTION, path: "sprites/tiles/rabbit_walking_right_1.png" },
      mirror: true,
      animation: null,
    });
    // pushing has no sprites: idle for that facing.
    expect(avatarAppearance(ctx, "pushing", "left")).toEqual({
      sprite: { collection: BASE_COLLECTION, path: "sprites/tiles/rabbit_looking_right.png" },
      mirror: true,
      animation: null,
    });
    // moving.up names a missing file and idle has no up: the simple sprite.
    expect(avatarAppearance(ctx, "moving", "up").sprite).toEqual({
      collection: BASE_COLLECTION,
      path: "sprites/tiles/torch.png",
    });
    // Diagonal facings look sideways.
    expect(avatarAppearance(ctx, "moving", "down_right").sprite?.path).toBe(
      "sprites/tiles/rabbit_walking_right_1.png",
    );
  });

  it("returns animations with their frames resolved", async () => {
    const ctx = await themedCtx();
    const choice = avatarAppearance(ctx, "custom_state", "down");
    expect(choice.animation?.frames.map((f) => f.path)).toEqual(frames.map((f) => `sprites/tiles/${f}`));
    expect(choice.animation?.durationMs).toBe(400);
    expect(choice.animation?.loop).toBe(true);
    expect(choice.sprite).toEqual(choice.animation?.frames[0]);
  });

  it("draws the shared rabbit when the theme names no avatar art, and nothing without a catalog", async () => {
    const { pack, assets } = await corpusPack("carrot_quest");
    const ctx = createViewContext(pack, assets);
    expect(avatarAppearance(ctx, "idle", "right").sprite).toEqual({
      collection: BASE_COLLECTION,
      path: "sprites/tiles/rabbit_looking_right.png",
    });
    expect(avatarAppearance(ctx, "pushing", "left").mirror).toBe(true);
    expect(avatarAppearance(createViewContext(pack), "idle", "right")).toEqual({
      sprite: null,
      mirror: false,
      animation: null,
    });
  });

  it("lists every look a turn can show the avatar in, each once, for renderers to load ahead", async () => {
    const { pack, assets } = await corpusPack("carrot_quest");
    const ctx = createViewContext(pack, assets);
    const looks = avatarLooks(ctx);
    const paths = looks.map((l) => `${l.sprite?.path}${l.mirror ? " mirrored" : ""}`);
    expect(new Set(looks.map((l) => l.key)).size).toBe(looks.length);
    for (const state of ["idle", "moving", "pushing"])
      for (const facing of ["up", "down", "left", "right"] as const) {
        const choice = avatarAppearance(ctx, state, facing);
        expect(paths).toContain(`${choice.sprite?.path}${choice.mirror ? " mirrored" : ""}`);
      }
    // The same list for every scene of the level: one lookup, not one per turn.
    expect(avatarLooks(ctx)).toBe(looks);
    // Without art, the avatar has one look: the procedural figure.
    expect(avatarLooks(createViewContext(pack)).map((l) => l.sprite)).toEqual([null]);
  });
});

describe("themeView", () => {
  it("takes the pack's theme over the defaults and merges its palette into the built-in one", async () => {
    const cellar = await ownPack("lantern-cellar");
    const theme = cellar.ctx.theme;
    expect(theme.primaryColor).toBe("#ffc857");
    expect(theme.backgroundColor).toBe("#15131a");
    expect(theme.board).toEqual({
      cellSize: 64,
      cellSpacing: 2,
      borderRadius: 6,
      gridLineColor: "#2a2630",
      showGridLines: true,
      view: "isometric",
    });
    expect(theme.text.titleColor).toBe("#ffe8b0");
    expect(theme.palette.brick).toBe("#7a3b2e");
    expect(theme.palette.red).toBe(BUILTIN_PALETTE.red);
    const flood = await corpusPack("flood_colors");
    expect(flood.ctx.theme.palette.yellow).toBe("#ffd600");
  });

  it("reads the board view a theme picks, and only a known one", async () => {
    const { pack } = await corpusPack("carrot_quest");
    const viewOf = (boardStyle: object) =>
      themeView(withTheme(pack, { ...pack.theme, boardStyle } as never)).board.view;
    expect(viewOf({ view: "top-down" })).toBe("top-down");
    expect(viewOf({ view: "isometric" })).toBe("isometric");
    expect(viewOf({ view: "sideways" })).toBe("isometric");
    expect(viewOf({})).toBe("isometric");
  });

  it("defaults every field for a pack without theme.json", async () => {
    const { ctx, pack } = await corpusPack("fx_sliding_blocks");
    expect(pack.theme).toBeUndefined();
    const theme = ctx.theme;
    expect(theme.palette).toEqual(BUILTIN_PALETTE);
    expect(theme.board.cellSize).toBe(64);
    expect(theme.board.showGridLines).toBe(true);
    expect(theme.board.view).toBe("isometric");
    expect(theme.avatarVisible).toBe(true);
    for (const c of [
      theme.primaryColor,
      theme.backgroundColor,
      theme.board.gridLineColor,
      theme.text.bodyColor,
    ])
      expect(isHexColor(c)).toBe(true);
  });
});
