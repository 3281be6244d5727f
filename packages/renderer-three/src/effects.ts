import type { EffectStep, Scene } from "@gridponder/view";
import { Vector4 } from "three";
import type { Batch } from "./batch.js";
import type { BatchPool } from "./batches.js";
import type { Projection } from "./iso.js";
import { LABEL_BATCH, type PartSpec } from "./parts.js";
import { partMatrix, restPose } from "./placement.js";

/** A theme effect of a timeline: a sprite sheet flipped through on a cell while its step runs. */
export interface EffectSprite {
  readonly step: EffectStep;
  readonly batch: Batch;
  readonly matrix: Float32Array;
  /** The sheet frame shown; the material reads it, so moving it flips the frame. */
  readonly uv: Vector4;
}

/** Sets up an effect hidden on its cell (of `scene`, the timeline's last); `showEffect` runs it. */
export function createEffect(
  step: EffectStep,
  pool: BatchPool,
  scene: Scene | null,
  projection: Projection,
): EffectSprite {
  const frames = Math.max(1, step.frames);
  const uv = new Vector4(0, 0, 1 / frames, 1);
  const batch = pool.sheetBatch(step.sheet, uv);
  batch.alloc({ slot: -1 });
  const s = step.scale || 1;
  const part: PartSpec = {
    batch: LABEL_BATCH,
    mode: "billboard",
    ox: 0,
    oy: 0,
    y: 0.5 * s,
    sx: s,
    sy: s,
    sz: 1,
    spins: false,
  };
  const matrix = new Float32Array(16);
  partMatrix(
    matrix,
    part,
    restPose(step.cell[0], step.cell[1]),
    scene?.width ?? 1,
    scene?.height ?? 1,
    0,
    projection,
  );
  batch.write(0, matrix, 0);
  return { step, batch, matrix, uv };
}

/** Shows the effect's frame at timeline time `t`, or hides it outside its step. */
export function showEffect(effect: EffectSprite, t: number): void {
  const { step } = effect;
  const local = t - step.startMs;
  const on = local >= 0 && local < step.durationMs;
  effect.batch.write(0, effect.matrix, on ? 1 : 0);
  if (!on) return;
  const frames = Math.max(1, step.frames);
  const frame = Math.min(frames - 1, Math.floor((local / Math.max(1, step.durationMs)) * frames));
  effect.uv.x = frame / frames;
}
