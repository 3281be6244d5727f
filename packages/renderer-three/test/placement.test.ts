import { describe, expect, it } from "vitest";
import { SCREEN_RIGHT, SCREEN_UP, TO_CAMERA } from "../src/iso.js";
import { type PartContext, partsOf } from "../src/parts.js";
import { facingYaw, LABEL_LIFT, partMatrix, restPose } from "../src/placement.js";
import { appearance, piece } from "./fixtures.js";

const context: PartContext = { seams: false, groundBody: "#404040" };

function apply(m: number[], p: [number, number, number]): [number, number, number] {
  return [
    (m[0] ?? 0) * p[0] + (m[4] ?? 0) * p[1] + (m[8] ?? 0) * p[2] + (m[12] ?? 0),
    (m[1] ?? 0) * p[0] + (m[5] ?? 0) * p[1] + (m[9] ?? 0) * p[2] + (m[13] ?? 0),
    (m[2] ?? 0) * p[0] + (m[6] ?? 0) * p[1] + (m[10] ?? 0) * p[2] + (m[14] ?? 0),
  ];
}

describe("partMatrix", () => {
  const look = appearance("#ff0000", "block", { text: "3" });
  const [body, label] = partsOf(piece("b", 0, 0, look), look, context);
  if (!body || !label) throw new Error("fixture");

  it("stands a body on its cell centre, in world units centred on the board", () => {
    const m: number[] = [];
    partMatrix(m, body, restPose(2, 1), 4, 4);
    expect(apply(m, [0, 0, 0])).toEqual([0.5, 0, -0.5]);
    expect(apply(m, [0, 1, 0])[1]).toBeCloseTo(body.sy);
  });

  it("follows fractional poses, lift, scale and squash", () => {
    const m: number[] = [];
    partMatrix(m, body, { x: 1.5, y: 0.25, z: 0.5, scale: 0.5, squash: 2, opacity: 1, turn: 0 }, 4, 4);
    const base = apply(m, [0, 0, 0]);
    expect(base[0]).toBeCloseTo(0);
    expect(base[1]).toBeCloseTo(0.5);
    expect(base[2]).toBeCloseTo(-1.25);
    expect(apply(m, [0, 1, 0])[1] - base[1]).toBeCloseTo(body.sy);
    expect(apply(m, [1, 0, 0])[0] - base[0]).toBeCloseTo(body.sx * 0.5);
  });

  it("turns a multi-cell object's cells about its anchor, clockwise on the board", () => {
    const pipe = piece("mco:p", 0, 0, look, "multi_cell", {
      cells: [
        [0, 0],
        [1, 0],
      ],
    });
    const second = partsOf(pipe, look, context)[1];
    if (!second) throw new Error("fixture");
    const m: number[] = [];
    partMatrix(m, second, { ...restPose(2, 2), turn: 1 }, 5, 5);
    // The cell right of the anchor moves below it.
    const p = apply(m, [0, 0, 0]);
    expect(p[0]).toBeCloseTo(0);
    expect(p[2]).toBeCloseTo(1);
  });

  it("faces billboards to the camera and lifts them towards it", () => {
    const m: number[] = [];
    partMatrix(m, label, restPose(0, 0), 1, 1);
    const right = [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0].map((v) => v / label.sx);
    const up = [m[4] ?? 0, m[5] ?? 0, m[6] ?? 0].map((v) => v / label.sy);
    for (let i = 0; i < 3; i++) {
      expect(right[i]).toBeCloseTo(SCREEN_RIGHT[i] ?? 0);
      expect(up[i]).toBeCloseTo(SCREEN_UP[i] ?? 0);
    }
    expect(m[12]).toBeCloseTo(TO_CAMERA[0] * LABEL_LIFT);
  });

  it("turns figures to their facing", () => {
    const fig = appearance("#ffffff", "figure");
    const [part] = partsOf(piece("avatar", 0, 0, fig, "avatar"), fig, context);
    if (!part) throw new Error("fixture");
    const m: number[] = [];
    partMatrix(m, part, restPose(0, 0), 1, 1, facingYaw("right"));
    // The nose (+Z in the geometry) points along +X (board right).
    const nose = apply(m, [0, 0, 1]);
    expect(nose[0]).toBeGreaterThan(0.4);
    expect(Math.abs(nose[2])).toBeLessThan(1e-9);
  });

  it("collapses a vanished piece", () => {
    const m: number[] = [];
    partMatrix(m, body, { ...restPose(0, 0), scale: 0 }, 1, 1);
    expect(apply(m, [0.5, 1, 0.5])).toEqual(apply(m, [0, 0, 0]));
  });
});
