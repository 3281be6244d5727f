import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { idle, mount, RESULTS, type TestWindow, usePlayerPage } from "./browser.js";

const p = usePlayerPage({ packs: ["lantern-cellar", "prism-tiles"] });

/** The board table's cells as text, row by row (header row and row headers left out). */
const table = () =>
  p.page.evaluate(() => {
    const root = document.querySelector("#player")?.shadowRoot;
    const rows = [...(root?.querySelectorAll(".gp-board-text tbody tr") ?? [])];
    return rows.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""));
  });
const live = () => p.page.locator("#player .gp-live").textContent();

describe("for a player who cannot see the board", () => {
  it("keeps a table of the board, cell by cell, up to date after every move", async () => {
    await mount(p.page, { pack: "lantern-cellar", level: "lc01_bottom_step" });
    const size = await p.page.evaluate(() => {
      const s = (window as never as TestWindow).gpTest.player.controller.scene;
      return [s.width, s.height];
    });
    const before = await table();
    expect(before).toHaveLength(size[1] as number);
    expect(before[0]).toHaveLength(size[0] as number);
    expect(before[0]?.[0]).toBe("you");
    expect(
      before.flat().some((w) => /lantern/i.test(w)),
      JSON.stringify(before),
    ).toBe(true);
    expect(before.flat().some((w) => /wall/i.test(w))).toBe(true);
    const caption = await p.page.locator("#player .gp-board-text caption").textContent();
    expect(caption).toBe(`The board: ${size[0]} columns, ${size[1]} rows`);
    await p.page.focus("#player");
    await p.page.keyboard.press("ArrowRight");
    await idle(p.page);
    const after = await table();
    expect([after[0]?.[0], after[0]?.[1]]).toEqual(["empty", "you"]);
    // The announcement says where the avatar went.
    expect(await live()).toBe("Moved right to column 2, row 1.");
    // Hidden from sight, not from screen readers.
    const box = await p.page.locator("#player .gp-board-text").boundingBox();
    expect((box?.width ?? 0) <= 1 && (box?.height ?? 0) <= 1).toBe(true);
    p.errors.assertNone();
  });

  it("lists every control of the level on ? and its button, and closes with Escape", async () => {
    await mount(p.page, { pack: "prism-tiles", level: "pt01_first_turn" });
    await p.page.focus("#player");
    await p.page.keyboard.press("?");
    const panel = p.page.locator("#player .gp-dialog[data-kind=help]");
    await panel.waitFor({ state: "visible" });
    const terms = await panel.locator("dt").allTextContents();
    const text = await panel.textContent();
    // The pack's keys with what they do, the history keys, and the player's own.
    for (const key of ["Arrow keys / W A S D", "U", "R", "H", "?"]) expect(terms).toContain(key);
    // The pack binds V (a mirror), so V does not switch the view here and the panel says so once.
    expect(terms.filter((t) => t === "V")).toHaveLength(1);
    expect(text).not.toContain("top-down view");
    expect(text).toContain("Turn (clockwise)");
    expect(text).toContain("Swipe on the board");
    await p.page.screenshot({ path: join(RESULTS, "help-panel.png") });
    await p.page.keyboard.press("Escape");
    await panel.waitFor({ state: "hidden" });
    await p.page.locator("#player [data-help]").click();
    await panel.waitFor({ state: "visible" });
    await p.page.locator("#player .gp-dialog[data-kind=help] button").click();
    await panel.waitFor({ state: "hidden" });
    // ? is no longer a hint: nothing was played.
    expect(
      await p.page.evaluate(() => (window as never as TestWindow).gpTest.player.session.actionCount),
    ).toBe(0);
    p.errors.assertNone();
  });
});
