import { type Appearance, type Pose, type Scene, sampleInto, type Track } from "@gridponder/view";
import type { BatchPool, LivePart } from "./batches.js";
import { ISOMETRIC, type Projection } from "./iso.js";
import { type PartContext, partsOf } from "./parts.js";
import { BARE_GROUND, measurePickSurface, type PickSurface } from "./pick-surface.js";
import { partMatrix, restPose } from "./placement.js";
import { type Actor, partContext, partsNeeded, sceneActors } from "./scene-actors.js";
import {
  labelUnder,
  measureStandHeights,
  NO_HEIGHTS,
  type StandHeights,
  standHeightAt,
} from "./stand-heights.js";

/**
 * How far the avatar steps back (along each board axis), and how much it shrinks, on a cell whose
 * number it would cover: in the isometric view behind the label, seen from above into the far corner.
 */
const ASIDE = {
  isometric: { shift: 0.18, shrink: 0.4 },
  "top-down": { shift: 0.27, shrink: 0.5 },
} as const;

/**
 * The avatar's pose on the board: standing on top of the tiles it shares a cell with, and stepped
 * back and smaller where it would cover a written label, so the label stays readable.
 */
function avatarPose(heights: StandHeights, pose: Pose, projection: Projection): Pose {
  const aside = labelUnder(heights, pose.x, pose.y);
  const z = pose.z + standHeightAt(heights, pose.x, pose.y);
  if (aside === 0) return { ...pose, z };
  const { shift, shrink } = ASIDE[projection.view];
  const back = shift * aside;
  return { ...pose, x: pose.x - back, y: pose.y - back, z, scale: pose.scale * (1 - shrink * aside) };
}

/**
 * The pieces of the shown scene, realised as parts in the batches: at rest, or following the tracks of
 * the running timeline. Timeline semantics stay in the view's sampler; this only places what it samples.
 */
export class ActorStage {
  /** What a pointer can hit (measured at rest, whatever is animating). */
  surface: PickSurface = BARE_GROUND;
  /** What the avatar stands on (measured at rest, like the surface). */
  heights: StandHeights = NO_HEIGHTS;
  #animated: Actor[] = [];
  /** The shown scene's part context, derived once per scene rather than every frame. */
  #context: PartContext | null = null;
  readonly #matrix = new Float32Array(16);

  readonly #pool: BatchPool;
  /** The camera upright sprites and labels face; set before showing a scene. */
  projection: Projection = ISOMETRIC;

  constructor(pool: BatchPool) {
    this.#pool = pool;
  }

  /** Replaces what is drawn with `scene`, its tracked pieces posed at the start of their tracks. */
  show(scene: Scene, tracks: readonly Track[]): void {
    const context = partContext(scene);
    this.#context = context;
    const actors = sceneActors(scene, tracks);
    // Each actor's parts are built once and serve the batches' sizes, the measures and the realising.
    const own = actors.map((a) => partsOf(a.piece, a.appearance, context, a.item));
    // The measures read the piece alone: a carried item's badge floats above, not a thing to stand on.
    const bare = actors.map((a, i) => (a.item ? partsOf(a.piece, a.appearance, context) : (own[i] ?? [])));
    this.#pool.provide(partsNeeded(actors, context, own), scene.theme.text.fontFamily || "sans-serif");
    this.surface = measurePickSurface(scene, actors, context, bare);
    this.heights = measureStandHeights(scene, actors, context, bare);
    this.#animated = [];
    for (const [i, actor] of actors.entries()) {
      actor.parts = this.#pool.allocate(own[i] ?? []);
      if (actor.track) {
        this.#animated.push(actor);
        this.#animateActor(scene, actor, 0, context);
      } else this.#place(scene, actor, restPose(actor.piece.cell[0], actor.piece.cell[1]), 1);
    }
  }

  /** Poses every tracked piece at timeline time `t`. */
  animate(scene: Scene, t: number): void {
    const context = this.#context ?? partContext(scene);
    for (const actor of this.#animated) this.#animateActor(scene, actor, t, context);
  }

  clear(): void {
    this.heights = NO_HEIGHTS;
    this.#animated = [];
    this.#context = null;
  }

  #realise(actor: Actor, appearance: Appearance, context: PartContext): LivePart[] {
    return this.#pool.allocate(partsOf(actor.piece, appearance, context, actor.item));
  }

  #place(scene: Scene, actor: Actor, pose: Pose, opacity: number): void {
    const m = this.#matrix;
    const placed = actor.piece.role === "avatar" ? avatarPose(this.heights, pose, this.projection) : pose;
    for (const part of actor.parts) {
      partMatrix(m, part.spec, placed, scene.width, scene.height, actor.yaw, this.projection);
      part.batch.write(part.slot, m, opacity, part.labelSlot);
    }
  }

  /** A track may switch the piece's appearance mid-way: its old parts are freed and new ones realised. */
  #animateActor(scene: Scene, actor: Actor, t: number, context: PartContext): void {
    const { track, sample } = actor;
    if (!track || !sample) return;
    sampleInto(track, t, sample);
    const next = sample.appearance;
    if (next && next.key !== actor.appearance.key) {
      for (const part of actor.parts) part.batch.release(part);
      actor.appearance = next;
      actor.parts = this.#realise(actor, next, context);
    }
    this.#place(scene, actor, sample, sample.visible ? sample.opacity : 0);
  }
}
