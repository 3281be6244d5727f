/**
 * Turn timelines: what a turn looks like while it plays. Stages run in order (motion, merge,
 * transform, destroy, spawn, npc), each starting when the one before ends; inside the motion stage an
 * id's moves follow one another, objects pushed by the avatar move with its step, and falls and swaps
 * wait for everything before them. A removal or change that makes way for a mover (the trace's
 * `makesWayFor`: the rock a pickaxe breaks before the avatar steps into its cell) plays inside the
 * motion stage, right before that mover's motion, which waits at its start cell until it has ended;
 * removals and changes no mover waits for play in the destroy and transform stages after all motion.
 * A change reported after a removal at the same cell (water becoming a bridge once a crate sank in it)
 * plays when that removal has ended, in the destroy stage when the removal plays there. Durations come
 * from each kind's `motion` and `animations`.
 * @module
 */
import type { GameEvent, LevelRuntime, Pack, PieceChange, TurnResult } from "@gridponder/engine";
import type { Direction } from "@gridponder/schema";
import { makeAppearance } from "./appearance.js";
import { resolveAnimation, resolveAsset } from "./assets.js";
import { avatarPieceAppearance } from "./avatar.js";
import type { ViewContext } from "./context.js";
import { pieceChange } from "./event-walk.js";
import {
  directionDelta,
  type TracedMotion,
  type TracedRemoval,
  type TracedSite,
  type TurnTrace,
  trackIdentities,
} from "./identity.js";
import { buildScene, withIds } from "./scene.js";
import type {
  Appearance,
  Cell,
  Ease,
  EffectStep,
  FrameAnimation,
  Key,
  Piece,
  Pose,
  Scene,
  Stage,
  StageName,
  Timeline,
  TimelineCause,
  Track,
} from "./types.js";

/** A kind's motion pacing with the documented defaults filled in. */
export interface MotionTimings {
  readonly moveDurationMs: number;
  readonly mergeDurationMs: number;
  readonly pathStepDurationMs: number;
  readonly spawnDurationMs: number;
}

export const DEFAULT_TIMINGS: MotionTimings = Object.freeze({
  moveDurationMs: 130,
  mergeDurationMs: 200,
  pathStepDurationMs: 80,
  spawnDurationMs: 120,
});

/** How long a piece takes to change into another kind when no animation is named. */
const TRANSFORM_MS = 160;
/** The landing squash after a fall. */
export const LANDING_MS = 100;
/** A fall is quicker per cell than a walk: it accelerates. */
const FALL_FACTOR = 0.8;

/** The `motion` timings of a kind (the avatar and unknown kinds get the defaults). */
function motionTimings(ctx: ViewContext, kind: string): MotionTimings {
  const m = ctx.pack.kinds.get(kind)?.def.motion;
  if (!m) return DEFAULT_TIMINGS;
  const pick = (v: number | undefined, d: number) => (typeof v === "number" && v >= 0 ? v : d);
  return {
    moveDurationMs: pick(m.moveDurationMs, DEFAULT_TIMINGS.moveDurationMs),
    mergeDurationMs: pick(m.mergeDurationMs, DEFAULT_TIMINGS.mergeDurationMs),
    pathStepDurationMs: pick(m.pathStepDurationMs, DEFAULT_TIMINGS.pathStepDurationMs),
    spawnDurationMs: pick(m.spawnDurationMs, DEFAULT_TIMINGS.spawnDurationMs),
  };
}

/**
 * A kind's named frame animation with its frames resolved, or `null` when the kind has none by that
 * name. When no frame resolves (no catalog, missing files) the animation keeps its duration with no
 * frames, so a procedural drawing still takes the time the pack gives it.
 */
function kindAnimation(ctx: ViewContext, kind: string | null, name: string | null): FrameAnimation | null {
  if (kind === null || name === null) return null;
  const animations = ctx.pack.kinds.get(kind)?.def.animations;
  const def = animations && Object.hasOwn(animations, name) ? animations[name] : undefined;
  if (!def) return null;
  return (
    resolveAnimation(ctx.assets, name, def) ?? {
      name,
      frames: [],
      durationMs: Math.max(0, def.duration),
      loop: def.mode === "loop",
    }
  );
}

/** The pose of a piece at rest on its anchor cell. */
export function restPose(cell: Cell): Pose {
  return { x: cell[0], y: cell[1], z: 0, scale: 1, squash: 1, opacity: 1, turn: 0 };
}

/** A timeline that jumps straight to `to` (no tracks, no duration). */
export function snapTimeline(cause: TimelineCause, from: Scene, to: Scene): Timeline {
  return { cause, from, to, durationMs: 0, stages: [], tracks: [], effects: [] };
}

/** Builds one track's keys in time order, holding the pose between segments. */
export class TrackBuilder {
  readonly keys: Key[] = [];
  pose: Pose;

  constructor(
    readonly piece: Piece,
    start: Pose,
    readonly enters: boolean,
    readonly leaves: boolean,
  ) {
    this.pose = start;
    if (!enters) this.keys.push({ t: 0, pose: start, ease: "linear" });
  }

  /** The time of the last key (0 when there is none). */
  get end(): number {
    return this.keys.length === 0 ? 0 : (this.keys[this.keys.length - 1] as Key).t;
  }

  /**
   * Adds a key at `t` moving to `pose` with `ease`. A key at the same time as the last one replaces
   * the last one's extras when `merge` is set (a state change at the instant a segment ends).
   */
  to(
    t: number,
    change: Partial<Pose>,
    ease: Ease = "linear",
    extras: { appearance?: Appearance; avatarState?: string } = {},
  ): void {
    const pose = { ...this.pose, ...change };
    this.pose = pose;
    const key: Key = { t, pose, ease, ...extras };
    this.keys.push(key);
  }

  /** Holds the current pose until `t` (so the next change starts there), optionally setting extras. */
  hold(t: number, extras: { appearance?: Appearance; avatarState?: string } = {}): void {
    const last = this.keys[this.keys.length - 1];
    if (last && last.t === t) {
      if (extras.appearance !== undefined || extras.avatarState !== undefined)
        this.keys[this.keys.length - 1] = { ...last, ...extras };
      return;
    }
    if (last && last.t > t) throw new Error(`track ${this.piece.id}: key at ${t} after ${last.t}`);
    this.keys.push({ t, pose: this.pose, ease: "linear", ...extras });
  }

  build(): Track {
    return {
      id: this.piece.id,
      piece: this.piece,
      keys: this.keys,
      leaves: this.leaves,
      enters: this.enters,
    };
  }
}

/** Whether two removals or changes happened on the same cell (of any layers). */
function sameSite(a: TracedSite, b: TracedSite): boolean {
  return a.cell !== null && b.cell !== null && a.cell[0] === b.cell[0] && a.cell[1] === b.cell[1];
}

function pieceIndex(scene: Scene): Map<string, Piece> {
  const out = new Map<string, Piece>();
  for (const p of scene.pieces) out.set(p.id, p);
  return out;
}

/** Which stage shows an event's theme effect: the stage in which its change of pieces becomes visible. */
const EFFECT_STAGE: Readonly<Partial<Record<PieceChange, StageName>>> = {
  merge: "merge",
  carried_merge: "merge",
  transform: "transform",
  flood: "transform",
  claim: "transform",
  remove: "destroy",
  clear: "destroy",
  place: "spawn",
  release: "spawn",
};

/** The stage an event's theme effect shows in; `motion` for an event that changes no piece by itself. */
function stageOf(pack: Pack, event: GameEvent): StageName {
  const change = pieceChange(pack, event);
  return (change !== undefined ? EFFECT_STAGE[change] : undefined) ?? "motion";
}

const STAGE_ORDER: readonly StageName[] = ["motion", "merge", "transform", "destroy", "spawn", "npc"];

/** Everything a turn timeline is built from. */
export interface TimelineInput {
  readonly from: Scene;
  readonly to: Scene;
  readonly trace: TurnTrace;
  readonly events: readonly GameEvent[];
}

class TimelineWriter {
  private readonly fromPieces: Map<string, Piece>;
  private readonly toPieces: Map<string, Piece>;
  private readonly builders = new Map<string, TrackBuilder>();
  private readonly stageIds = new Map<StageName, Set<string>>();
  /** Ids whose change has been written (early, for a waiting mover, or in its stage). */
  private readonly transformed = new Set<string>();
  /** Ids that take a merge's result: the merge stage shows their change. */
  private readonly mergedInto: ReadonlySet<string>;
  /** The frame animation of each changed id (its first change that names one). */
  private readonly changeAnimations = new Map<string, FrameAnimation>();
  /** Cells cleared for a waiting mover: the events from `from` up to `until` show from `start`. */
  private readonly madeWay: { cell: Cell; from: number; until: number; start: number }[] = [];
  /**
   * Changed ids whose cell lost another piece in an earlier event (the crate that sank before the
   * water became a bridge): the change plays when that removal has ended.
   */
  private readonly removedBefore = new Map<string, TracedRemoval>();
  /** When each written removal or change starts. */
  private readonly startOf = new Map<string, number>();
  /** When each written removal ends (early, for a waiting mover, or in its stage). */
  private readonly removalEnds = new Map<string, number>();

  constructor(
    private readonly ctx: ViewContext,
    private readonly input: TimelineInput,
  ) {
    this.fromPieces = pieceIndex(input.from);
    this.toPieces = pieceIndex(input.to);
    this.mergedInto = new Set(input.trace.merges.map((m) => m.into));
    for (const c of input.trace.changes) {
      const anim = kindAnimation(ctx, c.kind, c.animation);
      if (anim && !this.changeAnimations.has(c.id)) this.changeAnimations.set(c.id, anim);
      const earlier = input.trace.removals.find(
        (r) => sameSite(r, c) && r.event !== null && c.event !== null && r.event < c.event,
      );
      if (earlier && !this.removedBefore.has(c.id)) this.removedBefore.set(c.id, earlier);
    }
  }

  /** The builder of an id's track, made on first use: leaving pieces start as in `from`. */
  track(id: string): TrackBuilder | null {
    let b = this.builders.get(id);
    if (b) return b;
    const before = this.fromPieces.get(id);
    const after = this.toPieces.get(id);
    const piece = before ?? after;
    if (!piece) return null;
    b = new TrackBuilder(piece, restPose(piece.cell), before === undefined, after === undefined);
    this.builders.set(id, b);
    return b;
  }

  private mark(stage: StageName, id: string): void {
    let set = this.stageIds.get(stage);
    if (!set) {
      set = new Set();
      this.stageIds.set(stage, set);
    }
    set.add(id);
  }

  private durationOf(m: TracedMotion): number {
    const t = motionTimings(this.ctx, m.kind);
    const cells = Math.max(1, m.path.length - 1);
    if (m.mode === "jump") return 2 * t.spawnDurationMs;
    if (m.mode === "fall") return cells * t.moveDurationMs * FALL_FACTOR + LANDING_MS;
    return cells * t.moveDurationMs;
  }

  private avatarFacing(): Direction | null {
    const a = this.input.to.avatar;
    return a ? (a.facing as Direction) : null;
  }

  private avatarLook(state: string): Appearance | undefined {
    const facing = this.avatarFacing();
    return facing === null ? undefined : avatarPieceAppearance(this.ctx, state, facing);
  }

  /** Writes one motion's keys starting at `start` over `duration`. */
  private play(m: TracedMotion, start: number, duration: number, stage: StageName): void {
    const b = this.track(m.id);
    if (!b) return;
    this.mark(stage, m.id);
    const isAvatar = b.piece.role === "avatar";
    const state = m.mode === "push" ? "pushing" : "moving";
    b.hold(start, isAvatar ? { avatarState: state, appearance: this.avatarLook(state) } : {});
    const path = m.path;
    if (m.mode === "jump") {
      const to = path[path.length - 1] as Cell;
      const half = duration / 2;
      b.to(start + half, { scale: 0, opacity: 0 }, "in");
      b.to(start + half, { x: to[0], y: to[1] }, "step");
      b.to(start + duration, { scale: 1, opacity: 1 }, "out");
    } else {
      const n = path.length - 1;
      const travel = m.mode === "fall" ? duration - LANDING_MS : duration;
      const turn0 = b.pose.turn;
      for (let j = 1; j <= n; j++) {
        const cell = path[j] as Cell;
        // Constant speed along a path, so consecutive moves of one slide join without a stutter; a
        // fall accelerates (distance grows with the square of time) and passes its cells ever faster.
        const at = m.mode === "fall" ? travel * Math.sqrt(j / n) : (travel * j) / n;
        b.to(start + at, { x: cell[0], y: cell[1], turn: turn0 + (m.turn * j) / n }, "linear");
      }
      if (m.mode === "fall") {
        b.to(start + travel + LANDING_MS / 2, { squash: 0.7 }, "out");
        b.to(start + duration, { squash: 1 }, "in_out");
      }
    }
    if (isAvatar) b.hold(start + duration, { avatarState: "idle", appearance: this.avatarLook("idle") });
  }

  /** The motion stage (or the npc stage): returns its end. */
  private motions(phase: "motion" | "npc", base: number): number {
    const { motions } = this.input.trace;
    const ready = new Map<string, number>();
    // endBefore[i]: when every motion of this phase with an index below i has ended.
    const endBefore: number[] = [base];
    let end = base;
    motions.forEach((m, index) => {
      if (m.phase === phase && !m.carried && this.track(m.id)) {
        const members = [index, ...m.together];
        const group = members.map((i) => motions[i] as TracedMotion);
        let start = endBefore[m.waitsFor] ?? base;
        for (const g of group) start = Math.max(start, ready.get(g.id) ?? base);
        // The movers wait where they stand while what makes way for them plays.
        start = this.makeWay(members, start, phase);
        let duration = 0;
        for (const g of group) duration = Math.max(duration, this.durationOf(g));
        for (const g of group) {
          this.play(g, start, duration, phase);
          ready.set(g.id, start + duration);
        }
        end = Math.max(end, start + duration);
      }
      endBefore[index + 1] = end;
    });
    return end;
  }

  /**
   * Plays, from `start`, the removals and changes that make way for the motions `members` (the trace's
   * `makesWayFor`) and returns when the last of them ends (`start` when there are none).
   */
  private makeWay(members: readonly number[], start: number, stage: StageName): number {
    const { motions, removals, changes } = this.input.trace;
    let end = start;
    const note = (site: TracedSite & { readonly id: string }, done: number | null) => {
      if (done === null || site.cell === null || site.event === null || site.makesWayFor === null) return;
      const until = (motions[site.makesWayFor] as TracedMotion).event;
      const from = this.startOf.get(site.id) ?? start;
      this.madeWay.push({ cell: site.cell, from: site.event, until, start: from });
      end = Math.max(end, done);
    };
    const waiting = (site: TracedSite) => site.makesWayFor !== null && members.includes(site.makesWayFor);
    for (const r of removals) if (waiting(r)) note(r, this.destroy(r, start, stage));
    for (const c of changes) if (waiting(c)) note(c, this.transform(c.id, start, stage));
    return end;
  }

  /** Pieces that end elsewhere than their motions took them (a carried avatar, an unreported move). */
  private catchUp(base: number): number {
    let end = base;
    // Where the recorded motions (of every phase) leave each id.
    const planned = new Map<string, Cell>();
    for (const m of this.input.trace.motions) planned.set(m.id, m.path[m.path.length - 1] as Cell);
    for (const [id, after] of this.toPieces) {
      const before = this.fromPieces.get(id);
      if (!before) continue;
      const goal = planned.get(id) ?? before.cell;
      if (goal[0] === after.cell[0] && goal[1] === after.cell[1]) continue;
      const b = this.builders.get(id);
      const at = b ? b.pose : restPose(before.cell);
      const track = this.track(id) as TrackBuilder;
      const from: Cell = [at.x, at.y];
      const duration = Math.max(1, Math.abs(after.cell[0] - at.x), Math.abs(after.cell[1] - at.y));
      this.play(
        {
          id,
          kind: after.kind,
          mode: "slide",
          path: [from, after.cell],
          phase: "motion",
          together: [],
          carried: false,
          waitsFor: 0,
          turn: 0,
          event: -1,
        },
        Math.max(base, track.end),
        duration * motionTimings(this.ctx, after.kind).moveDurationMs,
        "motion",
      );
      end = Math.max(end, track.end);
    }
    return end;
  }

  private merges(base: number): number {
    let end = base;
    for (const m of this.input.trace.merges) {
      const duration = motionTimings(this.ctx, m.kind).mergeDurationMs;
      const absorbed = this.track(m.absorbed);
      const into = this.track(m.into);
      const final = this.toPieces.get(m.into)?.appearance;
      if (absorbed) {
        absorbed.hold(base);
        absorbed.to(base + duration, { scale: 0.2, opacity: 0 }, "in");
        this.mark("merge", m.absorbed);
      }
      if (into) {
        into.hold(base);
        into.to(base + duration / 2, { scale: 1.2 }, "out", final ? { appearance: final } : {});
        into.to(base + duration, { scale: 1 }, "in_out");
        this.mark("merge", m.into);
      }
      end = Math.max(end, base + duration);
    }
    return end;
  }

  /** Frame keys of an animation from `start`; returns its end. */
  private frames(b: TrackBuilder, anim: FrameAnimation, start: number, base: Appearance): number {
    const step = anim.durationMs / anim.frames.length;
    b.hold(start);
    anim.frames.forEach((frame, i) => {
      const { key: _key, ...fields } = base;
      const appearance = makeAppearance({ ...fields, sprite: frame, mirror: false });
      b.hold(start + i * step, { appearance });
    });
    return start + anim.durationMs;
  }

  /** Plays an id's change of look from `base`: returns its end, or `null` when there is none to play. */
  private transform(id: string, base: number, stage: StageName): number | null {
    const before = this.fromPieces.get(id);
    const after = this.toPieces.get(id);
    if (!before || !after || after.role === "avatar") return null;
    if (this.mergedInto.has(id) || this.transformed.has(id)) return null;
    const anim = this.changeAnimations.get(id);
    if (!anim && before.appearance.key === after.appearance.key) return null;
    this.transformed.add(id);
    const b = this.track(id) as TrackBuilder;
    const removal = this.removedBefore.get(id);
    const start = Math.max(base, b.end, (removal && this.removalEnds.get(removal.id)) ?? base);
    this.startOf.set(id, start);
    this.mark(stage, id);
    if (anim && anim.frames.length > 0) {
      const done = this.frames(b, anim, start, b.piece.appearance);
      b.hold(done, { appearance: after.appearance });
      return done;
    }
    // Without frames the piece dips and comes back changed, over the animation's time if it has one.
    const duration = anim ? anim.durationMs : TRANSFORM_MS;
    b.hold(start);
    b.to(start + duration / 2, { scale: 0.85 }, "in", { appearance: after.appearance });
    b.to(start + duration, { scale: 1 }, "out");
    return start + duration;
  }

  private transforms(base: number): number {
    let end = base;
    for (const id of this.toPieces.keys()) {
      const removal = this.removedBefore.get(id);
      // It follows a removal that has yet to play: the destroy stage plays it after that.
      if (removal && !this.removalEnds.has(removal.id)) continue;
      end = Math.max(end, this.transform(id, base, "transform") ?? base);
    }
    return end;
  }

  /** Plays a removal from `base`: returns its end, or `null` when the piece does not leave (or left). */
  private destroy(r: TracedRemoval, base: number, stage: StageName): number | null {
    const b = this.track(r.id);
    if (!b?.leaves || this.removalEnds.has(r.id)) return null;
    this.mark(stage, r.id);
    const start = Math.max(base, b.end);
    this.startOf.set(r.id, start);
    const end = this.removal(r, b, start);
    this.removalEnds.set(r.id, end);
    return end;
  }

  /** Writes a removal's keys from `start`; returns when the piece is gone. */
  private removal(r: TracedRemoval, b: TrackBuilder, start: number): number {
    const timings = motionTimings(this.ctx, r.kind);
    const anim = kindAnimation(this.ctx, r.kind, r.animation);
    const exit = directionDelta(r.exitDirection);
    if (anim && anim.frames.length > 0) {
      const done = this.frames(b, anim, start, b.piece.appearance);
      b.to(done + timings.spawnDurationMs, { opacity: 0 }, "in");
      return done + timings.spawnDurationMs;
    }
    if (anim) {
      b.hold(start);
      b.to(start + anim.durationMs, { scale: 0.4, opacity: 0 }, "in");
      return start + anim.durationMs;
    }
    if (exit) {
      const cells = Math.max(1, b.piece.cells.length);
      const done = start + cells * timings.moveDurationMs;
      b.hold(start);
      b.to(done, { x: b.pose.x + exit[0] * cells, y: b.pose.y + exit[1] * cells, opacity: 0 }, "in");
      return done;
    }
    b.hold(start);
    b.to(start + timings.spawnDurationMs, { scale: 0.4, opacity: 0 }, "in");
    return start + timings.spawnDurationMs;
  }

  private destroys(base: number): number {
    let end = base;
    for (const r of this.input.trace.removals) end = Math.max(end, this.destroy(r, base, "destroy") ?? base);
    for (const id of this.removedBefore.keys())
      end = Math.max(end, this.transform(id, base, "destroy") ?? base);
    return end;
  }

  private spawns(base: number): number {
    let end = base;
    for (const s of this.input.trace.spawns) {
      const b = this.track(s.id);
      if (!b) continue;
      this.mark("spawn", s.id);
      const timings = motionTimings(this.ctx, b.piece.kind);
      const at = b.piece.cell;
      if (s.origin) {
        b.to(base, { ...restPose(s.origin), scale: 0.3, opacity: 0 }, "step");
        b.to(base + timings.pathStepDurationMs, { ...restPose(at) }, "out");
        end = Math.max(end, base + timings.pathStepDurationMs);
      } else {
        b.to(base, { ...restPose(at), scale: 0, opacity: 0 }, "step");
        b.to(base + timings.spawnDurationMs, { scale: 1, opacity: 1 }, "out");
        end = Math.max(end, base + timings.spawnDurationMs);
      }
    }
    return end;
  }

  /** An avatar that turned without moving shows its new facing from the start. */
  private avatarTurn(): void {
    const before = this.input.from.avatar?.piece;
    const after = this.input.to.avatar?.piece;
    if (!before || !after || before.id !== after.id) return;
    if (before.appearance.key === after.appearance.key || this.builders.has(after.id)) return;
    const b = this.track(after.id) as TrackBuilder;
    b.hold(0, { appearance: after.appearance });
  }

  private effects(stageStart: ReadonlyMap<StageName, number>): EffectStep[] {
    const defs = this.ctx.pack.theme?.effects;
    if (!defs) return [];
    const out: EffectStep[] = [];
    this.input.events.forEach((e, index) => {
      const def = Object.hasOwn(defs, e.type) ? defs[e.type] : undefined;
      const position = e.position;
      if (!def || !Array.isArray(position) || position.length !== 2) return;
      const sheet = resolveAsset(this.ctx.assets, def.sheet);
      if (!sheet) return;
      const cell: Cell = [Number(position[0]), Number(position[1])];
      // An event that cleared the way for a mover shows when that clearing plays, not in its stage.
      let early: { from: number; start: number } | undefined;
      for (const w of this.madeWay)
        if (w.cell[0] === cell[0] && w.cell[1] === cell[1] && index >= w.from && index < w.until)
          if (!early || w.from > early.from) early = w;
      out.push({
        event: e.type,
        cell,
        startMs: early?.start ?? stageStart.get(stageOf(this.ctx.pack, e)) ?? 0,
        durationMs: def.durationMs ?? 300,
        sheet,
        frames: def.frames ?? 1,
        scale: def.scale ?? 1,
      });
    });
    return out;
  }

  write(): Timeline {
    this.avatarTurn();
    const stages: Stage[] = [];
    const starts = new Map<StageName, number>();
    let t = 0;
    const run = (name: StageName, body: (base: number) => number) => {
      starts.set(name, t);
      const end = body(t);
      const ids = this.stageIds.get(name);
      if (ids && ids.size > 0) stages.push({ name, startMs: t, durationMs: end - t, ids: [...ids] });
      t = end;
    };
    run("motion", (base) => this.catchUp(this.motions("motion", base)));
    run("merge", (base) => this.merges(base));
    run("transform", (base) => this.transforms(base));
    run("destroy", (base) => this.destroys(base));
    run("spawn", (base) => this.spawns(base));
    run("npc", (base) => this.motions("npc", base));
    const effects = this.effects(starts);
    let duration = t;
    for (const e of effects) duration = Math.max(duration, e.startMs + e.durationMs);
    // Leaving pieces fade out by their last key; entering ones are hidden until their first.
    const tracks = [...this.builders.values()].map((b) => b.build());
    stages.sort((a, b) => STAGE_ORDER.indexOf(a.name) - STAGE_ORDER.indexOf(b.name));
    return {
      cause: "turn",
      from: this.input.from,
      to: this.input.to,
      durationMs: duration,
      stages,
      tracks,
      effects,
    };
  }
}

/** The animation of one turn from its trace (see {@link trackIdentities}). */
function buildTimeline(ctx: ViewContext, input: TimelineInput): Timeline {
  return new TimelineWriter(ctx, input).write();
}

/** Options of {@link advanceScene}. */
export interface AdvanceOptions {
  /** Snap every timeline (duration 0). */
  readonly reducedMotion?: boolean;
}

/** Whether a level's systems ask for no motion (`emitMotion: false`): its turns snap. */
function motionSuppressed(level: LevelRuntime): boolean {
  return level.systems.some((s) => (s.config as { emitMotion?: unknown } | undefined)?.emitMotion === false);
}

/**
 * The scene after a turn, with visual ids carried from `prev` through the turn's events, and the
 * turn's timeline. A rejected turn changes nothing (the same scene, an empty timeline). With
 * `reducedMotion`, or in a level whose systems set `emitMotion: false`, the timeline snaps.
 */
export function advanceScene(
  ctx: ViewContext,
  level: LevelRuntime,
  prev: Scene,
  result: TurnResult,
  options: AdvanceOptions = {},
): { scene: Scene; timeline: Timeline } {
  if (!result.accepted) return { scene: prev, timeline: snapTimeline("turn", prev, prev) };
  const positional = buildScene(ctx, level, result.state);
  const { scene, trace } = trackIdentities(ctx.pack, prev, result.events, positional, withIds);
  if (options.reducedMotion === true || motionSuppressed(level))
    return { scene, timeline: snapTimeline("turn", prev, scene) };
  return { scene, timeline: buildTimeline(ctx, { from: prev, to: scene, trace, events: result.events }) };
}
