import { join } from "node:path";
import { screenshotPixels } from "@gridponder/browser-harness";
import { type ActionInput, DIRECTION_DELTAS } from "@gridponder/engine";
import { type BoardView, screenDirection } from "@gridponder/view";
import { describe, expect, it } from "vitest";
import {
  cellCenter,
  colourCells,
  goldPath,
  idle,
  KEY_OF,
  mount,
  nearestColour,
  played,
  RESULTS,
  settled,
  type TestWindow,
  usePlayerPage,
} from "./browser.js";

const p = usePlayerPage({ packs: ["lantern-cellar", "diagonal_swipes", "flood_colors"] });

const VIEWS: readonly BoardView[] = ["isometric", "top-down"];
/** Screen offsets (y down) of each compass direction: the board's own steps, read on screen. */
const SCREEN = DIRECTION_DELTAS;

const avatarCell = () =>
  p.page.evaluate(() => {
    const cell = (window as never as TestWindow).gpTest.player.state.avatar.position;
    if (!cell) throw new Error("no avatar");
    return [cell[0], cell[1]] as [number, number];
  });
const lastAction = () =>
  p.page.evaluate(() => {
    const actions = (window as never as TestWindow).gpTest.player.session.actions;
    return JSON.parse(JSON.stringify(actions[actions.length - 1] ?? null)) as ActionInput | null;
  });

/** A drag of 70 px from the board's middle in a screen direction. */
async function screenSwipe(direction: string): Promise<void> {
  const [dx, dy] = SCREEN[direction] ?? [0, 0];
  const [w, h] = await p.page.evaluate(() => {
    const s = (window as never as TestWindow).gpTest.player.controller.scene;
    return [s.width, s.height];
  });
  const from = await cellCenter(p.page, [Math.floor(w / 2), Math.floor(h / 2)]);
  const len = Math.hypot(dx, dy);
  await p.page.mouse.move(from.x, from.y);
  await p.page.mouse.down();
  await p.page.mouse.move(from.x + (dx / len) * 35, from.y + (dy / len) * 35);
  await p.page.mouse.move(from.x + (dx / len) * 70, from.y + (dy / len) * 70);
  await p.page.mouse.up();
  await idle(p.page);
}

describe("two views", () => {
  it.each(VIEWS)("in the %s view each arrow key moves the avatar the way the view shows it", async (view) => {
    const gold = goldPath(p.packs.get("lantern-cellar"), "lc01_bottom_step");
    // From each point of the gold path, its next move by its arrow key: the avatar's centre moves on
    // screen the way the view's table shows that direction (ArrowUp: upwards on screen in both views).
    const seen = new Set<string>();
    for (let i = 0; i < gold.length; i++) {
      const direction = String(gold[i]?.direction);
      if (seen.has(direction) || !KEY_OF[direction]) continue;
      seen.add(direction);
      await mount(p.page, {
        pack: "lantern-cellar",
        level: "lc01_bottom_step",
        view,
        initialActions: gold.slice(0, i),
      });
      await p.page.focus("#player");
      const before = await cellCenter(p.page, await avatarCell());
      await p.page.keyboard.press(KEY_OF[direction] as string);
      await idle(p.page);
      const after = await cellCenter(p.page, await avatarCell());
      const [sx, sy] = SCREEN[screenDirection(view, direction as never)] ?? [0, 0];
      const sign = (n: number) => (Math.abs(n) < 2 ? 0 : Math.sign(n));
      expect([sign(after.x - before.x), sign(after.y - before.y)], `${direction} in ${view}`).toEqual([
        sx,
        sy,
      ]);
      if (direction === "up") expect(after.y).toBeLessThan(before.y);
    }
    expect(seen.size).toBeGreaterThanOrEqual(2);
    p.errors.assertNone();
  });

  it("draws the board from above: cell centres show their kind's colour, in square cells", async () => {
    await mount(p.page, { pack: "flood_colors", view: "top-down" });
    await settled(p.page);
    const shot = await screenshotPixels(p.page, { path: join(RESULTS, "flood_colors-top-down.png") });
    const { cells, palette, background } = await colourCells(p.page);
    expect(cells.length).toBe(25);
    for (const c of cells) {
      const pixel = shot.at(c.at.x, c.at.y);
      expect(nearestColour(pixel, [...palette, background]), `${c.kind} at ${c.cell}`).toBe(c.expected);
    }
    const a = await cellCenter(p.page, [0, 0]);
    const b = await cellCenter(p.page, [1, 0]);
    const c = await cellCenter(p.page, [0, 1]);
    expect(b.y).toBeCloseTo(a.y, 3);
    expect(c.y - a.y).toBeCloseTo(b.x - a.x, 3);
  });

  it("switches view by its button and by V, redrawing the pad and telling the host", async () => {
    await mount(p.page, { pack: "lantern-cellar" });
    const view = () => p.page.evaluate(() => (window as never as TestWindow).gpTest.player.view);
    expect(await view()).toBe("isometric");
    const toggle = p.page.locator("#player [data-view-toggle]");
    expect(await toggle.textContent()).toBe("Top view");
    await p.page.evaluate(() => {
      const host = document.querySelector("#player") as HTMLElement;
      (window as never as { views: string[] }).views = [];
      host.addEventListener("view-change", (e) =>
        (window as never as { views: string[] }).views.push((e as CustomEvent).detail.view),
      );
    });
    await toggle.click();
    expect(await view()).toBe("top-down");
    expect(await p.page.locator("#player [data-view-toggle]").textContent()).toBe("3D view");
    expect(await p.page.locator("#player .gp-dpad").getAttribute("data-view")).toBe("top-down");
    await p.page.focus("#player");
    await p.page.keyboard.press("v");
    expect(await view()).toBe("isometric");
    // In the isometric view the pad's up arrow sits top right, pointing along the board's up.
    const up = p.page.locator('#player .gp-dpad button[data-direction="up"]');
    expect(await up.textContent()).toBe("↗");
    expect(await p.page.evaluate(() => (window as never as { views: string[] }).views)).toEqual([
      "top-down",
      "isometric",
    ]);
    p.errors.assertNone();
  });
});

describe("Diagonal Swipes", () => {
  const swap = (direction: string) => ({ action: "diagonal_swap", direction });

  it.each([
    // Isometric: the board's diagonals run along the screen's axes.
    ["isometric", "up", swap("up_left")],
    ["isometric", "down", swap("up_left")],
    ["isometric", "right", swap("up_right")],
    ["isometric", "left", swap("up_right")],
    ["isometric", "down_right", { action: "move", direction: "right" }],
    // From above, screen and board directions are the same.
    ["top-down", "up_left", swap("up_left")],
    ["top-down", "down_right", swap("up_left")],
    ["top-down", "up_right", swap("up_right")],
    ["top-down", "down_left", swap("up_right")],
    ["top-down", "right", { action: "move", direction: "right" }],
  ] as const)("in the %s view a swipe %s on screen plays %j", async (view, screen, expected) => {
    await mount(p.page, { pack: "diagonal_swipes", level: "ds_001", view });
    const before = await played(p.page);
    await screenSwipe(screen);
    const accepted = (await played(p.page)) === before + 1;
    const last = await lastAction();
    if (expected.action === "move" && !accepted) {
      // The cursor may stand at the board's edge: then the move is refused, never turned into a swap.
      expect(last).toBeNull();
      return;
    }
    expect(accepted).toBe(true);
    expect(last).toEqual(expected);
    p.errors.assertNone();
  });

  it("shows its swaps as visible buttons on a desktop pad, with their keys, placed as the view shows them", async () => {
    for (const view of VIEWS) {
      await mount(p.page, { pack: "diagonal_swipes", level: "ds_001", view });
      const pad = p.page.locator("#player .gp-dpad");
      expect(await pad.isVisible(), view).toBe(true);
      // The pad cell at the top centre of the screen: board up_left in 3D, board up from above.
      const topCentre = pad.locator(":scope > :nth-child(2)");
      expect(await topCentre.getAttribute("data-direction")).toBe(view === "isometric" ? "up_left" : "up");
      const upLeft = pad.locator('button[data-direction="up_left"]');
      expect(await upLeft.getAttribute("title")).toMatch(/\(L\)$/);
      const before = await played(p.page);
      await upLeft.click();
      await idle(p.page);
      expect(await played(p.page)).toBe(before + 1);
      expect(await lastAction()).toEqual(swap("up_left"));
      await p.page.screenshot({ path: join(RESULTS, `diagonal_swipes-${view}-pad.png`) });
    }
    p.errors.assertNone();
  });
});
