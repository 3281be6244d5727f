import { Session } from "@gridponder/engine";
import { describe, expect, it } from "vitest";
import { creatableKinds } from "../../src/models/index.js";
import { miniPack, NEVER_WON } from "./mini-pack.js";

describe("creatableKinds", () => {
  it("counts every kind a rotation over void can copy: a void cell feeds its neighbour, which keeps its tile", async () => {
    // The level of the engine's fuzz behaviour "region_transform without blockOnVoid": a 2×2 board,
    // void at (1,0), green and red tiles below; rotating leaves red in two cells.
    const pack = await miniPack(
      {
        layers: [
          { id: "ground", occupancy: "exactly_one", default: "floor" },
          { id: "objects", occupancy: "zero_or_one" },
        ],
        actions: [{ id: "rotate" }],
        entityKinds: {
          floor: { layer: "ground", tags: ["walkable"], symbol: "." },
          void: { layer: "ground", tags: [], symbol: "_" },
          green: { layer: "objects", tags: [], symbol: "g" },
          red: { layer: "objects", tags: [], symbol: "r" },
        },
        systems: [
          { id: "cursor", type: "overlay_cursor", config: { size: [2, 2] } },
          {
            id: "turn",
            type: "region_transform",
            config: { blockOnVoid: false, operations: { spin: { type: "rotate", action: "rotate" } } },
          },
        ],
      },
      [
        {
          id: "spin",
          title: "spin",
          board: {
            size: [2, 2],
            layers: {
              ground: [
                ["floor", "void"],
                ["floor", "floor"],
              ],
              objects: [
                [null, null],
                ["green", "red"],
              ],
            },
          },
          state: {
            avatar: { enabled: false },
            overlay: { position: [0, 0], size: [2, 2] },
            variables: { never: 0 },
          },
          ...NEVER_WON,
        } as { id: string },
      ],
    );
    const s = new Session(pack, "spin");
    s.act({ action: "rotate" } as never);
    const objects = pack.layerIndex.get("objects") as number;
    expect(s.state.layers[objects]?.map((e) => e?.kind ?? null)).toEqual(["green", null, "red", "red"]);
    expect(creatableKinds(pack, s.level)).toEqual(new Set(["green", "red", "floor"]));
  });
});
