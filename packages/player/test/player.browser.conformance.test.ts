import { join } from "node:path";
import { screenshotPixels } from "@gridponder/browser-harness";
import type { ActionInput } from "@gridponder/engine";
import { beforeAll, describe, expect, it } from "vitest";
import { contrastRatio } from "../src/colors.js";
import {
  cellCenter,
  colourCells,
  goldPath,
  idle,
  KEY_OF,
  mount,
  moves,
  nearestColour,
  playByPointer,
  played,
  pressTwiceInOneTask,
  RESULTS,
  settled,
  swipe,
  type TestWindow,
  usePlayerPage,
} from "./browser.js";

const PACKS = [
  "fx_sliding_blocks",
  "carrot_quest",
  "lantern-cellar",
  "rotate_flip",
  "number_cells",
  "fx_individual_actors",
  "flood_colors",
  "diagonal_swipes",
  "wisp-hollow",
];
/** A pack whose texts try to inject markup: it must show as plain text. */
const HOSTILE = '<img src=x onerror="window.pwned=1"><b>bold</b>';

const p = usePlayerPage({ packs: PACKS });
beforeAll(() => {
  const base = p.packs.get("rotate_flip");
  if (!base) throw new Error("rotate_flip missing");
  const hostile = structuredClone(base) as {
    pack: { manifest: { title: string }; game: { levelSequence: unknown[] } };
  };
  hostile.pack.manifest.title = HOSTILE;
  hostile.pack.game.levelSequence = hostile.pack.game.levelSequence.map((e) =>
    (e as { type: string }).type === "story" ? { type: "story", title: HOSTILE, text: HOSTILE } : e,
  );
  p.server.put("/packs/hostile/pack.json", JSON.stringify(hostile));
  // The same pack with a story far longer than a small board is tall.
  const long = structuredClone(base) as typeof hostile;
  long.pack.game.levelSequence = long.pack.game.levelSequence.map((e) =>
    (e as { type: string }).type === "story"
      ? {
          type: "story",
          title: "A long story",
          text: Array(14).fill("Once more the tiles turned.").join("\n\n"),
        }
      : e,
  );
  p.server.put("/packs/longstory/pack.json", JSON.stringify(long));
});

/** `#rrggbb` of a computed `rgb(r, g, b)` colour. */
function cssHex(rgb: string): string {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

const dialog = (kind: string) => `#player .gp-dialog[data-kind=${kind}]`;
const live = () => p.page.locator("#player .gp-live").textContent();
const recorded = () => p.page.evaluate(() => (window as never as TestWindow).gpTest.events);

/** The centre cell of the current board: swipes start there. */
async function boardMiddle(): Promise<[number, number]> {
  const [w, h] = await p.page.evaluate(() => {
    const s = (window as never as TestWindow).gpTest.player.controller.scene;
    return [s.width, s.height];
  });
  return [Math.floor(w / 2), Math.floor(h / 2)];
}

/** Plays a gold path with the pointer: swipes from the board's middle, taps for cells, buttons for the rest. */
async function playAlong(actions: readonly ActionInput[]): Promise<void> {
  await playByPointer(p.page, actions, { from: await boardMiddle(), buttons: true });
}

describe("the player", () => {
  it.each([
    ["carrot_quest", "fw_001"],
    ["lantern-cellar", undefined],
    // NPCs: a pale wisp steps after every move (follower_npcs).
    ["wisp-hollow", "wh01_chase"],
  ])("plays %s's gold path by keyboard and shows the win dialog", async (pack, level) => {
    const info = await mount(p.page, { pack, ...(level ? { level } : {}) });
    expect(info.renderer).toBe("webgl");
    const gold = goldPath(p.packs.get(pack), info.level);
    await p.page.focus("#player");
    for (const action of gold) {
      const key = KEY_OF[String(action.direction)];
      if (action.action !== "move" || !key) throw new Error(`not a keyboard move: ${JSON.stringify(action)}`);
      await p.page.keyboard.press(key);
    }
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    const text = await p.page.locator(dialog("won")).textContent();
    expect(text).toContain(`Solved in ${gold.length} moves`);
    expect(await live()).toContain(`Level solved in ${gold.length} moves`);
    const events = await recorded();
    expect(events.filter((e) => e.type === "turn")).toHaveLength(gold.length);
    expect(events.filter((e) => e.type === "won")).toEqual([
      { type: "won", level: info.level, moves: gold.length, actions: gold.length, won: true },
    ]);
    await p.page.screenshot({ path: join(RESULTS, `won-${pack}.png`) });
    // The way on (the dialog's primary button) reads at WCAG AA contrast in every pack's colours.
    const [fg, bg] = await p.page.evaluate(() => {
      const button = document.querySelector("#player")?.shadowRoot?.querySelector(".gp-dialog .gp-primary");
      if (!button) throw new Error("no primary button");
      const style = getComputedStyle(button);
      return [style.color, style.backgroundColor];
    });
    expect(contrastRatio(cssHex(fg), cssHex(bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    p.errors.assertNone();
  });

  it("draws the board: cell centres show their kind's colour, not the background (WebGL)", async () => {
    await mount(p.page, { pack: "flood_colors" });
    await settled(p.page);
    const shot = await screenshotPixels(p.page, { path: join(RESULTS, "flood_colors-webgl.png") });
    const { cells, palette, background } = await colourCells(p.page);
    expect(cells.length).toBe(25);
    expect(new Set(cells.map((c) => c.kind)).size).toBeGreaterThanOrEqual(4);
    for (const c of cells) {
      const pixel = shot.at(c.at.x, c.at.y);
      expect(nearestColour(pixel, [...palette, background]), `${c.kind} at ${c.cell}`).toBe(c.expected);
    }
  });

  it("plays rotate_flip by swipes and buttons", async () => {
    await mount(p.page, { pack: "rotate_flip", level: "rf_002" });
    await playAlong(goldPath(p.packs.get("rotate_flip"), "rf_002"));
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    await p.page.screenshot({ path: join(RESULTS, "won-rotate_flip-pointer.png") });
    p.errors.assertNone();
  });

  it("plays number_cells by pointer swipes on the board", async () => {
    await mount(p.page, { pack: "number_cells", level: "nc_010" });
    await playAlong(goldPath(p.packs.get("number_cells"), "nc_010"));
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    p.errors.assertNone();
  });

  it("plays fx_individual_actors by taps at projected cell centres and swipes", async () => {
    await mount(p.page, { pack: "fx_individual_actors", level: "ia_001" });
    const gold = goldPath(p.packs.get("fx_individual_actors"), "ia_001");
    expect(gold.some((a) => Array.isArray(a.position))).toBe(true);
    await playAlong(gold);
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    await p.page.screenshot({ path: join(RESULTS, "won-fx_individual_actors-taps.png") });
    p.errors.assertNone();
  });

  it("plays fx_sliding_blocks by tapping a block, then swiping it", async () => {
    await mount(p.page, { pack: "fx_sliding_blocks", level: "sb_001" });
    const middle = await boardMiddle();
    for (const action of goldPath(p.packs.get("fx_sliding_blocks"), "sb_001")) {
      const at = await cellCenter(p.page, action.position as [number, number]);
      await p.page.mouse.click(at.x, at.y);
      expect(await live()).toMatch(/^Selected column/);
      const before = await played(p.page);
      await swipe(p.page, middle, String(action.direction));
      await idle(p.page);
      expect(await played(p.page)).toBe(before + 1);
    }
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    p.errors.assertNone();
  });

  it("plays flood_colors by its pack keys", async () => {
    const { level } = await mount(p.page, { pack: "flood_colors" });
    const pack = p.packs.get("flood_colors") as {
      pack: { theme?: { controls?: { gestureMap: { gesture: string; key?: string; action: string }[] } } };
    };
    const keyOf = new Map(
      (pack.pack.theme?.controls?.gestureMap ?? [])
        .filter((g) => g.gesture === "key_press")
        .map((g) => [g.action, g.key]),
    );
    await p.page.focus("#player");
    for (const action of goldPath(p.packs.get("flood_colors"), level)) {
      const key = keyOf.get(action.action);
      if (!key) throw new Error(`no key for ${action.action}`);
      await p.page.keyboard.press(key);
    }
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
  });

  it("goes on to the next level from the win dialog", async () => {
    const { levels } = await mount(p.page, { pack: "number_cells", level: "nc_001" });
    await p.page.focus("#player");
    for (const action of goldPath(p.packs.get("number_cells"), "nc_001"))
      await p.page.keyboard.press(KEY_OF[String(action.direction)] ?? "");
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    await p.page.locator(`${dialog("won")} button[data-action=next]`).click();
    const next = levels[levels.indexOf("nc_001") + 1];
    await p.page.waitForSelector(`#player .gp[data-level=${next}]`, { state: "attached" });
    expect((await recorded()).at(-1)).toMatchObject({ type: "level-change", level: next, moves: 0 });
    expect(await p.page.locator(dialog("won")).count()).toBe(0);
  });

  it("undoes, redoes, resets and hints, announcing each", async () => {
    await mount(p.page, { pack: "carrot_quest", level: "fw_001" });
    const stops = p.packs.get("carrot_quest")?.pack.levels.fw_001?.solution.hintStops ?? [];
    expect(stops[0]).toBeGreaterThan(0);
    await p.page.locator("#player button[data-command=hint]").click();
    await idle(p.page);
    expect(await moves(p.page)).toBe(stops[0]);
    await p.page.focus("#player");
    await p.page.keyboard.press("u");
    await idle(p.page);
    expect(await moves(p.page)).toBe((stops[0] ?? 0) - 1);
    expect(await live()).toMatch(/^Undone\./);
    await p.page.keyboard.press("Shift+U");
    await idle(p.page);
    expect(await moves(p.page)).toBe(stops[0]);
    await p.page.locator("#player button[data-command=reset]").click();
    await idle(p.page);
    expect(await moves(p.page)).toBe(0);
    expect(await live()).toBe("Level reset.");
    await p.page.keyboard.press("ArrowDown");
    expect(await live()).toMatch(/^Moved down to column \d+, row \d+\./);
    // Off the gold path (it goes down, then right), a hint starts over and plays to the first stop.
    await p.page.keyboard.press("ArrowDown");
    expect(await moves(p.page)).toBe(2);
    await p.page.keyboard.press("h");
    await idle(p.page);
    const actions = await p.page.evaluate(
      () => (window as never as TestWindow).gpTest.player.session.actions,
    );
    expect(actions).toEqual(goldPath(p.packs.get("carrot_quest"), "fw_001").slice(0, stops[0]));
    p.errors.assertNone();
  });

  it("finishes a running animation at once when the next input arrives", async () => {
    await mount(p.page, { pack: "carrot_quest", level: "fw_001", reducedMotion: false });
    const keys = goldPath(p.packs.get("carrot_quest"), "fw_001").map(
      (action) => KEY_OF[String(action.direction)] ?? "",
    );
    expect(await pressTwiceInOneTask(p.page, [keys[0] ?? "", keys[1] ?? ""])).toEqual({
      animatingAfterFirst: true,
      moves: 2,
    });
    await p.page.focus("#player");
    for (const key of keys.slice(2)) await p.page.keyboard.press(key);
    expect(await moves(p.page)).toBe(keys.length);
    await p.page.waitForSelector(dialog("won"), { state: "visible" });
    expect(
      await p.page.evaluate(() => (window as never as TestWindow).gpTest.player.renderer.animating),
    ).toBe(false);
  });

  it("shows the level's story screens first, and goes on with Enter", async () => {
    await mount(p.page, { pack: "rotate_flip", story: true });
    await p.page.waitForSelector(dialog("story"), { state: "visible" });
    await p.page.focus("#player");
    await p.page.keyboard.press("ArrowLeft");
    expect(await moves(p.page)).toBe(0);
    await p.page.keyboard.press("Enter");
    await p.page.waitForSelector("#player .gp-dialog", { state: "hidden" });
  });

  it("shows a long story from its title on a small board, its buttons in view: only the text scrolls", async () => {
    await mount(p.page, { pack: "longstory", story: true, width: 360, height: 300 });
    await p.page.waitForSelector(dialog("story"), { state: "visible" });
    const layout = await p.page.evaluate(() => {
      const root = document.querySelector("#player")?.shadowRoot;
      const layer = root?.querySelector<HTMLElement>(".gp-dialog");
      const button = root?.querySelector<HTMLElement>(".gp-dialog .gp-primary");
      const card = root?.querySelector<HTMLElement>(".gp-card");
      if (!root || !layer || !button || !card) throw new Error("no story dialog");
      const shown = layer.getBoundingClientRect();
      /** Whether the element is within the dialog and is what a pointer at its centre hits. */
      const visible = (e: Element | null | undefined): boolean => {
        if (!e) return false;
        const box = e.getBoundingClientRect();
        const hit = root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.top >= shown.top && box.bottom <= shown.bottom && (hit === e || e.contains(hit));
      };
      return {
        // The title and the start of the text are read first; the buttons are there all along.
        title: visible(card.querySelector("h2")),
        start: visible(card.querySelector("p")),
        button: visible(button),
        scrolls: [card, ...card.querySelectorAll<HTMLElement>("*")].some(
          (e) => e.scrollHeight > e.clientHeight,
        ),
      };
    });
    expect(layout).toEqual({ title: true, start: true, button: true, scrolls: true });
    await p.page.locator("#player").screenshot({ path: join(RESULTS, "story-long.png") });
    await p.page.keyboard.press("Enter");
    await p.page.waitForSelector("#player .gp-dialog", { state: "hidden" });
  });

  it("draws focus rings at 3:1 against the board even where the theme's primary colour is too dark", async () => {
    // rotate_flip's purple on the default dark board is 2.7:1.
    await mount(p.page, { pack: "rotate_flip" });
    await p.page.focus("#player");
    // The goals panel (scrollable, so focusable) comes first; then the buttons.
    for (let i = 0; i < 3; i++) {
      await p.page.keyboard.press("Tab");
      const onButton = await p.page.evaluate(
        () => document.querySelector("#player")?.shadowRoot?.activeElement?.tagName === "BUTTON",
      );
      if (onButton) break;
    }
    const [ring, board] = await p.page.evaluate(() => {
      const root = document.querySelector("#player")?.shadowRoot;
      const focused = root?.activeElement;
      const gp = root?.querySelector(".gp");
      if (!focused || focused.tagName !== "BUTTON" || !gp) throw new Error("no focused button");
      return [getComputedStyle(focused).outlineColor, getComputedStyle(gp).backgroundColor];
    });
    expect(contrastRatio(cssHex(ring), cssHex(board)), `${ring} on ${board}`).toBeGreaterThanOrEqual(3);
  });

  it("shows the lose dialog when the move limit runs out, and undo leaves it", async () => {
    const { level } = await mount(p.page, { pack: "diagonal_swipes", level: "ds_004" });
    const limit = await p.page.evaluate(
      () => (window as never as TestWindow).gpTest.player.controller.hud().maxActions,
    );
    expect(level).toBe("ds_004");
    expect(limit).toBeGreaterThan(0);
    await p.page.focus("#player");
    let pressed = 0;
    while (!(await p.page.locator(dialog("lost")).isVisible()) && pressed < (limit ?? 0) * 3) {
      await p.page.keyboard.press(pressed % 2 === 0 ? "ArrowLeft" : "ArrowRight");
      pressed++;
      await idle(p.page);
    }
    await p.page.waitForSelector(dialog("lost"), { state: "visible" });
    expect((await recorded()).some((e) => e.type === "lost")).toBe(true);
    await p.page.locator(`${dialog("lost")} button[data-action=undo]`).click();
    await p.page.waitForSelector("#player .gp-dialog", { state: "hidden" });
    expect(await moves(p.page)).toBe((limit ?? 0) - 1);
  });

  it("moves and animates a wisp after each move, and shows the lose dialog when it catches Wick", async () => {
    await mount(p.page, { pack: "wisp-hollow", level: "wh01_chase", reducedMotion: false });
    const wisp = () =>
      p.page.evaluate(() => {
        const piece = (window as never as TestWindow).gpTest.player.controller.scene.pieces.find(
          (q) => q.kind === "pale_wisp",
        );
        return { id: piece?.id, cell: piece ? [...piece.cell] : null };
      });
    const before = await wisp();
    expect(before.cell).toEqual([5, 3]);
    // Read in the task that plays the move, so no machine is too slow to see the animation running.
    const animating = await p.page.evaluate(async () => {
      const { player } = (window as never as TestWindow).gpTest;
      const done = player.act({ action: "move", direction: "up" });
      const running = player.renderer.animating;
      await done;
      return { running, after: player.renderer.animating };
    });
    expect(animating).toEqual({ running: true, after: false });
    // The same piece one cell on, so the renderer moved it rather than swapping it for another.
    expect(await wisp()).toEqual({ id: before.id, cell: [4, 3] });
    await p.page.focus("#player");
    await p.page.keyboard.press("ArrowUp");
    await p.page.waitForSelector(dialog("lost"), { state: "visible" });
    p.errors.assertNone();
  });

  it("puts pack text into the page as text only", async () => {
    await mount(p.page, { pack: "hostile", story: true });
    await p.page.waitForSelector(dialog("story"), { state: "visible" });
    expect(await p.page.locator(`${dialog("story")} h2`).textContent()).toBe(HOSTILE);
    expect(await p.page.locator("#player .gp-pack").textContent()).toBe(HOSTILE);
    expect(await p.page.locator("#player img[src=x], #player b").count()).toBe(0);
    expect(await p.page.evaluate(() => (window as never as { pwned?: number }).pwned)).toBeUndefined();
  });

  it("starts from a replay given as initialActions", async () => {
    const gold = goldPath(p.packs.get("carrot_quest"), "fw_001");
    await mount(p.page, { pack: "carrot_quest", level: "fw_001", initialActions: gold.slice(0, 3) });
    expect(await moves(p.page)).toBe(3);
    expect(await p.page.locator("#player .gp-counter").textContent()).toBe("Moves: 3");
  });

  it("shows the HUD: target picture in the board's view, goal progress, move limit, held item", async () => {
    await mount(p.page, { pack: "rotate_flip", level: "rf_002" });
    const grid = await p.page.evaluate(() => {
      const g = (window as never as TestWindow).gpTest.player.controller.scene.goalGrids[0];
      return g ? g.width * g.height : 0;
    });
    expect(grid).toBeGreaterThan(0);
    // The target picture is drawn as the board is seen, and redrawn when the view changes.
    // Drawn by a module loaded with the first level that has a target pattern.
    await p.page.waitForSelector("#player .gp-target");
    const target = p.page.locator("#player .gp-target");
    expect(await target.locator("g[data-cell]").count()).toBe(grid);
    expect(await target.getAttribute("data-view")).toBe("isometric");
    await p.page.focus("#player");
    await p.page.keyboard.press("v");
    await p.page.waitForSelector("#player .gp-target[data-view=top-down]");
    expect(await p.page.locator("#player .gp-target g[data-cell]").count()).toBe(grid);
    expect(await p.page.locator("#player .gp-goal [role=progressbar]").getAttribute("aria-valuenow")).toMatch(
      /^\d+$/,
    );

    await mount(p.page, { pack: "diagonal_swipes", level: "ds_004" });
    expect(await p.page.locator("#player .gp-counter").textContent()).toBe("Moves: 0 / 12");

    const gold = goldPath(p.packs.get("lantern-cellar"), "lc04_cobweb_curtains");
    await mount(p.page, {
      pack: "lantern-cellar",
      level: "lc04_cobweb_curtains",
      initialActions: gold.slice(0, 2),
    });
    expect(await p.page.locator("#player .gp-inventory").textContent()).toMatch(/^Holding:.*taper/i);
  });
});
