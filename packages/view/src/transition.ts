/**
 * Transitions between scenes that no turn connects: undo, redo, reset and loading a level. Pieces
 * that keep their id slide to where they belong; the others fade out or in.
 * @module
 */
import type { ViewContext } from "./context.js";
import { restPose, snapTimeline, TrackBuilder } from "./timeline.js";
import type { Piece, Scene, Timeline, TimelineCause } from "./types.js";

/** How long an undo, redo or reset takes. */
export const TRANSITION_MS = 150;

/** Options of {@link transitionScene}. */
export interface TransitionOptions {
  /** Snap (duration 0). */
  readonly reducedMotion?: boolean;
}

/**
 * A short transition from `from` to `to`: a piece with the same id in both slides (and changes its
 * look halfway), a piece only in `from` fades out, one only in `to` fades in, all within
 * {@link TRANSITION_MS}. Loading a level (`load`) matches nothing: the old board fades out and the new
 * one in, since the positional ids of two levels say nothing about each other. With `reducedMotion`,
 * or when nothing differs, it snaps.
 */
export function transitionScene(
  _ctx: ViewContext,
  from: Scene,
  to: Scene,
  cause: Exclude<TimelineCause, "turn">,
  options: TransitionOptions = {},
): Timeline {
  return transitionBetween(from, to, cause, options);
}

/**
 * {@link transitionScene} for scenes of no pack: what it does needs nothing but the two scenes, so a
 * match board's moves slide the same way (a piece keeps its id from square to square).
 */
export function transitionBetween(
  from: Scene,
  to: Scene,
  cause: Exclude<TimelineCause, "turn">,
  options: TransitionOptions = {},
): Timeline {
  if (options.reducedMotion === true) return snapTimeline(cause, from, to);
  const matching = cause !== "load";
  const after = new Map<string, Piece>();
  for (const p of to.pieces) after.set(p.id, p);
  const before = new Map<string, Piece>();
  for (const p of from.pieces) before.set(p.id, p);
  const d = TRANSITION_MS;
  const builders: TrackBuilder[] = [];
  for (const p of from.pieces) {
    const q = matching ? after.get(p.id) : undefined;
    if (q) {
      const moved = p.cell[0] !== q.cell[0] || p.cell[1] !== q.cell[1];
      const looks = p.appearance.key !== q.appearance.key;
      if (!moved && !looks) continue;
      const b = new TrackBuilder(p, restPose(p.cell), false, false);
      if (looks)
        b.to(d / 2, { x: (p.cell[0] + q.cell[0]) / 2, y: (p.cell[1] + q.cell[1]) / 2 }, "in", {
          appearance: q.appearance,
        });
      b.to(d, { x: q.cell[0], y: q.cell[1] }, looks ? "out" : "in_out");
      builders.push(b);
    } else {
      const b = new TrackBuilder(p, restPose(p.cell), false, true);
      b.to(d, { opacity: 0, scale: 0.6 }, "in");
      builders.push(b);
    }
  }
  for (const q of to.pieces) {
    if (matching && before.has(q.id)) continue;
    const b = new TrackBuilder(q, restPose(q.cell), true, false);
    b.to(0, { opacity: 0, scale: 0.6 }, "step");
    b.to(d, { opacity: 1, scale: 1 }, "out");
    builders.push(b);
  }
  if (builders.length === 0) return snapTimeline(cause, from, to);
  const tracks = builders.map((b) => b.build());
  return {
    cause,
    from,
    to,
    durationMs: d,
    stages: [{ name: "motion", startMs: 0, durationMs: d, ids: tracks.map((t) => t.id) }],
    tracks,
    effects: [],
  };
}
