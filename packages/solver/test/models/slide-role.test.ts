import { Session } from "@gridponder/engine";
import type { SlideRole } from "@gridponder/engine/search-contract";
import { describe, expect, it } from "vitest";
import { levelRoles } from "../../src/models/index.js";
import { miniPack, NEVER_WON } from "./mini-pack.js";

/**
 * A row of floor, two ice cells and a cell of `beyond` ground: the avatar steps right onto the ice and
 * slides. The slide role's `ontoTag` is what the relaxed carry model reads for where a slide may go
 * (`CarryLevel.slideInto`), so the system declaring it must stop a slide exactly before ground without it.
 */
async function iceRow(beyondTags: string[]) {
  const pack = await miniPack(
    {
      layers: [
        { id: "ground", occupancy: "exactly_one", default: "floor" },
        { id: "objects", occupancy: "zero_or_one" },
      ],
      actions: [
        { id: "move", params: { direction: { type: "direction", values: ["up", "down", "left", "right"] } } },
      ],
      entityKinds: {
        floor: { layer: "ground", tags: ["walkable"], symbol: "." },
        ice: { layer: "ground", tags: ["walkable", "slippery"], symbol: "~" },
        beyond: { layer: "ground", tags: beyondTags, symbol: "b" },
      },
      systems: [
        { id: "nav", type: "avatar_navigation", config: {} },
        { id: "ice", type: "ice_slide", config: { slipperyTag: "slippery" } },
      ],
      defaults: { maxCascadeDepth: 8 },
    },
    [
      {
        id: "row",
        title: "row",
        board: { size: [5, 1], layers: { ground: [["floor", "ice", "ice", "beyond", "floor"]] } },
        state: { avatar: { enabled: true, position: [0, 0], facing: "right" }, variables: { never: 0 } },
        ...NEVER_WON,
      } as { id: string },
    ],
  );
  const session = new Session(pack, "row");
  const slide = levelRoles(pack, session.level)?.find((r): r is SlideRole => r.role === "slide");
  session.act({ action: "move", direction: "right" } as never);
  return { slide, stoppedAt: session.state.avatar.position?.[0] };
}

describe("the slide role's ontoTag", () => {
  it("is the tag ice_slide needs to slide onto a cell: a slide stops before ground without it", async () => {
    const without = await iceRow([]);
    expect(without.slide?.ontoTag).toBe("walkable");
    expect(without.stoppedAt).toBe(2);
    const withTag = await iceRow(["walkable"]);
    expect(withTag.stoppedAt).toBe(3);
  });
});
