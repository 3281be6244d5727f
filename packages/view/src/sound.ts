/**
 * Sounds as presentation data: which sound a turn makes, and the tone of each, from the theme's
 * `sounds` over the view's defaults. Players synthesise the tones; no audio here.
 * @module
 */
import type { GameEvent, Pack } from "@gridponder/engine";
import type { SoundTone } from "@gridponder/schema";
import { memoized, type ViewContext } from "./context.js";

/** What a turn did, as far as its sound goes. */
export type SoundEvent = "move" | "push" | "merge" | "blocked" | "win" | "lose";

export const SOUND_EVENTS: readonly SoundEvent[] = ["move", "push", "merge", "blocked", "win", "lose"];

/** A tone, every field set. */
export interface Tone {
  /** Hertz. */
  readonly pitch: number;
  /** Milliseconds. */
  readonly duration: number;
  /** 0..1. */
  readonly volume: number;
  readonly wave: "sine" | "square" | "triangle" | "sawtooth";
}

/** Soft and short for what happens often, longer for the end of a level. */
export const DEFAULT_TONES: Readonly<Record<SoundEvent, Tone>> = {
  move: { pitch: 440, duration: 55, volume: 0.18, wave: "triangle" },
  push: { pitch: 220, duration: 110, volume: 0.22, wave: "square" },
  merge: { pitch: 660, duration: 140, volume: 0.22, wave: "sine" },
  blocked: { pitch: 130, duration: 90, volume: 0.2, wave: "sawtooth" },
  win: { pitch: 784, duration: 520, volume: 0.26, wave: "sine" },
  lose: { pitch: 196, duration: 520, volume: 0.24, wave: "triangle" },
};

const WAVES = new Set(["sine", "square", "triangle", "sawtooth"]);

function clamp(value: unknown, min: number, max: number, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

/** A theme's tone over the default one; out-of-range numbers are brought into range. */
function toneOf(base: Tone, theme: SoundTone): Tone {
  return {
    pitch: clamp(theme.pitch, 40, 4000, base.pitch),
    duration: clamp(theme.duration, 10, 2000, base.duration),
    volume: clamp(theme.volume, 0, 1, base.volume),
    wave: typeof theme.wave === "string" && WAVES.has(theme.wave) ? theme.wave : base.wave,
  };
}

/** Each event's tone for the pack, or `null` where the theme silences it (all of them when it turns sound off). */
export function soundTones(ctx: ViewContext): Readonly<Record<SoundEvent, Tone | null>> {
  return memoized(ctx, "sound:tones", () => {
    const sounds = ctx.pack.theme?.sounds;
    const tones = {} as Record<SoundEvent, Tone | null>;
    for (const event of SOUND_EVENTS) {
      const theme = sounds?.[event];
      tones[event] =
        sounds?.enabled === false || theme === "off"
          ? null
          : typeof theme === "object" && theme !== null
            ? toneOf(DEFAULT_TONES[event], theme)
            : DEFAULT_TONES[event];
    }
    return tones;
  });
}

/**
 * The sound of a turn: the end of the level over everything, then a refused turn or one that changed
 * nothing on the board (a move into a wall), a merge, a push, else a plain move.
 */
export function turnSound(
  pack: Pack,
  result: {
    readonly accepted: boolean;
    readonly events: readonly GameEvent[];
    readonly won: boolean;
    readonly lost: boolean;
  },
): SoundEvent {
  if (result.won) return "win";
  if (result.lost) return "lose";
  if (!result.accepted) return "blocked";
  const definitions = result.events.map((e) => pack.registry.events.get(e.type));
  const changes = new Set(definitions.map((d) => d?.pieces));
  if (changes.has("merge") || changes.has("carried_merge")) return "merge";
  if (changes.has("push")) return "push";
  // Accepted, yet nothing on the board moved or changed: a move into a wall, as the player hears it.
  const changed = definitions.some((d) => d?.moves === true || d?.pieces !== undefined);
  return changed ? "move" : "blocked";
}
