import { describe, expect, it } from "vitest";
import { contrastOn, contrastRatio, focusColor, shade } from "../src/colors.js";
import { solvedText } from "../src/level-flow.js";
import { nextLevel, storiesBefore } from "../src/story.js";
import { swipeDirection } from "../src/swipe.js";

describe("colour helpers", () => {
  it("picks dark text on light colours and light text on dark ones", () => {
    expect(contrastOn("#ffd54f")).toBe("#111111");
    expect(contrastOn("#fff")).toBe("#111111");
    expect(contrastOn("#0d47a1")).toBe("#ffffff");
    expect(contrastOn("#000")).toBe("#ffffff");
    // A mid blue reads better with dark text: white on it is 3.7:1, under WCAG AA.
    expect(contrastOn("#1e88e5")).toBe("#111111");
  });

  it("gives text at WCAG AA contrast (4.5:1) on every colour", () => {
    let worst = 21;
    for (let r = 0; r < 256; r += 17)
      for (let g = 0; g < 256; g += 17)
        for (let b = 0; b < 256; b += 17) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
          worst = Math.min(worst, contrastRatio(hex, contrastOn(hex)));
        }
    expect(worst).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });

  it("draws focus rings at 3:1 against the background, in the primary colour where that is enough", () => {
    let worst = 21;
    for (let p = 0; p < 256; p += 51)
      for (let b = 0; b < 256; b += 17) {
        const primary = `#${p.toString(16).padStart(2, "0")}40c0`;
        const background = `#${[b, b, (b + 40) % 256].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
        worst = Math.min(worst, contrastRatio(focusColor(primary, background), background));
      }
    expect(worst).toBeGreaterThanOrEqual(3);
    // A bright primary on a dark board is its own ring; a purple one on the same board is not.
    expect(focusColor("#ffc857", "#1e1e24")).toBe("#ffc857");
    expect(focusColor("#9c27b0", "#1e1e24")).toBe("#ffffff");
  });

  it("shades towards black and white", () => {
    expect(shade("#808080", -0.5)).toBe("#404040");
    expect(shade("#808080", 1)).toBe("#ffffff");
    expect(shade("#808080", 0)).toBe("#808080");
  });
});

describe("swipeDirection", () => {
  it("reads cardinal drags by their larger axis and ignores short ones", () => {
    expect(swipeDirection(40, 5, false)).toBe("right");
    expect(swipeDirection(-3, -50, false)).toBe("up");
    expect(swipeDirection(30, 31, false)).toBe("down");
    expect(swipeDirection(10, 10, false)).toBeNull();
  });

  it("reads eight sectors when diagonals are allowed", () => {
    expect(swipeDirection(40, 40, true)).toBe("down_right");
    expect(swipeDirection(-40, -40, true)).toBe("up_left");
    expect(swipeDirection(-40, 0, true)).toBe("left");
    expect(swipeDirection(40, -38, true)).toBe("up_right");
  });
});

describe("level sequence", () => {
  const game = {
    levelSequence: [
      { type: "story", title: "A" },
      { type: "story", text: "B" },
      { type: "level", ref: "one" },
      { type: "level", ref: "two" },
      { type: "story", text: "C" },
      { type: "level", ref: "three" },
    ],
  } as never;

  it("shows the run of story screens right before a level", () => {
    expect(storiesBefore(game, "one").map((s) => s.title ?? s.text)).toEqual(["A", "B"]);
    expect(storiesBefore(game, "two")).toEqual([]);
    expect(storiesBefore(game, "three").map((s) => s.text)).toEqual(["C"]);
    expect(storiesBefore(game, "missing")).toEqual([]);
  });

  it("finds the next level in play order", () => {
    expect(nextLevel(["one", "two", "three"], "two")).toBe("three");
    expect(nextLevel(["one", "two", "three"], "three")).toBeNull();
    expect(nextLevel(["one"], "zero")).toBeNull();
  });
});

describe("solvedText", () => {
  it("compares with the gold path in the same unit", () => {
    expect(solvedText(6, 6, 6)).toBe("Solved in 6 moves: as good as the reference solution (6 moves).");
    expect(solvedText(1, 1, 3)).toBe("Solved in 1 move: as good as the reference solution (3 moves).");
    expect(solvedText(9, 9, 6)).toBe("Solved in 9 moves. The reference solution needs 6 moves.");
    expect(solvedText(6, 8, 8)).toBe(
      "Solved in 6 moves (8 actions): as good as the reference solution (8 actions).",
    );
    expect(solvedText(4, 4, null)).toBe("Solved in 4 moves.");
  });
});
