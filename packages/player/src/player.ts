import { builtinRegistry, type Registry } from "@gridponder/engine";
import type { Gesture, SpriteRef } from "@gridponder/view";
import { ViewController } from "@gridponder/view";
import { assetUrl, openCompiledPackWith } from "./compiled-pack.js";
import { boardKind, createBoard } from "./create-board.js";
import { handleGesture } from "./gestures.js";
import { hintNow } from "./hints.js";
import { listenToKeys } from "./keyboard.js";
import { mountLayout } from "./layout.js";
import { changeLevel, showOutcome, switchView } from "./level-flow.js";
import { actNow, commandNow } from "./moves.js";
import type { PlayerContext } from "./player-context.js";
import type { PlayerHandle, PlayerOptions } from "./player-types.js";
import { mutedBefore, watchForGesture } from "./sounds.js";

export type { PlayerEventDetail, PlayerEventType, PlayerHandle, PlayerOptions } from "./player-types.js";

function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Mounts a player into `element` (inside a shadow root, so page styles and the player's do not mix):
 * the board (3D, or 2D without WebGL), HUD, buttons, dialogs, keyboard and pointer input.
 */
export function mountPlayer(element: HTMLElement, options: PlayerOptions): PlayerHandle {
  return mountPlayerWith(element, options, options.registry ?? builtinRegistry);
}

/**
 * `mountPlayer` with the registry given apart: with one from `registryForPack`, a page carries only
 * the systems its pack uses.
 */
export function mountPlayerWith(
  element: HTMLElement,
  options: PlayerOptions,
  registry: Registry,
): PlayerHandle {
  const { pack } = openCompiledPackWith(options.pack, registry);
  watchForGesture();
  const catalog = options.pack.assets;
  const reducedMotion = options.reducedMotion ?? prefersReducedMotion();
  const url = options.assetUrl ?? ((ref: SpriteRef): string => assetUrl(options.assetBase, ref));
  const layout = mountLayout(element, pack.manifest.title);

  const levelId = options.level && pack.levels[options.level] ? options.level : (pack.levelOrder[0] ?? "");
  if (!levelId) throw new Error("the pack has no levels");
  const controller = new ViewController(pack, levelId, { assets: catalog, reducedMotion });
  const onGesture = (g: Gesture): void => {
    element.focus({ preventScroll: true });
    handleGesture(ctx, g);
  };
  const view = options.view ?? controller.scene.theme.board.view;
  const renderer = createBoard(options.renderer ?? "auto", layout.board, url, onGesture, reducedMotion, view);
  const ctx: PlayerContext = {
    ...layout,
    element,
    options,
    pack,
    catalog,
    url,
    reducedMotion,
    renderer,
    levelId,
    controller,
    controls: null,
    running: Promise.resolve(),
    hintRun: 0,
    hinting: Promise.resolve(),
    destroyed: false,
    muted: mutedBefore(),
    showOutcome: (at) => showOutcome(ctx, at),
  };
  const rendererKind = boardKind(renderer);
  ctx.root.dataset.renderer = rendererKind;
  const stopKeys = listenToKeys(ctx);
  changeLevel(ctx, levelId, options.initialActions ?? [], true, controller);

  return {
    get level() {
      return ctx.levelId;
    },
    pack,
    get session() {
      return ctx.controller.session;
    },
    get state() {
      return ctx.controller.session.state;
    },
    get controller() {
      return ctx.controller;
    },
    rendererKind,
    renderer,
    get view() {
      return renderer.view;
    },
    setView: (v) => switchView(ctx, v),
    act: (action) => {
      ctx.hintRun++;
      return actNow(ctx, action);
    },
    undo: () => commandNow(ctx, "undo"),
    redo: () => commandNow(ctx, "redo"),
    reset: () => commandNow(ctx, "reset"),
    hint: () => hintNow(ctx),
    gesture: (g) => handleGesture(ctx, g),
    setLevel: (id, opts = {}) => changeLevel(ctx, id, opts.initialActions ?? [], opts.story ?? false),
    cellCenter(cell) {
      const p = renderer.project(cell);
      const rect = ctx.board.getBoundingClientRect();
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    async idle() {
      await ctx.hinting;
      await ctx.running;
    },
    destroy() {
      if (ctx.destroyed) return;
      ctx.destroyed = true;
      ctx.hintRun++;
      stopKeys();
      renderer.dispose();
      ctx.shadow.replaceChildren();
    },
  };
}
