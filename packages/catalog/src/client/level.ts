/**
 * Level page: the player, plus what the catalog adds around it — progress saved on a win, the moves
 * of a level in progress kept across reloads, the move count against the optimum, share links
 * (`#a=<code>`) with a step-through replay, and following the player's "next level" to the next
 * level's URL (the player shows the story screens in between).
 */
import "@gridponder/player/define";
import type { ActionInput } from "@gridponder/engine";
import type { GridponderPlayerElement, PlayerEventDetail, PlayerHandle } from "@gridponder/player";
import { count, number, parseJson } from "./data.js";
import { loadInProgress, saveInProgress } from "./in-progress.js";
import { positionText } from "./level-position.js";
import { browserStorage, loadProgress, packRefOf, recordWin } from "./progress.js";
import {
  actionKey,
  encodeActions,
  MAX_SHARED_ACTIONS,
  readShareCode,
  type ShareAction,
  shareCodeFromHash,
  shareHash,
} from "./share-code.js";
import { overlongLinkText, sharedLinkText, unreadableLinkText } from "./share-text.js";
import { loadViewChoice, saveViewChoice } from "./view-choice.js";

interface LevelInfo {
  readonly id: string;
  readonly title: string;
  readonly href: string;
  readonly optimum: number | null;
  readonly gold: number;
  /** The studio page that opens a copy of the level; `null` when the catalog has no studio. */
  readonly edit: string | null;
  /** Place in the designed sequence, from 1; `null` for an extra level outside it. */
  readonly position: number | null;
}

const page = document.querySelector<HTMLElement>("[data-level-page]");
const element = page?.querySelector<GridponderPlayerElement>("gridponder-player");
if (page && element) start(page, element);

function start(page: HTMLElement, element: GridponderPlayerElement): void {
  const levels = levelList(page.dataset.levels);
  const pack = packRefOf(page);
  const packTitle = page.dataset.packTitle ?? "";
  const storage = browserStorage();
  const find = <T extends HTMLElement>(selector: string) => page.querySelector<T>(selector);
  const status = find<HTMLElement>("[data-page-status]");
  const shareButton = find<HTMLButtonElement>("[data-share]");
  const shareUrl = find<HTMLInputElement>("[data-share-url]");
  const replayBar = find<HTMLElement>("[data-replay]");
  const replayPosition = find<HTMLElement>("[data-replay-position]");
  const shareNotice = find<HTMLElement>("[data-share-notice]");

  // The view chosen on any page of this catalog; the pack's theme decides until there is one.
  const catalogRoot = page.dataset.catalogRoot ?? "/";
  const chosenView = loadViewChoice(storage, catalogRoot);
  if (chosenView) element.setAttribute("view", chosenView);
  element.addEventListener("view-change", (event) => {
    const view = (event as CustomEvent<{ view?: unknown }>).detail?.view;
    if (view === "isometric" || view === "top-down") saveViewChoice(storage, catalogRoot, view);
  });

  let current = page.dataset.level ?? "";
  let replay: { actions: ShareAction[]; step: number } | null = null;
  let watching = false;

  const info = (id: string): LevelInfo | undefined => levels.find((l) => l.id === id);
  const say = (text: string): void => {
    if (status) status.textContent = text;
  };
  /** What became of a shared link; an empty text hides the notice. */
  const notify = (text: string): void => {
    if (!shareNotice) return;
    shareNotice.textContent = text;
    shareNotice.hidden = text === "";
  };

  /** The page's own text for `current`: heading, position, target, best, neighbours, title, breadcrumb. */
  const showLevel = (): void => {
    const index = levels.findIndex((l) => l.id === current);
    const level = levels[index];
    if (!level) return;
    const set = (selector: string, text: string) => {
      const node = find<HTMLElement>(selector);
      if (node) node.textContent = text;
    };
    set("[data-level-title]", level.title);
    const sequenceLength = levels.filter((l) => typeof l.position === "number").length;
    set(
      "[data-level-position]",
      positionText(typeof level.position === "number" ? level.position : null, sequenceLength),
    );
    set("[data-target]", targetText(level));
    document.title = `${level.title} · ${packTitle} · Gridponder`;
    const crumb = document.querySelector<HTMLAnchorElement>(".trail [aria-current=page]");
    if (crumb) {
      crumb.textContent = level.title;
      crumb.href = level.href;
    }
    for (const [selector, neighbour] of [
      ["[data-prev]", levels[index - 1]],
      ["[data-next]", levels[index + 1]],
    ] as const) {
      const link = find<HTMLAnchorElement>(selector);
      if (!link) continue;
      link.hidden = !neighbour;
      if (neighbour) link.href = neighbour.href;
    }
    const edit = find<HTMLAnchorElement>("[data-edit]");
    if (edit && typeof level.edit === "string") edit.href = level.edit;
    showBest();
  };

  const showBest = (): void => {
    const best = find<HTMLElement>("[data-best]");
    if (!best) return;
    const saved = loadProgress(storage, pack)[current];
    best.hidden = !saved?.solved;
    best.textContent = saved?.best != null ? `Solved · your best: ${count(saved.best, "move")}` : "Solved";
  };

  const hideShareUrl = (): void => {
    if (shareUrl) shareUrl.hidden = true;
  };

  // ---- progress and the move count against the optimum
  element.addEventListener("won", (event) => {
    const detail = (event as CustomEvent<PlayerEventDetail>).detail;
    if (watching) return;
    recordWin(storage, pack, detail.level, detail.moves);
    saveInProgress(storage, pack, detail.level, null);
    showBest();
    const level = info(detail.level);
    if (level) say(winText(detail.moves, level));
  });

  // ---- following the player from level to level
  let fromHistory = false;
  element.addEventListener("level-change", (event) => {
    const { level } = (event as CustomEvent<PlayerEventDetail>).detail;
    if (level === current) return;
    current = level;
    endReplay();
    hideShareUrl();
    say("");
    notify("");
    const target = info(level);
    if (target && !fromHistory) history.pushState({ level }, "", target.href);
    element.setAttribute("level", level);
    showLevel();
  });
  window.addEventListener("popstate", () => {
    const target = levels.find((l) => new URL(l.href, location.href).pathname === location.pathname);
    const player = element.player;
    if (!target || !player || target.id === current) return;
    fromHistory = true;
    try {
      player.setLevel(target.id, { story: false });
    } finally {
      fromHistory = false;
    }
  });

  element.addEventListener("turn", (event) => {
    hideShareUrl();
    renderReplay();
    // The visitor's own moves are kept for a reload; stepping through a shared link's are not theirs.
    const { level, actions, won } = (event as CustomEvent<PlayerEventDetail>).detail;
    const player = element.player;
    if (watching || replay || won || !player) return;
    saveInProgress(
      storage,
      pack,
      level,
      actions.length > 0 ? encodeActions(actions, player.session.legalActions()) : null,
    );
  });

  /** Plays again the moves kept for this level (after a reload), saying so. */
  const resumeInProgress = (player: PlayerHandle): void => {
    const code = loadInProgress(storage, pack, current);
    if (!code) return;
    const read = readShareCode(code, player.session.legalActions());
    if ("error" in read) {
      saveInProgress(storage, pack, current, null);
      return;
    }
    const report = player.setLevel(current, { initialActions: read.actions as ActionInput[], story: false });
    if (report.played > 0) say(`Back where you left off: ${count(report.played, "move")} played.`);
  };

  // ---- share links
  shareButton?.addEventListener("click", () => {
    const player = element.player;
    if (!player) return;
    const code = encodeActions(player.session.actions, player.session.legalActions());
    const url = `${location.origin}${location.pathname}${shareHash(code)}`;
    if (shareUrl) {
      shareUrl.value = url;
      shareUrl.hidden = false;
      shareUrl.select();
    }
    const moves = player.session.actions.length;
    const what = moves === 0 ? "the start of this level" : `these ${count(moves, "move")}`;
    const clipboard = navigator.clipboard;
    if (clipboard)
      clipboard.writeText(url).then(
        () => say(`Link to ${what} copied.`),
        () => say(`Copy the link to share ${what}.`),
      );
    else say(`Copy the link to share ${what}.`);
  });

  // ---- step-through replay of a shared link
  const endReplay = (): void => {
    replay = null;
    if (replayBar) replayBar.hidden = true;
  };

  const renderReplay = (): void => {
    if (!replay || !replayBar || !replayPosition) return;
    replayPosition.textContent = `Move ${number(replay.step)} of ${number(replay.actions.length)}`;
    for (const button of replayBar.querySelectorAll<HTMLButtonElement>("[data-replay-step]")) {
      const step = button.dataset.replayStep;
      button.disabled =
        step === "first" || step === "back" ? replay.step === 0 : replay.step === replay.actions.length;
    }
  };

  /** Moves the shown position to step `to` of the shared actions: animated when it is one step away. */
  const replayTo = async (player: PlayerHandle, to: number): Promise<void> => {
    if (!replay) return;
    const step = Math.max(0, Math.min(replay.actions.length, to));
    const onPath = followsReplay(player.session.actions, replay.actions, replay.step);
    const from = replay.step;
    replay.step = step;
    renderReplay();
    if (onPath && step === from + 1) {
      // Stepping through someone else's solution is watching, not solving: no progress is saved.
      watching = true;
      try {
        await player.act(replay.actions[from] as ActionInput);
      } finally {
        watching = false;
      }
    } else if (onPath && step === from - 1) await player.undo();
    else if (step !== from || !onPath)
      player.setLevel(current, {
        initialActions: replay.actions.slice(0, step) as ActionInput[],
        story: false,
      });
    element.focus({ preventScroll: true });
  };

  replayBar?.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>("[data-replay-step]");
    const player = element.player;
    if (!button || !player || !replay) return;
    const moves = { first: -Infinity, back: replay.step - 1, forward: replay.step + 1, last: Infinity };
    const to = moves[button.dataset.replayStep as keyof typeof moves];
    if (to !== undefined) void replayTo(player, to);
  });

  /**
   * Shows the position a `#a=` link shares, with the replay control. The notice says how many of the
   * shared moves were replayed; a link that cannot be read, holds a move the level cannot play first,
   * or is over the player's replay budget opens the level at its start and says why.
   */
  const openSharedLink = (player: PlayerHandle): void => {
    const code = shareCodeFromHash(location.hash);
    if (!code) return;
    endReplay();
    const read = readShareCode(code, player.session.legalActions());
    if ("error" in read) {
      if (player.session.canUndo || player.session.canRedo) player.setLevel(current, { story: false });
      notify(read.error === "too-many" ? overlongLinkText(MAX_SHARED_ACTIONS) : unreadableLinkText());
      return;
    }
    const { actions } = read;
    const report = player.setLevel(current, { initialActions: actions as ActionInput[], story: false });
    const { width, height } = player.session.level;
    notify(sharedLinkText(report, actions.length, width, height));
    if (report.played === 0) return;
    replay = { actions: actions.slice(0, report.played), step: report.played };
    if (replayBar) replayBar.hidden = false;
    renderReplay();
  };

  showLevel();
  void element.ready.then((player) => {
    if (!player) return;
    if (shareButton) shareButton.hidden = false;
    // A shared link shows its position; otherwise the visitor's own half-played level comes back.
    if (shareCodeFromHash(location.hash)) openSharedLink(player);
    else resumeInProgress(player);
    // Keys go to the board at once, unless the visitor has already moved focus somewhere.
    if (document.activeElement === document.body) element.focus({ preventScroll: true });
    // A link to this same page only changes the hash: no reload, so it is opened here.
    window.addEventListener("hashchange", () => openSharedLink(player));
  });
}

/** Whether the player's history is exactly the first `step` shared actions. */
function followsReplay(
  history: readonly ShareAction[],
  shared: readonly ShareAction[],
  step: number,
): boolean {
  if (history.length !== step) return false;
  return history.every((a, i) => {
    const s = shared[i];
    return s !== undefined && actionKey(a) === actionKey(s);
  });
}

function targetText(level: LevelInfo): string {
  return level.optimum !== null
    ? `Optimum: ${count(level.optimum, "move")}`
    : `Reference solution: ${count(level.gold, "move")}`;
}

function winText(moves: number, level: LevelInfo): string {
  const solved = `Solved in ${count(moves, "move")}`;
  if (level.optimum !== null)
    return moves <= level.optimum
      ? `${solved}: optimal!`
      : `${solved}. The optimum is ${count(level.optimum, "move")}.`;
  return moves <= level.gold
    ? `${solved}: as short as the reference solution.`
    : `${solved}. The reference solution takes ${count(level.gold, "move")}.`;
}

function levelList(value: string | undefined): LevelInfo[] {
  const parsed = parseJson(value);
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (l): l is LevelInfo =>
      typeof l === "object" && l !== null && typeof l.id === "string" && typeof l.href === "string",
  );
}
