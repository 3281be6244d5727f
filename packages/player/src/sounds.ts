/**
 * When the player makes a sound: after a turn, with the tone the view gives for what the turn did,
 * unless sound is muted (a choice kept in the browser), the theme silenced it, or nobody has pressed a
 * key or touched the page yet (a page must not make sounds on its own).
 * @module
 */
import { soundTones, turnSound } from "@gridponder/view";
import type { PlayerContext } from "./player-context.js";
import type { SoundPlayer } from "./sound.js";

const MUTED_KEY = "gridponder:sound-muted";

/** Whether the player muted sound on this site before. */
export function mutedBefore(): boolean {
  try {
    return globalThis.localStorage?.getItem(MUTED_KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the mute choice for the next page; storage that is full or forbidden keeps it for this one. */
export function rememberMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(MUTED_KEY, muted ? "1" : "0");
  } catch {
    // The choice holds while this page is open.
  }
}

let gestured = false;
let watching = false;

/**
 * Starts watching for the page's first key press, click or touch by the person at it (a trusted event;
 * a script calling `act` is not one). Sounds wait for it.
 */
export function watchForGesture(): void {
  if (watching || typeof window === "undefined") return;
  watching = true;
  const types = ["pointerdown", "keydown"] as const;
  const mark = (event: Event): void => {
    if (!event.isTrusted) return;
    gestured = true;
    for (const type of types) window.removeEventListener(type, mark, true);
  };
  for (const type of types) window.addEventListener(type, mark, true);
}

/** Whether the pack makes any sound at all (else the player shows no sound button). */
export function hasSounds(ctx: PlayerContext): boolean {
  return Object.values(soundTones(ctx.controller.ctx)).some((t) => t !== null);
}

let loaded: Promise<SoundPlayer> | null = null;

/** Plays the sound of a turn just played. */
export function soundTurn(ctx: PlayerContext, result: Parameters<typeof turnSound>[1]): void {
  if (ctx.muted || !gestured) return;
  const event = turnSound(ctx.pack, result);
  const tone = soundTones(ctx.controller.ctx)[event];
  if (!tone) return;
  loaded ??= import("./sound.js").then(({ SoundPlayer }) => new SoundPlayer());
  void loaded.then((player) => {
    if (!ctx.destroyed && !ctx.muted) player.play(tone, event === "win" ? 1.5 : event === "lose" ? 0.7 : 1);
  });
}
