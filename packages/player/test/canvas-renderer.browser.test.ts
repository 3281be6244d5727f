import { join } from "node:path";
import {
  bundle,
  collectErrors,
  type HarnessBrowser,
  htmlPage,
  launchBrowser,
  type Page,
  type Server,
  serve,
} from "@gridponder/browser-harness";
import type { Piece, Scene } from "@gridponder/view";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CanvasDiffReport } from "./page/canvas-diff.js";
import { look, piece, sceneOf } from "./scene-fixtures.js";

let browser: HarnessBrowser;
let server: Server;
let page: Page;
let errors: ReturnType<typeof collectErrors>;

beforeAll(async () => {
  const code = await bundle(join(import.meta.dirname, "page/canvas-diff.ts"));
  server = await serve({
    files: {
      "/index.html": htmlPage({ title: "canvas diff", script: "/main.js", body: '<div id="host"></div>' }),
      "/main.js": code.code,
    },
  });
  browser = await launchBrowser();
  page = await browser.newPage();
  errors = collectErrors(page);
  await page.goto(`${server.url}/index.html`);
  await page.waitForFunction(() => typeof window.canvasDiff === "function");
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const W = 12;
const H = 9;
const LABELS = ["7", "42", "<script>alert(1)</script>", "🙂", "W", "a long label", "\u202e", "x̸̧̛͓̙̹̞̅̈́"];

/**
 * A stroke's worth of scenes: most steps change a cell or two (paint, erase, void), some move the
 * avatar, an overlay, a label, an outline, a pipe with a queue or a piece half off the board, and a
 * few change the theme (a full redraw) — every kind of change the partial redraw must get right.
 */
function sequence(seed: number, steps: number): Scene[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const rows = Array.from({ length: H }, () => [...".".repeat(W)]);
  let extras: Piece[] = [];
  let over: Partial<Scene> = {};
  const scenes: Scene[] = [];
  for (let step = 0; step < steps; step++) {
    const r = next();
    const x = Math.floor(next() * W);
    const y = Math.floor(next() * H);
    if (r < 0.55) (rows[y] as string[])[x] = pick([".", "#", "o", "g", "b", "_"]);
    else if (r < 0.65)
      extras = [
        piece("avatar", 2, [[x, y]], look("#ffffff", "figure"), { role: "avatar", kind: "avatar" }),
        ...extras.filter((p) => p.id !== "avatar"),
      ];
    else if (r < 0.73)
      extras = [
        ...extras.filter((p) => p.id !== "label"),
        ...(next() < 0.4 ? [piece("label", 1, [[x, y]], look("#f0f0f0", "tile", pick(LABELS)))] : []),
      ];
    else if (r < 0.79)
      over = {
        ...over,
        overlay: next() < 0.8 ? { cell: [x, y], size: [1 + (x % 3), 1 + (y % 2)], color: "#ffb300" } : null,
      };
    else if (r < 0.85)
      over = {
        ...over,
        outlines: [
          {
            kind: "k",
            layer: "l1",
            color: pick(["#ffffff", "#ff4040"]),
            width: pick([1, 2, 3, 7]),
            cells: [[x, y]],
            edges: [
              [x, y, x + 1, y],
              [x, y + 1, x + 1, y + 1],
              [x, y, x, y + 1],
              [x + 1, y, x + 1, y + 1],
            ],
          },
        ],
      };
    else if (r < 0.9)
      extras = [
        ...extras.filter((p) => p.id !== "mco:pipe"),
        piece(
          "mco:pipe",
          1,
          [
            [x, y],
            [Math.min(W - 1, x + 1), y],
          ],
          look("#708090", "block"),
          {
            role: "multi_cell",
            queue: next() < 0.3 ? [1, 2, 3] : [],
          },
        ),
      ];
    else if (r < 0.95)
      extras = [
        ...extras.filter((p) => p.id !== "mco:stray"),
        ...(next() < 0.4
          ? [
              piece(
                "mco:stray",
                1,
                [
                  [x - 0.5, y],
                  [x - 1, y],
                ],
                look("#c060c0", "orb"),
                { role: "multi_cell" },
              ),
            ]
          : []),
      ];
    else
      over = { ...over, theme: { ...sceneOf(["."]).theme, backgroundColor: pick(["#1b1d24", "#202830"]) } };
    scenes.push(
      sceneOf(
        rows.map((row) => row.join("")),
        extras,
        over,
      ),
    );
  }
  return scenes;
}

async function compare(scenes: Scene[], pixelRatio: number): Promise<CanvasDiffReport> {
  // Scenes travel as JSON: the page gets plain copies, with none of the sharing a view builds.
  const json = JSON.stringify(scenes);
  return page.evaluate(([text, ratio]) => window.canvasDiff(JSON.parse(text), ratio), [
    json,
    pixelRatio,
  ] as const);
}

describe("the 2D board's partial redraws", () => {
  for (const ratio of [1, 1.5]) {
    it(`leave the same pixels as a full drawing, over random edits (pixel ratio ${ratio})`, async () => {
      const scenes = [...sequence(7, 80), ...sequence(1234, 80)];
      const report = await compare(scenes, ratio);
      const wrong = report.mismatches.flatMap((n, i) =>
        n > 0 ? [`step ${i}: ${n} pixels, the first at ${report.first[i]?.join(",")}`] : [],
      );
      expect(wrong).toEqual([]);
      // The sequence exercises partial redraws, not only full ones.
      const most = Math.max(...report.calls);
      expect(report.calls.filter((n) => n < most / 2).length).toBeGreaterThan(scenes.length / 3);
      errors.assertNone();
    });
  }

  it("draw a one-cell paint with a small part of a full drawing's canvas calls", async () => {
    const floor = Array.from({ length: 40 }, () => ".".repeat(40));
    const painted = [...floor];
    painted[20] = `${".".repeat(20)}#${".".repeat(19)}`;
    const report = await compare([sceneOf(floor), sceneOf(painted)], 1);
    expect(report.mismatches).toEqual([0, 0]);
    const [full, partial] = report.calls as [number, number];
    // A full drawing makes calls for each of the 1600 cells; one cell and its neighbours take a few dozen.
    expect(full).toBeGreaterThan(3000);
    expect(partial).toBeLessThan(60);
  });
});
