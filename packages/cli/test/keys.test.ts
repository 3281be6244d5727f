import { describe, expect, it } from "vitest";
import { KeyDecoder } from "../src/play/keys.js";

describe("KeyDecoder", () => {
  it("reads characters, arrows and named keys", () => {
    const keys = new KeyDecoder().push("wA1\u001b[A\u001b[B\u001b[C\u001b[D\u001bOA \r\n\n\u0003\u0004");
    expect(keys).toEqual([
      "w",
      "A",
      "1",
      "up",
      "down",
      "right",
      "left",
      "up",
      "space",
      "enter",
      "enter",
      "ctrl-c",
      "ctrl-d",
    ]);
  });

  it("keeps an escape sequence split across chunks", () => {
    const decoder = new KeyDecoder();
    expect(decoder.push("a\u001b")).toEqual(["a"]);
    expect(decoder.push("[")).toEqual([]);
    expect(decoder.push("Cb")).toEqual(["right", "b"]);
  });

  it("skips sequences it has no key for, and reads a lone ESC as Escape", () => {
    const decoder = new KeyDecoder();
    expect(decoder.push("\u001b[3~x\u001bq")).toEqual(["x", "escape", "q"]);
    expect(decoder.push("\u001b")).toEqual([]);
    expect(decoder.end()).toEqual(["escape"]);
  });
});
