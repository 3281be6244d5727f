import { describe, expect, test } from "vitest";
import { makeAppearance } from "../src/appearance.js";
import { createTrackSample, ease, sampleInto, samplePose, sampleTrack } from "../src/sample.js";
import { restPose } from "../src/timeline.js";
import type { Appearance, Key, Piece, Pose, Track } from "../src/types.js";

function look(color: string): Appearance {
  return makeAppearance({
    sprite: null,
    mirror: false,
    display: "tile",
    form: "crate",
    color,
    text: null,
    icon: null,
    opacity: 1,
    tint: null,
  });
}

const piece: Piece = {
  id: "objects@0,0",
  role: "entity",
  kind: "crate",
  layer: "objects",
  layerIndex: 1,
  cell: [0, 0],
  cells: [[0, 0]],
  params: {},
  tags: [],
  symbol: "C",
  name: "crate",
  appearance: look("#111111"),
};

const at = (x: number, y: number, extra: Partial<Pose> = {}): Pose => ({ ...restPose([x, y]), ...extra });

function track(keys: Key[], flags: Partial<Pick<Track, "enters" | "leaves">> = {}): Track {
  return { id: piece.id, piece, keys, enters: flags.enters ?? false, leaves: flags.leaves ?? false };
}

describe("sampling a track", () => {
  const red = look("#ff0000");
  const t = track([
    { t: 0, pose: at(0, 0), ease: "linear" },
    { t: 100, pose: at(2, 0), ease: "linear", avatarState: "moving" },
    { t: 200, pose: at(2, 0, { scale: 0 }), ease: "in", appearance: red },
    { t: 200, pose: at(5, 5, { scale: 0 }), ease: "step" },
    { t: 300, pose: at(5, 5), ease: "out", avatarState: "idle" },
  ]);

  test("at key times it gives the key poses", () => {
    expect(samplePose(t, 0)).toEqual(at(0, 0));
    expect(samplePose(t, 100)).toEqual(at(2, 0));
    // Two keys at one instant: the later one holds from then on (a jump).
    expect(samplePose(t, 200)).toEqual(at(5, 5, { scale: 0 }));
    expect(samplePose(t, 300)).toEqual(at(5, 5));
  });

  test("between keys it follows the later key's ease", () => {
    expect(samplePose(t, 50).x).toBeCloseTo(1, 10);
    expect(samplePose(t, 150).scale).toBeCloseTo(1 - ease("in", 0.5), 10);
    expect(samplePose(t, 250).scale).toBeCloseTo(ease("out", 0.5), 10);
    expect(samplePose(t, 199.9)).toMatchObject({ x: 2, y: 0 });
  });

  test("before the first key the first pose holds, after the last the last", () => {
    expect(samplePose(t, -50)).toEqual(at(0, 0));
    expect(samplePose(t, 10_000)).toEqual(at(5, 5));
  });

  test("appearance and avatar state come from the last key that sets them", () => {
    expect(sampleTrack(t, 50)).toMatchObject({ appearance: piece.appearance, avatarState: null });
    expect(sampleTrack(t, 150)).toMatchObject({ appearance: piece.appearance, avatarState: "moving" });
    expect(sampleTrack(t, 250)).toMatchObject({ appearance: red, avatarState: "moving" });
    expect(sampleTrack(t, 300)).toMatchObject({ appearance: red, avatarState: "idle" });
  });

  test("an entering piece is hidden before its first key", () => {
    const entering = track(
      [
        { t: 100, pose: at(1, 1, { scale: 0, opacity: 0 }), ease: "step" },
        { t: 200, pose: at(1, 1), ease: "out" },
      ],
      { enters: true },
    );
    expect(samplePose(entering, 50).opacity).toBe(0);
    expect(sampleInto(entering, 50, createTrackSample()).visible).toBe(false);
    expect(sampleInto(entering, 150, createTrackSample()).visible).toBe(true);
    expect(samplePose(entering, 200)).toEqual(at(1, 1));
  });

  test("the eases start at 0 and end at 1; step jumps only at the end", () => {
    for (const e of ["linear", "in", "out", "in_out", "step"] as const) {
      expect(ease(e, 0)).toBe(0);
      expect(ease(e, 1)).toBe(1);
    }
    expect(ease("step", 0.99)).toBe(0);
    expect(ease("in", 0.5)).toBeLessThan(0.5);
    expect(ease("out", 0.5)).toBeGreaterThan(0.5);
  });

  test("sampleInto fills and returns the caller's object", () => {
    const out = createTrackSample();
    expect(sampleInto(t, 50, out)).toBe(out);
    expect(out.x).toBeCloseTo(1, 10);
    sampleInto(t, 300, out);
    expect(out).toMatchObject({ x: 5, y: 5, scale: 1, avatarState: "idle" });
  });

  test("500 tracks sampled per frame reuse their samples", () => {
    const tracks = Array.from({ length: 500 }, (_, i) =>
      track([
        { t: 0, pose: at(i, 0), ease: "linear" },
        { t: 130, pose: at(i + 1, 0), ease: "linear" },
        { t: 260, pose: at(i + 2, 0), ease: "linear" },
      ]),
    );
    const samples = tracks.map(() => createTrackSample());
    for (let frame = 0; frame <= 16; frame++) {
      const time = frame * 16.25;
      for (let i = 0; i < tracks.length; i++) {
        const s = sampleInto(tracks[i] as Track, time, samples[i] as ReturnType<typeof createTrackSample>);
        expect(s).toBe(samples[i]);
      }
    }
    expect(samples[7]?.x).toBeCloseTo(9, 10);
  });
});
