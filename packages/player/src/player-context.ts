import type { GameState, Pack } from "@gridponder/engine";
import {
  type AssetCatalog,
  type BoardRenderer,
  boardWords,
  type Hud,
  type SpriteRef,
  type Timeline,
  type ViewController,
} from "@gridponder/view";
import type { Controls } from "./controls.js";
import { counterText, renderHud } from "./hud-view.js";
import type { PlayerLayout } from "./layout.js";
import type { PlayerEventDetail, PlayerEventType, PlayerOptions } from "./player-types.js";

/** One mounted player: its elements, its board, and the level being played. */
export interface PlayerContext extends PlayerLayout {
  readonly element: HTMLElement;
  readonly options: PlayerOptions;
  readonly pack: Pack;
  readonly catalog: AssetCatalog | undefined;
  readonly url: (ref: SpriteRef) => string;
  readonly reducedMotion: boolean;
  readonly renderer: BoardRenderer;
  levelId: string;
  controller: ViewController;
  controls: Controls | null;
  /** The animation playing (or the last one, settled). */
  running: Promise<void>;
  /** Bumped by every input: a hint playing stops when it sees a newer run than its own. */
  hintRun: number;
  /** The hint playing (or the last one, settled). */
  hinting: Promise<unknown>;
  destroyed: boolean;
  /** Whether sounds are muted (the player's choice, kept in the browser). */
  muted: boolean;
  /**
   * Shows the won or lost dialog for a finished state. Part of the level flow, whose dialogs start
   * turns and levels themselves, so turns reach it through here rather than by import.
   */
  readonly showOutcome: (at: GameState) => void;
}

export function announce(ctx: PlayerContext, text: string): void {
  // Re-setting identical text is not re-announced by some screen readers; a changed node is.
  ctx.live.textContent = "";
  ctx.live.textContent = text;
}

/** Sends a player event as a DOM event on the element and to the host's `onEvent`. */
export function emit(ctx: PlayerContext, type: PlayerEventType): void {
  const session = ctx.controller.session;
  const detail: PlayerEventDetail = {
    level: ctx.levelId,
    actions: session.actions,
    moves: session.actionCount,
    won: session.won,
    lost: session.lost,
  };
  ctx.element.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  ctx.options.onEvent?.(type, detail);
}

/**
 * Shows the HUD, counter, title and button states of the current state; returns that HUD so callers
 * need not build it again. `hud` is one the caller already built for this state.
 */
export function refresh(ctx: PlayerContext, hud: Hud = ctx.controller.hud()): Hud {
  const scene = ctx.controller.scene;
  ctx.boardText.show(boardWords(ctx.pack, scene));
  ctx.title.textContent = hud.title;
  ctx.counter.textContent = counterText(hud);
  renderHud(ctx.panel, hud, scene, ctx.renderer.view, ctx.url);
  ctx.controls?.update({
    canUndo: hud.canUndo,
    canRedo: hud.canRedo,
    hint: hud.hint.available && !ctx.controller.session.won,
  });
  ctx.root.dataset.status = hud.status;
  ctx.root.dataset.level = ctx.levelId;
  return hud;
}

/** Plays a timeline on the board; resolves when it ends (without one, when the running animation does). */
export function play(ctx: PlayerContext, timeline: Timeline | null): Promise<void> {
  if (!timeline) return ctx.running;
  ctx.running = ctx.renderer.play(timeline).catch(() => undefined);
  return ctx.running;
}
