import { join } from "node:path";
import { compilePack, Session } from "@gridponder/engine";
import { validatePackFolder } from "@gridponder/schema/node";
import { describe, expect, it } from "vitest";
import { createViewContext } from "../src/context.js";
import { inputModel, needsSelection, resolveGesture } from "../src/input.js";
import { humanize } from "../src/names.js";
import type { Gesture, InputOutcome } from "../src/types.js";
import { CORPUS_PACKS, corpusPack, everyLevel, withTheme } from "./corpus.js";

const key = (k: string, mods: Partial<Extract<Gesture, { type: "key" }>> = {}): Gesture => ({
  type: "key",
  key: k,
  ...mods,
});
const action = (a: Record<string, unknown>): InputOutcome => ({ kind: "action", action: a as never });
const command = (c: string): InputOutcome => ({ kind: "command", command: c as never });

describe("resolveGesture with a theme", () => {
  it("maps cardinal swipes and arrow/WASD keys through paramMapping (carrot_quest)", async () => {
    const { ctx } = await corpusPack("carrot_quest");
    expect(resolveGesture(ctx, { type: "swipe", direction: "up" })).toEqual(
      action({ action: "move", direction: "up" }),
    );
    expect(resolveGesture(ctx, key("ArrowLeft"))).toEqual(action({ action: "move", direction: "left" }));
    expect(resolveGesture(ctx, key("d"))).toEqual(action({ action: "move", direction: "right" }));
    // No diagonal binding: diagonal swipes and keys do nothing, and taps neither.
    expect(resolveGesture(ctx, { type: "swipe", direction: "up_left" })).toBeNull();
    expect(resolveGesture(ctx, key("q"))).toBeNull();
    expect(resolveGesture(ctx, { type: "tap", cell: [1, 1] })).toBeNull();
    const model = inputModel(ctx);
    expect([model.swipeCardinal, model.swipeDiagonal, model.tapCell]).toEqual([true, false, false]);
  });

  it("maps diagonal swipes and keys, reading a diagonal swap's direction as an axis (diagonal_swipes)", async () => {
    const { ctx } = await corpusPack("diagonal_swipes");
    expect(resolveGesture(ctx, { type: "swipe", direction: "up_left" })).toEqual(
      action({ action: "diagonal_swap", direction: "up_left" }),
    );
    // The action lists only up_left and up_right, but its system swaps the same two cells named from
    // either end: a swipe down-right swaps the up-left diagonal, down-left the up-right one.
    expect(resolveGesture(ctx, { type: "swipe", direction: "down_right" })).toEqual(
      action({ action: "diagonal_swap", direction: "up_left" }),
    );
    expect(resolveGesture(ctx, { type: "swipe", direction: "down_left" })).toEqual(
      action({ action: "diagonal_swap", direction: "up_right" }),
    );
    expect(resolveGesture(ctx, key("q"))).toEqual(action({ action: "diagonal_swap", direction: "up_left" }));
    expect(resolveGesture(ctx, key("9"))).toEqual(action({ action: "diagonal_swap", direction: "up_right" }));
    expect(resolveGesture(ctx, key("PageUp"))).toEqual(
      action({ action: "diagonal_swap", direction: "up_right" }),
    );
    expect(resolveGesture(ctx, key("c"))).toEqual(action({ action: "diagonal_swap", direction: "up_left" }));
    const buttons = inputModel(ctx).buttons.filter((b) => b.group === "direction");
    expect(buttons.map((b) => b.id)).toEqual([
      "direction:up",
      "direction:down",
      "direction:left",
      "direction:right",
      "direction:up_left",
      "direction:up_right",
      "direction:down_left",
      "direction:down_right",
    ]);
    // Every diagonal button names its key: the pack's own L and R where it binds them.
    expect(buttons.map((b) => b.key)).toEqual(["↑", "↓", "←", "→", "L", "R", "R", "L"]);
  });

  it("lets pack key_press bindings win over default keys, with static params", async () => {
    const swipes = await corpusPack("diagonal_swipes");
    // `l` and `r` are bound by the pack; `r` would otherwise reset.
    expect(resolveGesture(swipes.ctx, key("r"))).toEqual(
      action({ action: "diagonal_swap", direction: "up_right" }),
    );
    expect(resolveGesture(swipes.ctx, key("l"))).toEqual(
      action({ action: "diagonal_swap", direction: "up_left" }),
    );
    expect(resolveGesture(swipes.ctx, key("R", { shift: true }))).toEqual(command("reset"));
    const flood = await corpusPack("flood_colors");
    expect(resolveGesture(flood.ctx, key("r"))).toEqual(action({ action: "flood_red" }));
    expect(resolveGesture(flood.ctx, key("t"))).toEqual(action({ action: "flood_teal" }));
    expect(resolveGesture(flood.ctx, key("R", { shift: true }))).toEqual(command("reset"));
    // With Ctrl the pack's letter is not meant.
    expect(resolveGesture(flood.ctx, key("r", { ctrl: true }))).toBeNull();
    const reset = inputModel(flood.ctx).buttons.find((b) => b.id === "command:reset");
    expect(reset?.key).toBe("Shift+R");
    const carrot = await corpusPack("carrot_quest");
    expect(resolveGesture(carrot.ctx, key("r"))).toEqual(command("reset"));
    expect(inputModel(carrot.ctx).buttons.find((b) => b.id === "command:reset")?.key).toBe("R");
  });

  it("gives key-only parameterless actions on-screen buttons with colour and key (flood_colors)", async () => {
    const { ctx } = await corpusPack("flood_colors");
    const model = inputModel(ctx);
    expect(model.swipeCardinal).toBe(false);
    const game = model.buttons.filter((b) => b.group === "game");
    expect(game.map((b) => b.id)).toEqual([
      "flood_red",
      "flood_blue",
      "flood_yellow",
      "flood_orange",
      "flood_purple",
      "flood_teal",
    ]);
    const red = game[0];
    expect(red?.color).toBe("#e53935");
    expect(red?.key).toBe("R");
    expect(red?.label).toBe("Flood red");
    expect(resolveGesture(ctx, { type: "button", buttonId: "flood_red" })).toEqual(
      action({ action: "flood_red" }),
    );
    expect(model.keys).toContainEqual({ key: "R", does: "Flood red" });
  });

  it("maps theme buttons by buttonId (rotate_flip)", async () => {
    const { ctx } = await corpusPack("rotate_flip");
    expect(resolveGesture(ctx, { type: "button", buttonId: "rotate" })).toEqual(action({ action: "rotate" }));
    expect(resolveGesture(ctx, key("f"))).toEqual(action({ action: "flip" }));
    const game = inputModel(ctx).buttons.filter((b) => b.group === "game");
    expect(game.map((b) => [b.id, b.key])).toEqual([
      ["rotate", "R"],
      ["flip", "F"],
    ]);
    expect(resolveGesture(ctx, { type: "button", buttonId: "nope" })).toBeNull();
  });
});

describe("on-screen buttons for parameterless actions", () => {
  it("every parameterless action of every pack has a game button that plays it", async () => {
    const packs = new Set((await everyLevel()).map((l) => l.loaded));
    let actions = 0;
    for (const { name, pack, ctx } of packs) {
      const game = inputModel(ctx).buttons.filter((b) => b.group === "game");
      for (const def of pack.game.actions) {
        if (Object.keys(def.params ?? {}).length > 0) continue;
        const where = `${name}: ${def.id}`;
        const button = game.find(
          (b) =>
            b.outcome.kind === "action" &&
            b.outcome.action.action === def.id &&
            Object.keys(b.outcome.action).length === 1,
        );
        expect(button, where).toBeDefined();
        expect(resolveGesture(ctx, { type: "button", buttonId: button?.id ?? "" }), where).toEqual(
          action({ action: def.id }),
        );
        // Labelled from the action; coloured when the action names a colour or an entity kind.
        expect(button?.label.startsWith(def.label ?? humanize(def.id)), where).toBe(true);
        if (def.color !== undefined || def.entityKind !== undefined)
          expect(button?.color, where).toMatch(/^#[0-9a-f]{6}$/);
        actions++;
      }
    }
    // flood_colors' six floods and rotate_flip's rotate and flip at least.
    expect(actions).toBeGreaterThanOrEqual(8);
  });

  it("flood_colors keeps its buttons when the pack comes from JSON, as a browser gets it", async () => {
    const validated = await validatePackFolder(join(CORPUS_PACKS, "flood_colors"), {
      searchPaths: [CORPUS_PACKS],
    });
    if (!validated.ok || !validated.pack) throw new Error("flood_colors does not validate");
    const pack = compilePack(JSON.parse(JSON.stringify(validated.pack)));
    const game = inputModel(createViewContext(pack)).buttons.filter((b) => b.group === "game");
    expect(game.map((b) => [b.id, b.key, b.color])).toEqual([
      ["flood_red", "R", "#e53935"],
      ["flood_blue", "B", "#1e88e5"],
      ["flood_yellow", "Y", "#ffd600"],
      ["flood_orange", "O", "#fb8c00"],
      ["flood_purple", "P", "#8e24aa"],
      ["flood_teal", "T", "#00897b"],
    ]);
  });
});

describe("resolveGesture: player commands", () => {
  it("maps undo, redo, reset and hint keys and the command buttons", async () => {
    const { ctx } = await corpusPack("carrot_quest");
    expect(resolveGesture(ctx, key("u"))).toEqual(command("undo"));
    expect(resolveGesture(ctx, key("Backspace"))).toEqual(command("undo"));
    expect(resolveGesture(ctx, key("z", { ctrl: true }))).toEqual(command("undo"));
    expect(resolveGesture(ctx, key("z", { meta: true }))).toEqual(command("undo"));
    expect(resolveGesture(ctx, key("U", { shift: true }))).toEqual(command("redo"));
    expect(resolveGesture(ctx, key("y", { ctrl: true }))).toEqual(command("redo"));
    expect(resolveGesture(ctx, key("Z", { ctrl: true, shift: true }))).toEqual(command("redo"));
    expect(resolveGesture(ctx, key("R", { shift: true }))).toEqual(command("reset"));
    expect(resolveGesture(ctx, key("h"))).toEqual(command("hint"));
    // ? is the player's own: it lists the controls.
    expect(resolveGesture(ctx, key("?", { shift: true }))).toBeNull();
    expect(resolveGesture(ctx, key("x", { alt: true }))).toBeNull();
    expect(resolveGesture(ctx, key("ArrowUp", { ctrl: true }))).toBeNull();
    expect(resolveGesture(ctx, key("F5"))).toBeNull();
    for (const c of ["undo", "redo", "reset", "hint"])
      expect(resolveGesture(ctx, { type: "button", buttonId: `command:${c}` })).toEqual(command(c));
    expect(resolveGesture(ctx, { type: "button", buttonId: "direction:left" })).toEqual(
      action({ action: "move", direction: "left" }),
    );
  });
});

describe("resolveGesture without a theme", () => {
  it("derives swipes from a move action and taps from a position action (fx_individual_actors)", async () => {
    const { ctx, pack } = await corpusPack("fx_individual_actors");
    expect(pack.theme).toBeUndefined();
    expect(resolveGesture(ctx, { type: "swipe", direction: "down" })).toEqual(
      action({ action: "move", direction: "down" }),
    );
    expect(resolveGesture(ctx, { type: "tap", cell: [3, 1] })).toEqual(
      action({ action: "tap_cell", position: [3, 1] }),
    );
    expect(resolveGesture(ctx, key("w"))).toEqual(action({ action: "move", direction: "up" }));
    expect(resolveGesture(ctx, key("r"))).toEqual(command("reset"));
    const model = inputModel(ctx);
    expect([model.swipeCardinal, model.swipeDiagonal, model.tapCell]).toEqual([true, false, true]);
    // The derived actions are ones the engine accepts.
    const session = new Session(pack, "ia_001");
    const tap = resolveGesture(ctx, { type: "tap", cell: [0, 0] });
    expect(tap?.kind === "action" && session.act(tap.action).accepted).toBe(true);
    const swipe = resolveGesture(ctx, { type: "swipe", direction: "down" });
    expect(swipe?.kind === "action" && session.act(swipe.action).accepted).toBe(true);
  });

  it("gives parameterless actions buttons labelled from the action", async () => {
    const { pack, assets } = await corpusPack("rotate_flip");
    const ctx = createViewContext(withTheme(pack, undefined), assets);
    const game = inputModel(ctx).buttons.filter((b) => b.group === "game");
    expect(game.map((b) => [b.id, b.label, b.key])).toEqual([
      ["rotate", "Rotate", null],
      ["flip", "Flip", null],
    ]);
    expect(resolveGesture(ctx, { type: "button", buttonId: "flip" })).toEqual(action({ action: "flip" }));
    expect(resolveGesture(ctx, { type: "swipe", direction: "left" })).toEqual(
      action({ action: "move", direction: "left" }),
    );
    // Without the theme's `r` binding, r resets again.
    expect(resolveGesture(ctx, key("r"))).toEqual(command("reset"));
  });

  it("derives diagonal swipes from an action that takes diagonal directions", async () => {
    const { pack, assets } = await corpusPack("diagonal_swipes");
    const ctx = createViewContext(withTheme(pack, undefined), assets);
    expect(inputModel(ctx).swipeDiagonal).toBe(true);
    expect(resolveGesture(ctx, { type: "swipe", direction: "up_right" })).toEqual(
      action({ action: "diagonal_swap", direction: "up_right" }),
    );
    expect(resolveGesture(ctx, key("e"))).toEqual(action({ action: "diagonal_swap", direction: "up_right" }));
  });

  it("needs a selection for swipes whose action also takes a position (sliding blocks)", async () => {
    const { ctx, pack } = await corpusPack("fx_sliding_blocks");
    expect(needsSelection(ctx)).toBe(true);
    expect(inputModel(ctx).tapCell).toBe(true);
    expect(resolveGesture(ctx, { type: "swipe", direction: "right" })).toBeNull();
    const outcome = resolveGesture(ctx, { type: "swipe", direction: "right" }, { selection: [0, 2] });
    expect(outcome).toEqual(action({ action: "move", direction: "right", position: [0, 2] }));
    const session = new Session(pack, "sb_001");
    expect(outcome?.kind === "action" && session.act(outcome.action).accepted).toBe(true);
    const carrot = await corpusPack("carrot_quest");
    expect(needsSelection(carrot.ctx)).toBe(false);
  });
});

describe("inputModel keyboard help", () => {
  it("lists movement, pack keys and commands, leaving out keys the pack took", async () => {
    const { ctx } = await corpusPack("diagonal_swipes");
    const keys = inputModel(ctx).keys;
    expect(keys[0]).toEqual({ key: "Arrow keys / W A S D", does: "Move" });
    expect(keys).toContainEqual({ key: "L", does: "Diagonal swap (up left)" });
    expect(keys).toContainEqual({ key: "Shift+R", does: "Reset" });
    expect(keys).not.toContainEqual({ key: "R", does: "Reset" });
  });
});
