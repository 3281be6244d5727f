import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  collectErrors,
  type HarnessBrowser,
  launchBrowser,
  type Page,
  type PageErrors,
  type Server,
  serve,
  serveDir,
} from "@gridponder/browser-harness";
import { compilePackForWeb, writeCompiledPack } from "@gridponder/player/node";
import { namesFromFolder, starterFiles } from "@gridponder/templates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STUDIO_SITE_DIR } from "../dist/node/studio-site.js";
import { levelShareFragment } from "../src/io/share-link.js";
import { packToZip } from "../src/io/zip.js";

// The studio as an author uses it, in Debian's chromium: from the starter pack, a level painted,
// judged by the solver, played, recorded, exported, reloaded and edited as JSON. Screenshots go to
// test-results/ (git-ignored); the docs guide uses them.
const SHOTS = join(import.meta.dirname, "../test-results");
const CLI = join(import.meta.dirname, "../../../packages/cli/dist/bin.js");

let browser: HarnessBrowser;
let server: Server;
let page: Page;
let errors: PageErrors;
const scratch = mkdtempSync(join(tmpdir(), "gp-studio-test-"));

beforeAll(async () => {
  server = await serveDir(STUDIO_SITE_DIR);
  browser = await launchBrowser({ viewport: { width: 1440, height: 900 } });
  page = await browser.newPage();
  errors = collectErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** What `startStudio` leaves on the page for scripts: the editor's state, read by these tests. */
interface StudioGlobal {
  gridponderStudio: {
    editor: {
      level: { id: string; board: { size: [number, number] } } | null;
      levelPath: string;
      title: string;
      files: Record<string, unknown>;
      origin: string;
    };
  };
}

/** What the studio holds now, read from its page (the level being edited and its verdict). */
function studioState() {
  return page.evaluate(() => {
    const studio = (globalThis as never as StudioGlobal).gridponderStudio;
    return {
      level: JSON.parse(JSON.stringify(studio.editor.level)) as {
        id: string;
        board: { size: [number, number]; layers: Record<string, unknown> };
        solution: { goldPath: unknown[] };
      },
      path: studio.editor.levelPath,
      title: studio.editor.title,
    };
  });
}

const verdict = () => page.locator(".verdict-headline");

/** Waits until the level being edited has a board of `width` × `height`. */
async function waitForSize(width: number, height: number): Promise<void> {
  await page.waitForFunction(
    ([w, h]) => {
      const studio = (globalThis as never as StudioGlobal).gridponderStudio;
      const size = studio.editor.level?.board.size;
      return size?.[0] === w && size?.[1] === h;
    },
    [width, height],
  );
}

/** Waits for the solver to say `text` (a finished search: not "Still searching"). */
async function expectVerdict(text: RegExp): Promise<void> {
  await page
    .waitForFunction(
      (pattern) =>
        document.getElementById("studio")?.dataset.busy === "false" &&
        new RegExp(pattern).test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      text.source,
    )
    .catch(async (error: unknown) => {
      // Say what the studio showed instead, so that a failure explains itself.
      const shown = await page.evaluate(() =>
        [".verdict", ".status", ".levels", ".diagnostics"]
          .map((s) => document.querySelector(s)?.textContent)
          .join(" | "),
      );
      throw new Error(`${String(error)}\nthe studio showed: ${shown}`);
    });
  expect(await verdict().textContent()).toMatch(text);
}

/** The client point at the centre of board cell (x, y) of the painter. */
async function cellPoint(x: number, y: number): Promise<{ x: number; y: number }> {
  const { level } = await studioState();
  const [w, h] = level.board.size;
  const box = await page.locator(".painter-overlay").boundingBox();
  if (!box) throw new Error("no painter");
  const size = Math.max(4, Math.floor(Math.min(box.width / w, box.height / h)));
  const left = box.x + Math.floor((box.width - size * w) / 2);
  const top = box.y + Math.floor((box.height - size * h) / 2);
  return { x: left + (x + 0.5) * size, y: top + (y + 0.5) * size };
}

async function tool(name: string): Promise<void> {
  await page.click(`.tools button[data-tool="${name}"]`);
}

async function brush(kind: string): Promise<void> {
  await page.click(`.palette-kind[data-kind="${kind}"]`);
}

async function clickCell(x: number, y: number): Promise<void> {
  const p = await cellPoint(x, y);
  await page.mouse.click(p.x, p.y);
}

async function drag(from: [number, number], to: [number, number]): Promise<void> {
  const a = await cellPoint(...from);
  const b = await cellPoint(...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** The kind a dense or sparse layer holds at (x, y), as the level file says. */
function kindAt(
  level: { board: { layers: Record<string, unknown> } },
  layer: string,
  x: number,
  y: number,
): unknown {
  const data = level.board.layers[layer];
  if (Array.isArray(data)) return (data[y] as unknown[] | undefined)?.[x] ?? null;
  const entries =
    (data as { entries?: { position: [number, number]; kind: string }[] } | undefined)?.entries ?? [];
  return entries.find((e) => e.position[0] === x && e.position[1] === y)?.kind ?? null;
}

describe("the studio", () => {
  it("opens the starter pack with the solver's verdict on its first level", async () => {
    await page.goto(`${server.url}/`);
    await expectVerdict(/^Solvable in 6, 2 optimal solutions$/);
    expect(await page.locator(".verdict-detail").textContent()).toBe("Your gold path (6) is optimal.");
    expect((await studioState()).title).toBe("My First Pack");
  });

  it("paints a new level, proven unsolvable, then after one more edit solvable in 4, unique", async () => {
    await page.click("button.add-level");
    await page.waitForFunction(
      () => document.querySelector(".levels [aria-current=true]")?.textContent === "level 3",
    );
    await page.fill('input[aria-label="Board width"]', "5");
    await page.fill('input[aria-label="Board height"]', "3");
    await page.click('.level-form button:has-text("Resize")');
    await waitForSize(5, 3);
    await brush("wall");
    await tool("rect");
    await drag([0, 0], [4, 0]);
    await drag([0, 2], [4, 2]);
    await tool("paint");
    await clickCell(2, 1);
    await brush("flag");
    await clickCell(4, 1);
    await tool("avatar");
    await clickCell(0, 1);
    await expectVerdict(/^Unsolvable \(proven\)$/);
    const { level } = await studioState();
    expect(level.board.size).toEqual([5, 3]);
    for (let x = 0; x < 5; x++) {
      expect(kindAt(level, "objects", x, 0)).toBe("wall");
      expect(kindAt(level, "objects", x, 2)).toBe("wall");
    }
    expect(kindAt(level, "objects", 2, 1)).toBe("wall");
    expect(kindAt(level, "objects", 4, 1)).toBe("flag");
    await page.screenshot({ path: join(SHOTS, "studio-unsolvable.png") });

    await tool("erase");
    await clickCell(2, 1);
    await expectVerdict(/^Solvable in 4, unique$/);
    // A paint stroke is one undo step; undo brings the wall (and the verdict) back.
    await page.keyboard.press("Control+z");
    await expectVerdict(/^Unsolvable \(proven\)$/);
    await page.keyboard.press("Control+Shift+z");
    await expectVerdict(/^Solvable in 4, unique$/);
    await page.screenshot({ path: join(SHOTS, "studio-solvable.png") });
  });

  it("plays the level to a win and keeps the take as its gold path", async () => {
    await page.click('button:has-text("Record gold path")');
    await page.click(".play-stage");
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await page.waitForFunction(() => /won/.test(document.querySelector(".play-status")?.textContent ?? ""));
    await page.click('button:has-text("Keep as gold path")');
    await page.waitForFunction(() =>
      /optimal/.test(document.querySelector(".verdict-detail")?.textContent ?? ""),
    );
    expect(await page.locator(".verdict-detail").textContent()).toBe("Your gold path (4) is optimal.");
    const { level } = await studioState();
    expect(level.solution.goldPath).toEqual(Array(4).fill({ action: "move", direction: "right" }));
    await page.screenshot({ path: join(SHOTS, "studio-recorded.png") });
  });

  it("exports a .zip that gridponder validate accepts", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click('button:has-text("Export .zip")'),
    ]);
    const zip = join(scratch, download.suggestedFilename());
    await download.saveAs(zip);
    expect(download.suggestedFilename()).toBe("My-First-Pack.zip");
    const run = spawnSync(process.execPath, [CLI, "validate", zip], { encoding: "utf8" });
    expect(run.stdout).toContain("valid, 3 levels");
    expect(run.status).toBe(0);
  });

  it("finds the pack autosaved after a reload", async () => {
    await page.reload();
    await expectVerdict(/^Solvable in 6, 2 optimal solutions$/);
    await page.click('.levels button:has-text("level 3")');
    await expectVerdict(/^Solvable in 4, unique$/);
    expect((await studioState()).level.solution.goldPath).toHaveLength(4);
  });

  it("follows an edit of the level's JSON on the painter", async () => {
    await page.click('[role=tab]:has-text("JSON")');
    await page.waitForSelector(".cm-content");
    const { level, path } = await studioState();
    expect(await page.locator('select[aria-label="File"]').inputValue()).toBe(path);
    const edited = structuredClone(level) as { board: { layers: Record<string, unknown> } };
    const objects = edited.board.layers.objects as {
      entries: { position: [number, number]; kind: string }[];
    };
    objects.entries.push({ position: [2, 1], kind: "wall" });
    await page.click(".cm-content");
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(JSON.stringify(edited));
    await expectVerdict(/^Unsolvable \(proven\)$/);
    expect(kindAt((await studioState()).level, "objects", 2, 1)).toBe("wall");
    await page.screenshot({ path: join(SHOTS, "studio-json.png") });
    // Nothing so far broke the page's CSP (CodeMirror's styles included) or logged an error.
    errors.assertNone("studio after painting, playing, exporting, reloading and editing JSON");
  });

  it("edits goals, lose conditions and metadata in forms, each change one undo step", async () => {
    await page.click('[role=tab]:has-text("Play")');
    await page.click(".studio-header button:has-text('Undo')");
    await expectVerdict(/^Solvable in 4, unique$/);
    // A lose condition from its form: three moves are too few, four are enough.
    await page.click('button:has-text("Add lose condition")');
    await page.waitForSelector('[aria-label="Lose condition 1 type"]');
    expect(await page.inputValue('[aria-label="Lose condition 1 type"]')).toBe("max_actions");
    // A move limit starts at the gold path's length.
    expect(await page.inputValue('[aria-label="Lose condition 1 config limit"]')).toBe("4");
    await page.fill('[aria-label="Lose condition 1 config limit"]', "3");
    await page.keyboard.press("Tab");
    await expectVerdict(/^Unsolvable \(proven\)$/);
    await page.fill('[aria-label="Lose condition 1 config limit"]', "4");
    await page.keyboard.press("Tab");
    await expectVerdict(/^Solvable in 4, unique$/);
    let { level } = await studioState();
    expect((level as unknown as { loseConditions: unknown }).loseConditions).toEqual([
      { type: "max_actions", config: { limit: 4 } },
    ]);
    // A second goal starts incomplete: the validator says so, and the form completes it.
    await page.click('button:has-text("Add goal")');
    await page.waitForSelector('[aria-label="Goal 2 config targetKind"]');
    await page.waitForFunction(() => document.getElementById("studio")?.dataset.busy === "false");
    expect(await verdict().textContent()).toBe("Fix the pack first");
    await page.fill('[aria-label="Goal 2 config targetKind"]', "flag");
    await page.keyboard.press("Tab");
    await expectVerdict(/^Solvable in 4, unique$/);
    ({ level } = await studioState());
    expect((level as unknown as { goals: unknown[] }).goals[1]).toEqual({
      id: "goal",
      type: "reach_target",
      config: { targetKind: "flag" },
    });
    await page.click('[aria-label="Remove goal 2"]');
    await page.waitForFunction(() => document.querySelector('[aria-label="Goal 2 type"]') === null);
    expect(await page.getAttribute(".studio-header button:has-text('Undo')", "title")).toBe(
      "Undo remove goal 2",
    );
    await page.click(".studio-header button:has-text('Undo')");
    await page.waitForSelector('[aria-label="Goal 2 type"]');
    await page.click(".studio-header button:has-text('Redo')");
    await page.waitForFunction(() => document.querySelector('[aria-label="Goal 2 type"]') === null);
    await page.fill('[aria-label="Level metadata difficulty"]', "3");
    await page.keyboard.press("Tab");
    await page.waitForFunction(() => {
      const level = (globalThis as never as StudioGlobal).gridponderStudio.editor.level as {
        metadata?: { difficulty?: number };
      } | null;
      return level?.metadata?.difficulty === 3;
    });
    // Tab committed the field and the form was rebuilt: the focus moved on, it did not fall out.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Level metadata tags",
    );
    await expectVerdict(/^Solvable in 4, unique$/);
    await page.evaluate(() => document.querySelector(".condition-list")?.scrollIntoView());
    await page.screenshot({ path: join(SHOTS, "studio-forms.png") });
  });

  it("renames and deletes a level, each one undo step", async () => {
    const undo = ".studio-header button:has-text('Undo')";
    await page.fill('[aria-label="Level id"]', "corridor");
    await page.keyboard.press("Tab");
    await page.waitForFunction(
      () =>
        (globalThis as never as StudioGlobal).gridponderStudio.editor.levelPath === "levels/corridor.json",
    );
    const game = await page.evaluate(() =>
      JSON.parse((globalThis as never as StudioGlobal).gridponderStudio.editor.files["game.json"] as string),
    );
    expect(game.levelSequence.filter((e: { type: string }) => e.type === "level").at(-1)).toEqual({
      type: "level",
      ref: "corridor",
    });
    await page.click(undo);
    await page.click('.levels button:has-text("level 3")');
    await page.waitForFunction(
      () => (globalThis as never as StudioGlobal).gridponderStudio.editor.levelPath === "levels/level_3.json",
    );
    await page.click('button:has-text("Delete level")');
    await expect.poll(() => page.locator(".levels li").count()).toBe(2);
    await page.click(undo);
    await expect.poll(() => page.locator(".levels li").count()).toBe(3);
    await page.click('.levels button:has-text("level 3")');
    await expectVerdict(/^Solvable in 4, unique$/);
  });

  it("places a multi-cell object over a dragged rectangle and removes it with the right button", async () => {
    await brush("wall");
    await tool("object");
    await drag([1, 2], [3, 2]);
    await page.waitForSelector('fieldset legend:has-text("Object wall")');
    let { level } = await studioState();
    const objects = () =>
      (level as unknown as { board: { multiCellObjects?: unknown[] } }).board.multiCellObjects;
    expect(objects()).toEqual([
      {
        id: "wall",
        kind: "wall",
        cells: [
          [1, 2],
          [2, 2],
          [3, 2],
        ],
      },
    ]);
    const away = await cellPoint(0, 0);
    await page.mouse.move(away.x, away.y);
    const p = await cellPoint(2, 2);
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() =>
      /object wall \(wall\)/.test(document.querySelector(".status")?.textContent ?? ""),
    );
    await page.mouse.down({ button: "right" });
    await page.mouse.up({ button: "right" });
    await page.waitForFunction(
      () =>
        document.querySelector("fieldset legend") !== null &&
        ![...document.querySelectorAll("fieldset legend")].some((l) => l.textContent === "Object wall"),
    );
    ({ level } = await studioState());
    expect(objects()).toBeUndefined();
    await tool("paint");
  });

  it("paints a board_match goal's target on the painter, leaving the board as it was", async () => {
    await page.click('button:has-text("Add goal")');
    await page.waitForSelector('[aria-label="Goal 2 type"]');
    await page.selectOption('[aria-label="Goal 2 type"]', "board_match");
    await page.click('button:has-text("Paint this target")');
    await page.waitForSelector(".target-banner:not([hidden])");
    await brush("mark");
    await tool("paint");
    await clickCell(2, 1);
    // The avatar belongs to the board, not to a target: refused, with the reason.
    await tool("avatar");
    await clickCell(1, 1);
    await page.waitForFunction(() =>
      /belongs to the board, not to a target/.test(document.querySelector(".status")?.textContent ?? ""),
    );
    await expectVerdict(/^Unsolvable \(proven\)$/);
    const { level } = await studioState();
    const goal = (
      level as unknown as { goals: { type: string; config: { targetLayers: Record<string, unknown> } }[] }
    ).goals[1];
    expect(goal?.type).toBe("board_match");
    expect(kindAt({ board: { layers: goal?.config.targetLayers ?? {} } }, "ground", 2, 1)).toBe("mark");
    expect(kindAt(level, "ground", 2, 1)).not.toBe("mark");
    expect((level as unknown as { state: unknown }).state).toMatchObject({ avatar: { position: [0, 1] } });
    await page.screenshot({ path: join(SHOTS, "studio-target.png") });
    await page.click('.target-banner button:has-text("Done")');
    await page.waitForSelector(".target-banner[hidden]", { state: "attached" });
    await page.click('[aria-label="Remove goal 2"]');
    await tool("paint");
    await expectVerdict(/^Solvable in 4, unique$/);
  });

  it("edits the pack's details, a story screen and the entity kinds in the Pack tab", async () => {
    await page.click('[role=tab]:has-text("Pack")');
    await page.fill('[aria-label="Pack title"]', "Studio <Test> Pack");
    await page.keyboard.press("Tab");
    await page.waitForFunction(
      () => document.querySelector(".pack-title")?.textContent === "Studio <Test> Pack",
    );
    const files = async () =>
      page.evaluate(
        () => (globalThis as never as StudioGlobal).gridponderStudio.editor.files as Record<string, string>,
      );
    expect(JSON.parse((await files())["manifest.json"] as string).title).toBe("Studio <Test> Pack");
    // A story screen at the end of the play order, its text written in the form.
    await page.click('button:has-text("Add a story screen")');
    await page.waitForSelector(".sequence-story:last-child textarea");
    await page.fill(".sequence-story:last-child textarea", "The end. <script>alert(1)</script>");
    await page.keyboard.press("Tab");
    await page.waitForFunction(() =>
      /The end/.test(
        String((globalThis as never as StudioGlobal).gridponderStudio.editor.files["game.json"]),
      ),
    );
    const game = () => files().then((f) => JSON.parse(f["game.json"] as string));
    expect((await game()).levelSequence.at(-1)).toEqual({
      type: "story",
      text: "The end. <script>alert(1)</script>",
    });
    // A new kind joins the palette; its description is edited in its form; then it is removed.
    await page.fill('[aria-label="New kind name"]', "gem");
    await page.selectOption('[aria-label="New kind layer"]', "objects");
    // The pane is rebuilt whenever the pack changes (or a solver verdict arrives): an edit of the
    // title rebuilds it here, and what was typed for the new kind is still there afterwards.
    await page.fill('[aria-label="Pack title"]', "Studio <Test> Pack 2");
    await page.keyboard.press("Tab");
    await page.waitForFunction(
      () => document.querySelector(".pack-title")?.textContent === "Studio <Test> Pack 2",
    );
    expect(await page.inputValue('[aria-label="New kind name"]')).toBe("gem");
    expect(await page.inputValue('[aria-label="New kind layer"]')).toBe("objects");
    await page.fill('[aria-label="New kind symbol"]', "g");
    await page.click('button:has-text("Add kind")');
    await page.waitForSelector('.palette-kind[data-kind="gem"]');
    expect((await game()).entityKinds.gem).toEqual({ layer: "objects", tags: [], symbol: "g" });
    expect(await page.inputValue('[aria-label="Entity kind"]')).toBe("gem");
    await page.fill('[aria-label="Kind gem description"]', "A shiny thing");
    await page.keyboard.press("Tab");
    await expect.poll(async () => (await game()).entityKinds.gem.description).toBe("A shiny thing");
    await page.evaluate(() => document.querySelector(".kinds-form")?.scrollIntoView());
    await page.screenshot({ path: join(SHOTS, "studio-pack.png") });
    await page.click('[aria-label="Remove kind gem"]');
    await page.waitForFunction(() => document.querySelector('.palette-kind[data-kind="gem"]') === null);
    // A kind still on a board is not removed: the author is told where it is used.
    await page.selectOption('[aria-label="Entity kind"]', "wall");
    await page.click('[aria-label="Remove kind wall"]');
    await page.waitForFunction(() => /still used/.test(document.querySelector(".status")?.textContent ?? ""));
    expect((await game()).entityKinds.wall).toBeDefined();
    await expectVerdict(/^Solvable in 4, unique$/);
    errors.assertNone("studio after editing forms, objects, the pack's details and kinds");
  });

  it("restores an autosaved snapshot from the history, keeping the state it replaced", async () => {
    await page.click('button:has-text("History…")');
    const items = page.locator(".snapshots li");
    await items.first().waitFor();
    const before = await items.count();
    expect(before).toBeGreaterThan(0);
    // The oldest snapshot is the starter pack as it opened: two levels, its own title.
    await items.last().locator('button:has-text("Restore")').click();
    await page.waitForFunction(() => document.querySelector(".pack-title")?.textContent === "My First Pack");
    expect(await page.locator(".levels li").count()).toBe(2);
    await page.click('button:has-text("History…")');
    await expect.poll(() => page.locator(".snapshots li").count()).toBe(before + 1);
    // The newest is the state the restore replaced: back to it.
    await page.locator(".snapshots li").first().locator('button:has-text("Restore")').click();
    await page.waitForFunction(
      () => document.querySelector(".pack-title")?.textContent === "Studio <Test> Pack 2",
    );
    expect(await page.locator(".levels li").count()).toBe(3);
  });

  it("keeps a 40×40 board responsive: a stroke across it paints every cell it crossed", async () => {
    await page.click('[role=tab]:has-text("Play")');
    await page.click("button.add-level");
    await page.waitForFunction(
      () => document.querySelector(".levels [aria-current=true]")?.textContent === "level 4",
    );
    // The forms are redrawn when the solver's verdict on the new level arrives; typed into a form that
    // was then replaced, the size is lost (noted as a studio bug to fix), so type it again if so.
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.fill('input[aria-label="Board width"]', "40");
      await page.fill('input[aria-label="Board height"]', "40");
      await page.click('.level-form button:has-text("Resize")');
      const resized = await page
        .waitForFunction(
          () => {
            const size = (globalThis as never as StudioGlobal).gridponderStudio.editor.level?.board.size;
            return size?.[0] === 40 && size?.[1] === 40;
          },
          undefined,
          { timeout: 20_000 },
        )
        .then(() => true)
        .catch(() => false);
      if (resized) break;
    }
    await waitForSize(40, 40);
    await brush("wall");
    await tool("paint");
    await drag([0, 20], [39, 20]);
    const { level } = await studioState();
    expect(level.board.size).toEqual([40, 40]);
    for (let x = 0; x < 40; x++) expect(kindAt(level, "objects", x, 20)).toBe("wall");
    // One stroke, one undo step.
    await page.keyboard.press("Control+z");
    const undone = (await studioState()).level;
    expect(Array.from({ length: 40 }, (_, x) => kindAt(undone, "objects", x, 20)).filter(Boolean)).toEqual(
      [],
    );
    await expectVerdict(/^Unsolvable \(proven\)$/);
  });

  it("opens a hostile pack with its text shown literally, no dialog and no console error", async () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const files = await page.evaluate(() => {
      const studio = (globalThis as never as StudioGlobal).gridponderStudio;
      return Object.fromEntries(
        Object.entries(studio.editor.files).filter((e): e is [string, string] => typeof e[1] === "string"),
      );
    });
    const manifest = JSON.parse(files["manifest.json"] as string);
    manifest.title = hostile;
    files["manifest.json"] = JSON.stringify(manifest);
    const level = JSON.parse(files["levels/first_steps.json"] as string);
    level.title = hostile;
    files["levels/first_steps.json"] = JSON.stringify(level);
    files["levels/broken.json"] = `{ "id": "${"</script>"}", `;
    const zip = join(scratch, "hostile.zip");
    writeFileSync(zip, packToZip(files));
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    errors.clear();
    await page.click('button:has-text("Packs…")');
    await page.setInputFiles('input[aria-label="Open a .zip"]', zip);
    await page.waitForFunction((t) => document.querySelector(".pack-title")?.textContent === t, hostile);
    expect(await page.locator(".levels li").first().textContent()).toBe(hostile);
    // The pack shows before its validation (in a worker) answers.
    await expect
      .poll(() => page.locator(".diagnostics h2").textContent(), { timeout: 30_000 })
      .toMatch(/^Problems: [1-9]\d* errors?/);
    expect(await page.locator("img[src=x]").count()).toBe(0);
    expect(dialogs).toBe(0);
    errors.assertNone("studio with a hostile pack");
    await page.screenshot({ path: join(SHOTS, "studio-hostile.png") });
  });
});

describe("a shared level link", () => {
  it("opens the one level it carries as a new pack, and leaves the address", async () => {
    const files = starterFiles(namesFromFolder("shared courtyard"), "studio");
    const shared = await browser.newPage();
    try {
      await shared.goto(`${server.url}/${levelShareFragment(files, "into_place")}`);
      await shared.waitForFunction(
        () => document.querySelector(".pack-title")?.textContent === "Shared Courtyard",
      );
      expect(await shared.locator(".levels li").allTextContents()).toEqual(["Into Place"]);
      await shared.waitForFunction(() =>
        /^Solvable in 5/.test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      );
      expect(await shared.evaluate(() => location.hash)).toBe("");
    } finally {
      await shared.close();
    }
  });
});

describe("a form rebuilt while the author types", () => {
  it("keeps the text typed into the focused field, and it is the level's once the author leaves the field", async () => {
    const files = starterFiles(namesFromFolder("typing courtyard"), "studio");
    const tab = await browser.newPage();
    const tabErrors = collectErrors(tab);
    try {
      await tab.goto(`${server.url}/${levelShareFragment(files, "first_steps")}`);
      await tab.waitForFunction(() =>
        /^Solvable in 6/.test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      );
      const title = tab.locator('[aria-label="Level title"]');
      await title.click();
      await title.press("Control+a");
      await tab.keyboard.type("Half typed");
      await title.evaluate((el) => {
        (el as HTMLElement & { built?: boolean }).built = true;
      });
      // Something else changes the pack meanwhile (a check or a verdict arriving does the same): the
      // level's form is rebuilt under the author's fingers.
      await tab.evaluate(() => {
        const studio = (globalThis as never as StudioGlobal).gridponderStudio;
        const editor = studio.editor as unknown as {
          setText(path: string, text: string, label: string): void;
        };
        const manifest = JSON.parse(String(studio.editor.files["manifest.json"]));
        manifest.title = "Renamed Elsewhere";
        editor.setText("manifest.json", JSON.stringify(manifest), "rename the pack");
      });
      await tab.waitForFunction(() => {
        const field = document.querySelector('[aria-label="Level title"]') as
          | (HTMLElement & { built?: boolean })
          | null;
        return (
          document.querySelector(".pack-title")?.textContent === "Renamed Elsewhere" &&
          field !== null &&
          !field.built
        );
      });
      expect(await title.inputValue()).toBe("Half typed");
      expect(await tab.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Level title",
      );
      const levelTitle = () =>
        tab.evaluate(
          () =>
            (globalThis as never as StudioGlobal).gridponderStudio.editor.level as unknown as {
              title: string;
            },
        );
      // Chrome commits a field that is taken away while it holds an edit; whether or not a browser
      // does, the text is the level's title once the author leaves the field.
      await tab.keyboard.press("Tab");
      await expect.poll(async () => (await levelTitle()).title).toBe("Half typed");
      tabErrors.assertNone("the rebuilt form");
    } finally {
      await tab.close();
    }
  });
});

describe("the Analysis tab", () => {
  it("measures the level being edited, marks the figures stale after an edit, and adds a generated variant", async () => {
    const files = starterFiles(namesFromFolder("analysed courtyard"), "studio");
    const tab = await browser.newPage();
    const tabErrors = collectErrors(tab);
    try {
      await tab.goto(`${server.url}/${levelShareFragment(files, "first_steps")}`);
      await tab.waitForFunction(() =>
        /^Solvable in 6/.test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      );
      await tab.click('[role="tab"]:has-text("Analysis")');
      await tab.click('button:has-text("Analyse this level")');
      await tab.waitForFunction(
        () => document.querySelector(".analysis-pane")?.getAttribute("data-state") === "analysed",
      );
      const figures = await tab.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll(".analysis-figures dt")].map((dt) => [
            dt.textContent,
            dt.nextElementSibling?.textContent,
          ]),
        ),
      );
      // The starter's first level: 8 cells to stand on, 6 moves to the flag in 2 ways, no dead end;
      // walking is needed, pushing (no crate here) is not.
      expect(figures).toMatchObject({
        "Shortest solution": "6",
        "Optimal solutions": "2",
        "Reachable states": "8",
        "Dead ends": "0.0%",
        Needs: "movement, move",
      });
      await tab.screenshot({ path: join(SHOTS, "studio-analysis.png") });

      // An edit to the level leaves the figures up, marked as measured on an older level.
      await tab.evaluate(() => {
        const studio = (globalThis as never as StudioGlobal).gridponderStudio;
        const editor = studio.editor as unknown as {
          setText(path: string, text: string, label: string): void;
        };
        const path = studio.editor.levelPath;
        const level = JSON.parse(String(studio.editor.files[path]));
        level.title = "Renamed";
        editor.setText(path, JSON.stringify(level), "rename");
      });
      await tab.waitForFunction(
        () => document.querySelector(".analysis-pane")?.getAttribute("data-stale") === "true",
      );

      await tab.click('button:has-text("Generate 3 variants")');
      await tab.waitForFunction(
        () => document.querySelector(".analysis-pane")?.getAttribute("data-state") === "generated",
      );
      const variants = await tab.locator(".analysis-variants li").count();
      expect(variants).toBeGreaterThan(0);
      const first = tab.locator(".analysis-variants li").first();
      const id = await first.getAttribute("data-level");
      await first.locator('button:has-text("Add to pack")').click();
      await tab.waitForFunction(
        (want) => (globalThis as never as StudioGlobal).gridponderStudio.editor.level?.id === want,
        id,
      );
      // The variant joined the pack as its last level, and the solver agrees it can be won.
      expect(await tab.locator(".levels li").allTextContents()).toHaveLength(2);
      await tab.waitForFunction(() =>
        /^Solvable in \d+/.test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      );
      await tab.screenshot({ path: join(SHOTS, "studio-variant-added.png") });
      tabErrors.assertNone("the Analysis tab");
    } finally {
      await tab.close();
    }
  });
});

describe("a level of the catalog the studio is served with", () => {
  it("opens through Edit a copy (#edit=<pack>/<level>) as a copy with its images, at that level", async () => {
    // A catalog as `gridponder build` lays it out: the compiled pack under _packs/, the studio's index.
    const compiled = await compilePackForWeb(join(import.meta.dirname, "../../../packs/crate-keep"));
    if (!compiled.ok) throw new Error("crate-keep does not compile");
    const out = join(scratch, "catalog");
    await writeCompiledPack(join(out, "_packs/crate-keep"), compiled);
    const files: Record<string, string | Uint8Array> = {};
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) =>
        statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)],
      );
    for (const path of walk(out)) files[`/${relative(out, path)}`] = readFileSync(path);
    files["/studio/catalog.json"] = JSON.stringify({
      format: "gridponder-studio-catalog@1",
      packs: [
        {
          slug: "crate-keep",
          title: "Crate Keep",
          packUrl: "../_packs/crate-keep/pack.json",
          assetBase: "../_packs/crate-keep/",
          levels: [],
        },
      ],
    });
    for (const path of walk(STUDIO_SITE_DIR)) {
      const url = `/studio/${relative(STUDIO_SITE_DIR, path)}`;
      if (!Object.hasOwn(files, url)) files[url] = readFileSync(path);
    }
    const catalog = await serve({
      files: { ...files, "/studio/": files["/studio/index.html"] as Uint8Array },
    });
    const copy = await browser.newPage();
    const copyErrors = collectErrors(copy);
    try {
      await copy.goto(`${catalog.url}/studio/#edit=crate-keep/ck02_carry_it_home`);
      await copy.waitForFunction(() => document.querySelector(".levels [aria-current=true]") !== null);
      const state = await copy.evaluate(() => {
        const studio = (globalThis as never as StudioGlobal).gridponderStudio;
        const images = Object.keys(studio.editor.files).filter((p) => p.startsWith("assets/"));
        return {
          title: studio.editor.title,
          path: studio.editor.levelPath,
          images: images.length,
          origin: studio.editor.origin,
          hash: location.hash,
        };
      });
      expect(state).toMatchObject({
        title: "Crate Keep",
        path: "levels/ck02_carry_it_home.json",
        origin: "catalog:crate-keep",
        hash: "",
      });
      expect(state.images).toBeGreaterThan(10);
      await copy.waitForFunction(() =>
        /^Solvable in \d+/.test(document.querySelector(".verdict-headline")?.textContent ?? ""),
      );
      await copy.screenshot({ path: join(SHOTS, "studio-edit-a-copy.png") });
      copyErrors.assertNone("studio opening a catalog pack");
    } finally {
      await copy.close();
      await catalog.close();
    }
  });
});
