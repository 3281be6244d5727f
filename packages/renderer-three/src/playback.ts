import type { Scene, Timeline } from "@gridponder/view";
import type { BatchPool } from "./batches.js";
import { createEffect, type EffectSprite, showEffect } from "./effects.js";
import type { Projection } from "./iso.js";

interface Playing {
  readonly timeline: Timeline;
  /** Set by the first frame drawn, so a timeline started during a long task still plays from its start. */
  start: number | null;
  readonly resolve: () => void;
  readonly effects: EffectSprite[];
}

/** The running timeline's clock, its effects, and the promise its caller awaits. */
export class Playback {
  #playing: Playing | null = null;

  readonly #pool: BatchPool;

  constructor(pool: BatchPool) {
    this.#pool = pool;
  }

  get active(): boolean {
    return this.#playing !== null;
  }

  /** Starts `timeline`, whose last scene `scene` is already built with its tracks; `resolve` is called when it stops. */
  start(timeline: Timeline, scene: Scene | null, resolve: () => void, projection: Projection): void {
    this.#playing = {
      timeline,
      start: null,
      resolve,
      effects: timeline.effects.map((e) => createEffect(e, this.#pool, scene, projection)),
    };
  }

  /**
   * Moves the running timeline to `now`: `pose` places the tracked pieces at the timeline's time and
   * the effects follow. Past the end it stops, and the timeline is returned for its last scene to be shown.
   */
  advance(now: number, pose: (t: number) => void): Timeline | null {
    const playing = this.#playing;
    if (!playing) return null;
    if (playing.start === null) playing.start = now;
    const t = now - playing.start;
    if (t >= playing.timeline.durationMs) return this.stop();
    pose(t);
    for (const effect of playing.effects) showEffect(effect, t);
    return null;
  }

  /** Ends the running timeline where it is, freeing its effects; returns it (null when none ran). */
  stop(): Timeline | null {
    const playing = this.#playing;
    if (!playing) return null;
    this.#playing = null;
    for (const effect of playing.effects) this.#pool.release(effect.batch);
    playing.resolve();
    return playing.timeline;
  }
}
