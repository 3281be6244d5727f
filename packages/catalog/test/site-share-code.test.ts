import { describe, expect, it } from "vitest";
import {
  actionKey,
  decodeActions,
  encodeActions,
  MAX_SHARED_ACTIONS,
  readShareCode,
  type ShareAction,
  shareCodeFromHash,
  shareHash,
} from "../src/client/share-code.js";

const moves: ShareAction[] = ["up", "down", "left", "right"].map((direction) => ({
  action: "move",
  direction,
}));
const keys = (actions: readonly ShareAction[] | null) => actions?.map(actionKey) ?? null;

describe("share codes", { timeout: 300_000 }, () => {
  it("is compact: repeats are run-length encoded", () => {
    const run = Array.from({ length: 40 }, () => moves[3] as ShareAction);
    expect(encodeActions(run, moves).length).toBeLessThanOrEqual(4);
    const zigzag = Array.from({ length: 30 }, (_, i) => moves[i % 4] as ShareAction);
    // One byte per action plus the format byte, as base64.
    expect(encodeActions(zigzag, moves).length).toBe(Math.ceil((31 * 4) / 3));
  });

  it("matches actions whatever the order of their params", () => {
    const alphabet: ShareAction[] = [{ action: "tap", position: [1, 2], mode: "a" }];
    const code = encodeActions([{ mode: "a", position: [1, 2], action: "tap" }], alphabet);
    expect(decodeActions(code, alphabet)).toEqual([alphabet[0]]);
  });

  it("writes out actions the alphabet cannot name (integer params) and reads them back", () => {
    const actions: ShareAction[] = [
      { action: "build", height: 3 },
      { action: "build", height: 3 },
      moves[0] as ShareAction,
      { action: "build", height: 12, label: "ünï\u{1F600}" },
    ];
    const decoded = decodeActions(encodeActions(actions, moves), moves);
    expect(keys(decoded)).toEqual(keys(actions));
  });

  it("encodes no actions as a valid empty replay", () => {
    const code = encodeActions([], moves);
    expect(decodeActions(code, moves)).toEqual([]);
  });

  it("never throws on garbage, and refuses it", () => {
    const garbage = [
      "",
      "A",
      "%%%",
      "AQ=",
      "AgAA", // unknown format
      "Af____", // a varint that never ends
      "AQz_", // index beyond the alphabet
      "AUE", // a run without its count
      "AQgAAA", // an escape with a missing body
      encodeActions([{ action: "x", n: 1 }], moves).slice(0, -2),
      "x".repeat(300_000),
      "\u0000\u{1F600}",
    ];
    for (const code of garbage) expect(() => decodeActions(code, moves), code.slice(0, 20)).not.toThrow();
    for (const code of garbage.slice(0, 10)) expect(decodeActions(code, moves), code.slice(0, 20)).toBeNull();
    // Random bytes: never an exception, and anything decoded only names alphabet actions or JSON objects.
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (let n = 0; n < 2000; n++) {
      const length = random() % 24;
      const code = `A${Array.from({ length }, () => digits[random() % 64]).join("")}`;
      const decoded = decodeActions(code, moves);
      if (decoded) for (const a of decoded) expect(typeof a.action).toBe("string");
    }
  });

  it("refuses codes that would expand into a huge replay", () => {
    const bytes = [1, 7, 0xff, 0xff, 0xff, 0x7f]; // index 3, repeated about 268 million times
    const code = Buffer.from(bytes).toString("base64url");
    expect(decodeActions(code, moves)).toBeNull();
    const justFits = encodeActions(
      Array.from({ length: MAX_SHARED_ACTIONS }, () => moves[0] as ShareAction),
      moves,
    );
    expect(decodeActions(justFits, moves)?.length).toBe(MAX_SHARED_ACTIONS);
  });

  it("tells a code with too many actions from one that cannot be read", () => {
    const tooMany = encodeActions(
      Array.from({ length: MAX_SHARED_ACTIONS + 1 }, (_, i) => moves[i % 2] as ShareAction),
      moves,
    );
    expect(readShareCode(tooMany, moves)).toEqual({ error: "too-many" });
    expect(readShareCode("AQz_", moves)).toEqual({ error: "unreadable" });
    expect(readShareCode(encodeActions([moves[1] as ShareAction], moves), moves)).toEqual({
      actions: [moves[1]],
    });
  });

  it("reads and writes the location hash", () => {
    expect(shareHash("AQID")).toBe("#a=AQID");
    expect(shareCodeFromHash("#a=AQID")).toBe("AQID");
    expect(shareCodeFromHash("#x=1&a=AQ-_")).toBe("AQ-_");
    expect(shareCodeFromHash("")).toBeNull();
    expect(shareCodeFromHash("#a=<script>")).toBeNull();
    expect(shareCodeFromHash("#a=")).toBeNull();
  });

  it("agrees with Node's base64url", () => {
    const actions = Array.from({ length: 17 }, (_, i) => moves[(i * 7) % 4] as ShareAction);
    const code = encodeActions(actions, moves);
    const bytes = Buffer.from(code, "base64url");
    expect(bytes.toString("base64url")).toBe(code);
    expect(bytes[0]).toBe(1);
  });
});
