import { describe, expect, it } from "vitest";
import { displayWidth } from "../src/play/display-width.js";
import { wordWrap } from "../src/play/word-wrap.js";

describe("displayWidth", () => {
  it("counts terminal columns, not UTF-16 units", () => {
    expect(displayWidth("lantern")).toBe(7);
    // Wide: CJK, full-width forms, emoji (a pictograph with VS16, a family joined by ZWJ, a flag, a keycap).
    expect(displayWidth("漢字")).toBe(4);
    expect(displayWidth("ＡＢ")).toBe(4);
    expect(displayWidth("🕯️")).toBe(2);
    expect(displayWidth("👨‍👩‍👧")).toBe(2);
    expect(displayWidth("🇫🇷")).toBe(2);
    expect(displayWidth("1️⃣")).toBe(2);
    // Narrow: a combining accent adds nothing, and a pictograph without VS16 is text-styled.
    expect(displayWidth("e\u0301té")).toBe(3);
    expect(displayWidth("©↔")).toBe(2);
  });
});

describe("wordWrap", () => {
  it("breaks at spaces, filling each row as far as the next word allows", () => {
    expect(wordWrap("Wick tucks a tinderbox into one pocket", 12)).toBe(
      "Wick tucks a\ntinderbox\ninto one\npocket",
    );
    // A word that exactly fills the row stays on it.
    expect(wordWrap("four four four", 9)).toBe("four four\nfour");
  });

  it("counts wide characters as two columns and never splits one", () => {
    expect(wordWrap("🕯️🕯️ light 漢字漢字 ok", 10)).toBe("🕯️🕯️ light\n漢字漢字\nok");
    expect(wordWrap("漢字漢字漢", 5)).toBe("漢字\n漢字\n漢");
  });

  it("breaks a word wider than the pane between characters, on rows of its own", () => {
    expect(wordWrap("a supercalifragilistic word", 8)).toBe("a\nsupercal\nifragili\nstic\nword");
    expect(wordWrap("x e\u0301e\u0301e\u0301e\u0301", 2)).toBe("x\ne\u0301e\u0301\ne\u0301e\u0301");
  });

  it("keeps the text's line breaks, blank lines and indentation, and drops blanks at a break", () => {
    expect(wordWrap("  indented line\n\nnext  ", 40)).toBe("  indented line\n\nnext");
    expect(wordWrap("one two   three", 7)).toBe("one two\nthree");
  });

  it("measures a tab to its tab stop", () => {
    expect(wordWrap("ab\tcd ef", 10)).toBe("ab\tcd\nef");
    expect(wordWrap("ab\tcdefgh", 9)).toBe("ab\ncdefgh");
  });
});
