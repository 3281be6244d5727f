/**
 * Sampling tracks: the pose, appearance and avatar state of a piece at one instant. Renderers call
 * this for every moving piece on every frame, so `sampleInto` writes into a caller-owned object and
 * allocates nothing.
 * @module
 */
import type { Appearance, Ease, Key, Pose, Track } from "./types.js";

/** A mutable sample a renderer keeps per piece and refills every frame with {@link sampleInto}. */
export interface TrackSample {
  x: number;
  y: number;
  z: number;
  scale: number;
  squash: number;
  opacity: number;
  turn: number;
  /** The appearance to draw now (the track's piece appearance until a key changes it). */
  appearance: Appearance | null;
  /** The avatar's state now (`moving`, `pushing`, `idle`), or `null` when no key set one. */
  avatarState: string | null;
  /** False while an entering piece has not appeared yet. */
  visible: boolean;
}

/** A fresh sample to reuse across frames. */
export function createTrackSample(): TrackSample {
  return {
    x: 0,
    y: 0,
    z: 0,
    scale: 1,
    squash: 1,
    opacity: 1,
    turn: 0,
    appearance: null,
    avatarState: null,
    visible: true,
  };
}

/** Progress `u` (0..1) shaped by an ease. */
export function ease(kind: Ease, u: number): number {
  switch (kind) {
    case "linear":
      return u;
    case "in":
      return u * u;
    case "out":
      return 1 - (1 - u) * (1 - u);
    case "in_out":
      return u < 0.5 ? 2 * u * u : 1 - 2 * (1 - u) * (1 - u);
    case "step":
      return u >= 1 ? 1 : 0;
  }
}

/** The index of the last key at or before `t` (-1 when `t` is before the first key). */
function keyIndex(keys: readonly Key[], t: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((keys[mid] as Key).t <= t) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

function copyPose(out: TrackSample, p: Pose): void {
  out.x = p.x;
  out.y = p.y;
  out.z = p.z;
  out.scale = p.scale;
  out.squash = p.squash;
  out.opacity = p.opacity;
  out.turn = p.turn;
}

/**
 * Fills `out` with the track's state at `t` ms and returns it. Before the first key the first pose
 * holds (an entering piece is not visible then); after the last, the last. Between two keys the pose
 * moves by the later key's ease. Appearance and avatar state are those of the last key at or before
 * `t` that sets them.
 */
export function sampleInto(track: Track, t: number, out: TrackSample): TrackSample {
  const keys = track.keys;
  out.appearance = track.piece.appearance;
  out.avatarState = null;
  out.visible = true;
  if (keys.length === 0) {
    out.x = track.piece.cell[0];
    out.y = track.piece.cell[1];
    out.z = 0;
    out.scale = 1;
    out.squash = 1;
    out.opacity = 1;
    out.turn = 0;
    return out;
  }
  const i = keyIndex(keys, t);
  if (i < 0) {
    copyPose(out, (keys[0] as Key).pose);
    if (track.enters) out.visible = false;
    return out;
  }
  const a = keys[i] as Key;
  const b = keys[i + 1];
  if (b === undefined) {
    copyPose(out, a.pose);
  } else {
    const u = ease(b.ease, (t - a.t) / (b.t - a.t));
    const p = a.pose;
    const q = b.pose;
    out.x = p.x + (q.x - p.x) * u;
    out.y = p.y + (q.y - p.y) * u;
    out.z = p.z + (q.z - p.z) * u;
    out.scale = p.scale + (q.scale - p.scale) * u;
    out.squash = p.squash + (q.squash - p.squash) * u;
    out.opacity = p.opacity + (q.opacity - p.opacity) * u;
    out.turn = p.turn + (q.turn - p.turn) * u;
  }
  let appearanceFound = false;
  let stateFound = false;
  for (let k = i; k >= 0 && !(appearanceFound && stateFound); k--) {
    const key = keys[k] as Key;
    if (!appearanceFound && key.appearance !== undefined) {
      out.appearance = key.appearance;
      appearanceFound = true;
    }
    if (!stateFound && key.avatarState !== undefined) {
      out.avatarState = key.avatarState;
      stateFound = true;
    }
  }
  return out;
}

/** The pose of a track at `t` (allocates; renderers sampling many tracks use {@link sampleInto}). */
export function samplePose(track: Track, t: number): Pose {
  return poseOf(sampleInto(track, t, createTrackSample()));
}

/** A sample as a pose; a hidden piece has opacity 0. */
function poseOf(s: TrackSample): Pose {
  return {
    x: s.x,
    y: s.y,
    z: s.z,
    scale: s.scale,
    squash: s.squash,
    opacity: s.visible ? s.opacity : 0,
    turn: s.turn,
  };
}

/** Pose, appearance and avatar state of a track at `t`. */
export function sampleTrack(
  track: Track,
  t: number,
): { pose: Pose; appearance: Appearance; avatarState: string | null } {
  const s = sampleInto(track, t, createTrackSample());
  return {
    pose: poseOf(s),
    appearance: s.appearance ?? track.piece.appearance,
    avatarState: s.avatarState,
  };
}
