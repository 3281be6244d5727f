import type { ActionInput, GameState, Pack, Session } from "@gridponder/engine";
import type { BoardRenderer } from "@gridponder/renderer-three";
import { IsoRenderer, webglAvailable } from "@gridponder/renderer-three";
import {
  type Gesture,
  resolveAsset,
  resolveGesture,
  type SpriteRef,
  type ThemeView,
  type Timeline,
  ViewController,
} from "@gridponder/view";
import { describeTurn } from "./announce.js";
import { CanvasRenderer, contrastOn } from "./canvas-renderer.js";
import { assetUrl, type CompiledPack, openCompiledPack } from "./compiled-pack.js";
import { buildControls, type Controls } from "./controls.js";
import { DialogLayer } from "./dialog.js";
import { el, safeColor } from "./dom.js";
import { counterText, renderHud } from "./hud-view.js";
import { nextLevel, storiesBefore } from "./story.js";
import { applyStyles } from "./styles.js";

/** Events a player sends out (as DOM `CustomEvent`s on its element, and to `onEvent`). */
export type PlayerEventType = "turn" | "won" | "lost" | "level-change";

/** What a host page needs to save progress. */
export interface PlayerEventDetail {
  readonly level: string;
  /** The accepted actions from the level's start to now (a replay for `initialActions`). */
  readonly actions: readonly ActionInput[];
  readonly moves: number;
  readonly won: boolean;
  readonly lost: boolean;
}

export interface PlayerOptions {
  readonly pack: CompiledPack;
  /** The level to open (default: the first in play order). */
  readonly level?: string;
  /** The URL folder holding the compiled pack's files (where `pack.json` is). */
  readonly assetBase: string;
  /** `auto` (default) draws with WebGL when the browser has it, else on a 2D canvas. */
  readonly renderer?: "auto" | "webgl" | "2d";
  /** Actions replayed (without animation) when the level opens, e.g. a saved game. */
  readonly initialActions?: readonly ActionInput[];
  /** Snap instead of animating; defaults to the `prefers-reduced-motion` media query. */
  readonly reducedMotion?: boolean;
  /** Show the pack's story screens before levels (default true). */
  readonly story?: boolean;
  readonly onEvent?: (type: PlayerEventType, detail: PlayerEventDetail) => void;
}

export interface PlayerHandle {
  readonly level: string;
  readonly pack: Pack;
  readonly session: Session;
  readonly state: GameState;
  readonly controller: ViewController;
  /** Which board is drawing. */
  readonly rendererKind: "webgl" | "2d";
  readonly renderer: BoardRenderer;
  /** Plays an action; resolves with whether it was accepted, once its animation has ended. */
  act(action: ActionInput): Promise<boolean>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  reset(): Promise<boolean>;
  /** Plays the gold path up to the next hint stop, animated; resolves with the number of actions played. */
  hint(): Promise<number>;
  /** Handles a gesture as if the player made it (keys, swipes, taps, buttons). */
  gesture(gesture: Gesture): void;
  setLevel(levelId: string, options?: { initialActions?: readonly ActionInput[]; story?: boolean }): void;
  /** A cell's centre in viewport CSS px (for pointer input and pixel checks). */
  cellCenter(cell: readonly [number, number]): { x: number; y: number };
  /** Resolves when no animation or hint is running. */
  idle(): Promise<void>;
  destroy(): void;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function applyTheme(root: HTMLElement, theme: ThemeView): void {
  const set = (name: string, value: string | null): void => {
    if (value) root.style.setProperty(name, value);
  };
  set("--gp-bg", safeColor(theme.backgroundColor));
  const primary = safeColor(theme.primaryColor);
  set("--gp-primary", primary);
  set("--gp-on-primary", primary ? contrastOn(primary) : null);
  set("--gp-title", safeColor(theme.text.titleColor));
  set("--gp-body", safeColor(theme.text.bodyColor));
  // A font family is free text: only plain family lists reach the stylesheet.
  if (/^[\w\s,"'-]+$/.test(theme.text.fontFamily))
    set("--gp-font", `${theme.text.fontFamily}, system-ui, sans-serif`);
}

/**
 * Mounts a player into `element` (inside a shadow root, so page styles and the player's do not mix):
 * the board (3D, or 2D without WebGL), HUD, buttons, dialogs, keyboard and pointer input.
 */
export function mountPlayer(element: HTMLElement, options: PlayerOptions): PlayerHandle {
  const { pack } = openCompiledPack(options.pack);
  const catalog = options.pack.assets;
  const reducedMotion = options.reducedMotion ?? prefersReducedMotion();
  const url = (ref: SpriteRef): string => assetUrl(options.assetBase, ref);

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const styles = applyStyles(shadow);
  const root = el("div", "gp");
  const top = el("div", "gp-top");
  const title = el("h1", "gp-title");
  const packTitle = el("span", "gp-pack", pack.manifest.title);
  const counter = el("span", "gp-counter");
  top.append(title, packTitle, counter);
  const main = el("div", "gp-main");
  const board = el("div", "gp-board");
  const panel = el("aside", "gp-hud");
  main.append(board, panel);
  let controlsSlot: HTMLElement = el("div");
  const live = el("div", "gp-live");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const dialog = new DialogLayer(() => element.focus({ preventScroll: true }));
  root.append(top, main, controlsSlot, live, dialog.root);
  shadow.replaceChildren(...styles, root);
  if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
  element.setAttribute("role", element.getAttribute("role") ?? "application");
  element.setAttribute("aria-label", pack.manifest.title);

  let levelId = options.level && pack.levels[options.level] ? options.level : (pack.levelOrder[0] ?? "");
  if (!levelId) throw new Error("the pack has no levels");
  let controller = new ViewController(pack, levelId, { assets: catalog, reducedMotion });
  let controls: Controls | null = null;
  let running: Promise<void> = Promise.resolve();
  let hintRun = 0;
  let hinting: Promise<unknown> = Promise.resolve();
  let destroyed = false;

  const onGesture = (g: Gesture): void => {
    element.focus({ preventScroll: true });
    handleGesture(g);
  };
  const renderer = createRenderer(options.renderer ?? "auto", board, url, onGesture, reducedMotion);
  const rendererKind: "webgl" | "2d" = renderer instanceof CanvasRenderer ? "2d" : "webgl";
  root.dataset.renderer = rendererKind;

  const detail = (): PlayerEventDetail => ({
    level: levelId,
    actions: controller.session.actions,
    moves: controller.session.actionCount,
    won: controller.session.won,
    lost: controller.session.lost,
  });
  const emit = (type: PlayerEventType): void => {
    const d = detail();
    element.dispatchEvent(new CustomEvent(type, { detail: d, bubbles: true, composed: true }));
    options.onEvent?.(type, d);
  };
  const announce = (text: string): void => {
    // Re-setting identical text is not re-announced by some screen readers; a changed node is.
    live.textContent = "";
    live.textContent = text;
  };

  const refresh = (): void => {
    const hud = controller.hud();
    const scene = controller.scene;
    title.textContent = hud.title;
    counter.textContent = counterText(hud);
    renderHud(panel, hud, scene, url);
    controls?.update({
      canUndo: hud.canUndo,
      canRedo: hud.canRedo,
      hint: hud.hint.available && !controller.session.won,
    });
    root.dataset.status = hud.status;
    root.dataset.level = levelId;
  };

  const play = (timeline: Timeline | null): Promise<void> => {
    if (!timeline) return running;
    running = renderer.play(timeline).catch(() => undefined);
    return running;
  };

  const showOutcome = (at: GameState): void => {
    // Only when the finished state is still the one showing (no undo or level change meanwhile).
    if (destroyed || controller.session.state !== at || dialog.open) return;
    const hud = controller.hud();
    if (controller.session.won) {
      const next = nextLevel(pack.levelOrder, levelId);
      dialog.show({
        kind: "won",
        title: "Level solved",
        paragraphs: [
          solvedText(controller.session.actionCount, controller.session.actions.length, hud.goldLength),
        ],
        actions: [
          ...(next
            ? [{ name: "next", label: "Next level", primary: true, run: () => changeLevel(next, [], true) }]
            : []),
          { name: "replay", label: "Play again", run: () => commandNow("reset") },
          { name: "close", label: "Close", primary: next === null, run: () => dialog.close() },
        ],
      });
    } else if (controller.session.lost) {
      dialog.show({
        kind: "lost",
        title: "Level lost",
        paragraphs: [hud.loseText ?? "This attempt cannot succeed any more."],
        actions: [
          { name: "undo", label: "Undo", primary: true, run: () => commandNow("undo") },
          { name: "reset", label: "Reset", run: () => commandNow("reset") },
        ],
      });
    }
  };

  /** Shows a turn the controller has played: animation, HUD, words, events, and the outcome dialog. */
  const afterTurn = (
    action: ActionInput,
    result: ReturnType<ViewController["act"]>["result"],
    timeline: Timeline | null,
  ): Promise<boolean> => {
    const moves = controller.session.actionCount;
    announce(describeTurn(pack, action, result, moves, result.lost ? controller.hud().loseText : null));
    if (!timeline) {
      refresh();
      return Promise.resolve(false);
    }
    const done = play(timeline);
    refresh();
    emit("turn");
    if (result.won) emit("won");
    else if (result.lost) emit("lost");
    if (result.won || result.lost) {
      const at = controller.session.state;
      void done.then(() => showOutcome(at));
    }
    return done.then(() => true);
  };

  const actNow = (action: ActionInput): Promise<boolean> => {
    renderer.finish();
    const { result, timeline } = controller.act(action);
    return afterTurn(action, result, timeline);
  };

  const afterCommand = (command: "undo" | "redo" | "reset", timeline: Timeline | null): Promise<boolean> => {
    if (!timeline) {
      announce(command === "reset" ? "Already at the start." : `Nothing to ${command}.`);
      return Promise.resolve(false);
    }
    dialog.close();
    const done = play(timeline);
    refresh();
    const moves = controller.session.actionCount;
    announce(
      command === "reset"
        ? "Level reset."
        : `${command === "undo" ? "Undone" : "Redone"}. ${moves} ${moves === 1 ? "move" : "moves"}.`,
    );
    emit("turn");
    return done.then(() => true);
  };

  const commandNow = (command: "undo" | "redo" | "reset"): Promise<boolean> => {
    hintRun++;
    renderer.finish();
    const timeline =
      command === "undo" ? controller.undo() : command === "redo" ? controller.redo() : controller.reset();
    return afterCommand(command, timeline);
  };

  /** Plays hint actions one by one, animated, until done or the player does something else. */
  const playHint = async (run: number, actions: readonly ActionInput[]): Promise<number> => {
    if (actions.length === 0) {
      announce(controller.session.won ? "The level is already solved." : "No hint available.");
      return 0;
    }
    announce(`Hint: ${actions.length} ${actions.length === 1 ? "move" : "moves"}.`);
    let played = 0;
    for (const action of actions) {
      await running;
      if (run !== hintRun || destroyed) break;
      await actNow(action);
      played++;
    }
    return played;
  };

  const hintNow = (): Promise<number> => {
    const run = ++hintRun;
    renderer.finish();
    dialog.close();
    const plan = controller.hintPlan();
    // Off the gold path the hint starts the level over, then plays from the start.
    if (plan.reset) void afterCommand("reset", controller.reset());
    const played = playHint(run, plan.actions);
    hinting = played;
    return played;
  };

  function handleGesture(g: Gesture): void {
    if (destroyed || dialog.open) return;
    hintRun++;
    renderer.finish();
    const out = controller.handle(g);
    if (!out) return;
    switch (out.kind) {
      case "action":
        void afterTurn(out.action, out.result, out.timeline);
        break;
      case "command":
        void afterCommand(out.command, out.timeline);
        break;
      case "hint": {
        const run = ++hintRun;
        if (out.timeline) void afterCommand("reset", out.timeline);
        hinting = playHint(run, out.actions);
        break;
      }
      case "select":
        renderer.setScene(controller.scene);
        announce(
          out.cell ? `Selected column ${out.cell[0] + 1}, row ${out.cell[1] + 1}.` : "Selection cleared.",
        );
        break;
    }
  }

  const onKeyDown = (e: KeyboardEvent): void => {
    const target = e.composedPath()[0];
    const onButton = target instanceof HTMLElement && target.tagName === "BUTTON";
    if (onButton && (e.key === "Enter" || e.key === " ")) return;
    if (dialog.open) {
      if (dialog.key(e.key)) e.preventDefault();
      return;
    }
    if (e.key === "Tab") return;
    const gesture: Gesture = {
      type: "key",
      key: e.key,
      shift: e.shiftKey,
      ctrl: e.ctrlKey,
      alt: e.altKey,
      meta: e.metaKey,
    };
    if (!resolveGesture(controller.ctx, gesture, { selection: controller.selection })) return;
    e.preventDefault();
    handleGesture(gesture);
  };
  element.addEventListener("keydown", onKeyDown);

  const showStories = (then: () => void): void => {
    const stories = storiesBefore(pack.game, levelId);
    const step = (i: number): void => {
      const story = stories[i];
      if (!story) {
        dialog.close();
        then();
        return;
      }
      const image = story.image ? resolveAsset(catalog, story.image) : null;
      dialog.show({
        kind: "story",
        title: story.title ?? "",
        paragraphs: story.text ? story.text.split(/\n{2,}/) : [],
        imageUrl: image ? url(image) : null,
        actions: [{ name: "continue", label: "Continue", primary: true, run: () => step(i + 1) }],
      });
    };
    step(0);
  };

  function changeLevel(id: string, initialActions: readonly ActionInput[], story: boolean): void {
    if (!pack.levels[id]) throw new Error(`no level ${JSON.stringify(id)} in this pack`);
    hintRun++;
    renderer.finish();
    dialog.close();
    levelId = id;
    controller = new ViewController(pack, id, { assets: catalog, reducedMotion });
    for (const action of initialActions) controller.act(action);
    applyTheme(root, controller.scene.theme);
    renderer.diagonalSwipes = controller.input.swipeDiagonal;
    controls = buildControls(controller.input, handleGesture);
    controlsSlot.replaceWith(controls.root);
    controlsSlot = controls.root;
    renderer.setScene(controller.scene);
    refresh();
    announce(`${controller.hud().title}.`);
    emit("level-change");
    if (story && options.story !== false) showStories(() => undefined);
    if (controller.session.won || controller.session.lost) showOutcome(controller.session.state);
  }
  changeLevel(levelId, options.initialActions ?? [], true);

  return {
    get level() {
      return levelId;
    },
    pack,
    get session() {
      return controller.session;
    },
    get state() {
      return controller.session.state;
    },
    get controller() {
      return controller;
    },
    rendererKind,
    renderer,
    act: (action) => {
      hintRun++;
      return actNow(action);
    },
    undo: () => commandNow("undo"),
    redo: () => commandNow("redo"),
    reset: () => commandNow("reset"),
    hint: hintNow,
    gesture: handleGesture,
    setLevel: (id, opts = {}) => changeLevel(id, opts.initialActions ?? [], opts.story ?? false),
    cellCenter(cell) {
      const p = renderer.project(cell);
      const rect = board.getBoundingClientRect();
      return { x: rect.left + p.x, y: rect.top + p.y };
    },
    async idle() {
      await hinting;
      await running;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      hintRun++;
      element.removeEventListener("keydown", onKeyDown);
      renderer.dispose();
      shadow.replaceChildren();
    },
  };
}

/**
 * The win message. Moves are what the counter shows; the gold path counts every accepted action
 * (selections too), so the comparison uses actions when the two differ.
 */
export function solvedText(moves: number, actions: number, gold: number | null): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const solved = `Solved in ${count(moves, "move")}${actions !== moves ? ` (${count(actions, "action")})` : ""}`;
  if (gold === null) return `${solved}.`;
  const unit = actions !== moves ? "action" : "move";
  return actions <= gold
    ? `${solved}: as good as the reference solution (${count(gold, unit)}).`
    : `${solved}. The reference solution needs ${count(gold, unit)}.`;
}

function createRenderer(
  choice: "auto" | "webgl" | "2d",
  container: HTMLElement,
  assetUrlOf: (ref: SpriteRef) => string,
  onGesture: (g: Gesture) => void,
  reducedMotion: boolean,
): BoardRenderer {
  const options = { container, assetUrl: assetUrlOf, onGesture, reducedMotion };
  if (choice !== "2d" && webglAvailable()) {
    try {
      return new IsoRenderer(options);
    } catch {
      // A context that fails after the capability check (lost GPU, blocked) still gets a board.
    }
  }
  return new CanvasRenderer(options);
}
