/**
 * Synthesised sounds (WebAudio, no files): one short tone per turn, shaped so it starts and stops
 * without a click. Loaded on the first sound a player makes; the audio context is made then too,
 * which is always after the player's first key press or touch (see `sounds.ts`).
 * @module
 */
import type { Tone } from "@gridponder/view";

type AudioContextClass = typeof AudioContext;

/** Plays tones on one audio context, made on the first tone. */
export class SoundPlayer {
  #context: AudioContext | null = null;

  play(tone: Tone, glide = 1): void {
    const Context = (globalThis as { AudioContext?: AudioContextClass }).AudioContext;
    if (!Context || tone.volume <= 0) return;
    this.#context ??= new Context();
    const audio = this.#context;
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    const end = start + tone.duration / 1000;
    const oscillator = audio.createOscillator();
    oscillator.type = tone.wave;
    oscillator.frequency.setValueAtTime(tone.pitch, start);
    // The end of a level glides up (won) or down (lost) rather than holding one note.
    if (glide !== 1) oscillator.frequency.exponentialRampToValueAtTime(tone.pitch * glide, end);
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(tone.volume, start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(start);
    oscillator.stop(end + 0.02);
  }

  dispose(): void {
    void this.#context?.close().catch(() => undefined);
    this.#context = null;
  }
}
