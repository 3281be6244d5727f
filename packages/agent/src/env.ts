/**
 * A gym-style environment for reinforcement learning: `reset` and `step` over a fixed discrete action
 * space, numeric observations, rewards from goal progress. It plays on the engine directly, keeping
 * only the current state (no undo history, no view model), so a step costs one engine turn and one
 * pass over the board; `VectorEnv` steps many environments in one process.
 *
 * Observations are written into buffers the environment owns and overwrites on the next step: copy
 * them to keep them.
 * @module
 */
import {
  type ActionInput,
  freezeJson,
  type GameState,
  type LevelRuntime,
  type Pack,
  runTurn,
  Session,
} from "@gridponder/engine";

export interface EnvOptions {
  /** Steps before an episode is cut short (truncated). Default 3 × the gold path's length, at least 10. */
  readonly maxSteps?: number;
  /** Taken from the reward of every step, so shorter wins earn more. Default 0.01. */
  readonly stepPenalty?: number;
}

/**
 * What the agent sees after a step: the environment's own buffers, overwritten by the next step.
 * Read them, or copy them to change them: a step rewrites only the layers its turn changed.
 */
export interface EnvObservation {
  /**
   * The board, layer by layer, row by row: each cell the kind's number (`kinds.indexOf(kind) + 1`), 0
   * where the layer is empty. Length `layers × height × width`.
   */
  readonly grid: Int32Array;
  /** `[x, y, facing, holding]`: `facing` 0–7 (up, down, left, right, then diagonals), `holding` a kind number; `[-1, -1, 0, 0]` without an avatar. */
  readonly avatar: Int32Array;
  /** Total goal progress, 0 to 1 (the mean over goals). */
  readonly progress: number;
}

export interface StepInfo {
  readonly accepted: boolean;
  /** Why the action was refused (`undefined` when it was accepted). */
  readonly reason?: string | undefined;
  readonly won: boolean;
  readonly lost: boolean;
  /** Steps taken in this episode. */
  readonly steps: number;
}

export interface StepResult {
  readonly observation: EnvObservation;
  /** Goal progress gained (lost progress counts against), +1 on a win, −1 on a loss, minus the step penalty. */
  readonly reward: number;
  /** The level was won or lost. */
  readonly terminated: boolean;
  /** The episode ran out of steps. */
  readonly truncated: boolean;
  readonly info: StepInfo;
}

const FACINGS = ["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"];

export class Env {
  readonly pack: Pack;
  readonly level: LevelRuntime;
  /** The discrete actions: index `i` of `step(i)` plays `actions[i]`. */
  readonly actions: readonly ActionInput[];
  /** The kinds, in the order the observation numbers them (from 1). */
  readonly kinds: readonly string[];
  readonly width: number;
  readonly height: number;
  readonly layers: number;
  readonly maxSteps: number;
  readonly #initial: GameState;
  readonly #penalty: number;
  readonly #grid: Int32Array;
  /**
   * The layer arrays `#grid` was last written from: the engine copies a layer only when a turn
   * changes it, so a layer that is still the same array needs no rewriting.
   */
  readonly #written: (readonly unknown[] | undefined)[];
  readonly #avatar = new Int32Array(4);
  readonly #kindNumber: ReadonlyMap<string, number>;
  /** The goal progress every episode starts at. */
  readonly #startingProgress: number;
  #state: GameState;
  #steps = 0;
  #progress: number;

  constructor(pack: Pack, levelId: string, options: EnvOptions = {}) {
    const session = new Session(pack, levelId);
    this.pack = pack;
    this.level = session.level;
    // Deep-frozen, so the engine checks each action once and reuses the check on every step.
    this.actions = Object.freeze(session.legalActions().map((a) => freezeJson(a)));
    this.kinds = [...pack.kinds.keys()];
    this.#kindNumber = new Map(this.kinds.map((k, i) => [k, i + 1]));
    this.width = session.level.width;
    this.height = session.level.height;
    this.layers = pack.layers.length;
    const gold = session.level.def.solution.goldPath.length;
    this.maxSteps = options.maxSteps ?? Math.max(10, 3 * gold);
    this.#penalty = options.stepPenalty ?? 0.01;
    this.#grid = new Int32Array(this.layers * this.width * this.height);
    this.#written = new Array(this.layers).fill(undefined);
    this.#initial = session.initial;
    this.#state = this.#initial;
    this.#startingProgress = progressOf(session.goalProgress());
    this.#progress = this.#startingProgress;
  }

  /** The current engine state (immutable). */
  get state(): GameState {
    return this.#state;
  }

  /**
   * Starts an episode. The engine has no randomness, so every episode starts the same; `seed` is
   * accepted for the gym interface and changes nothing.
   */
  reset(_seed?: number): { observation: EnvObservation; info: StepInfo } {
    this.#state = this.#initial;
    this.#steps = 0;
    this.#progress = this.#startingProgress;
    return {
      observation: this.#observe(),
      info: { accepted: true, won: false, lost: false, steps: 0 },
    };
  }

  /** Plays the action at `index` of `actions` (or an action given in full). */
  step(index: number | ActionInput): StepResult {
    const action = typeof index === "number" ? this.actions[index] : index;
    if (action === undefined)
      throw new RangeError(`no action ${index}: the space has ${this.actions.length}`);
    const result = runTurn(this.pack, this.level, this.#state, action);
    this.#state = result.state;
    this.#steps++;
    let reward = -this.#penalty;
    if (result.accepted) {
      const progress = progressOf(result.goalProgress);
      reward += progress - this.#progress;
      this.#progress = progress;
      if (result.won) reward += 1;
      else if (result.lost) reward -= 1;
    }
    const terminated = result.state.won || result.state.lost;
    return {
      observation: this.#observe(),
      reward,
      terminated,
      truncated: !terminated && this.#steps >= this.maxSteps,
      info: {
        accepted: result.accepted,
        // Always present, so every step's info has one shape and no spread is made per step.
        reason: result.reason,
        won: result.state.won,
        lost: result.state.lost,
        steps: this.#steps,
      },
    };
  }

  #observe(): EnvObservation {
    const grid = this.#grid;
    const size = this.width * this.height;
    const layers = this.#state.layers;
    for (let l = 0; l < this.layers; l++) {
      const cells = layers[l];
      if (cells !== undefined && cells === this.#written[l]) continue;
      this.#written[l] = cells;
      const base = l * size;
      for (let i = 0; i < size; i++) {
        const entity = cells?.[i];
        // A kind's number is its place in game.json's kinds, as the pack's `kinds` map lists them.
        grid[base + i] = entity ? entity.info.index + 1 : 0;
      }
    }
    const avatar = this.#state.avatar;
    const a = this.#avatar;
    if (avatar.enabled && avatar.position) {
      a[0] = avatar.position[0];
      a[1] = avatar.position[1];
      a[2] = Math.max(0, FACINGS.indexOf(avatar.facing));
      a[3] = avatar.item ? (this.#kindNumber.get(avatar.item) ?? 0) : 0;
    } else a.set([-1, -1, 0, 0]);
    return { grid, avatar: a, progress: this.#progress };
  }
}

function progressOf(goals: readonly { progress: number }[]): number {
  if (goals.length === 0) return 0;
  let sum = 0;
  for (const g of goals) sum += Math.min(1, Math.max(0, g.progress));
  return sum / goals.length;
}

export function createEnv(pack: Pack, levelId: string, options: EnvOptions = {}): Env {
  return new Env(pack, levelId, options);
}

export interface VectorStep {
  /** One per environment; an environment whose episode ended was reset, so its observation is the next episode's first. */
  readonly observations: readonly EnvObservation[];
  readonly rewards: Float64Array;
  readonly terminated: Uint8Array;
  readonly truncated: Uint8Array;
}

/**
 * Many environments stepped together in one process, each reset as soon as its episode ends (so every
 * step returns a live observation for each), as vectorised trainers expect.
 */
export class VectorEnv {
  readonly envs: readonly Env[];
  readonly #rewards: Float64Array;
  readonly #terminated: Uint8Array;
  readonly #truncated: Uint8Array;

  constructor(envs: readonly Env[]) {
    this.envs = envs;
    this.#rewards = new Float64Array(envs.length);
    this.#terminated = new Uint8Array(envs.length);
    this.#truncated = new Uint8Array(envs.length);
  }

  reset(seed?: number): EnvObservation[] {
    return this.envs.map((env, i) => env.reset(seed === undefined ? undefined : seed + i).observation);
  }

  /** Plays `actions[i]` in environment `i`. The arrays returned are reused by the next step. */
  step(actions: ArrayLike<number>): VectorStep {
    const observations: EnvObservation[] = new Array(this.envs.length);
    for (let i = 0; i < this.envs.length; i++) {
      const env = this.envs[i] as Env;
      const r = env.step(actions[i] ?? 0);
      this.#rewards[i] = r.reward;
      this.#terminated[i] = r.terminated ? 1 : 0;
      this.#truncated[i] = r.truncated ? 1 : 0;
      observations[i] = r.terminated || r.truncated ? env.reset().observation : r.observation;
    }
    return { observations, rewards: this.#rewards, terminated: this.#terminated, truncated: this.#truncated };
  }
}
