import type { Pack } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { displayName, humanize } from "../src/names.js";

const pack = {
  kinds: new Map([
    ["ice_block", { def: {} }],
    ["lantern", { def: { uiName: "old lantern" } }],
  ]),
} as unknown as Pack;

describe("displayName", () => {
  it("is the kind's uiName when it has one", () => {
    expect(displayName(pack, "lantern")).toBe("old lantern");
  });
  it("is the kind id in lower-case words otherwise, for declared and unknown kinds alike", () => {
    expect(displayName(pack, "ice_block")).toBe("ice block");
    expect(displayName(pack, "redCrate")).toBe("red crate");
  });
});

describe("humanize", () => {
  it("turns identifiers into a capitalised phrase", () => {
    expect(humanize("selectedActorKind")).toBe("Selected actor kind");
    expect(humanize("flood-red_now")).toBe("Flood red now");
  });
});
