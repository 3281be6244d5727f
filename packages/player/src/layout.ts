import type { ThemeView } from "@gridponder/view";
import { BoardText } from "./board-text.js";
import { contrastOn, focusColor } from "./colors.js";
import { DialogLayer } from "./dialog.js";
import { el, safeColor } from "./dom.js";
import { applyStyles } from "./styles.js";

/** The player's elements, inside its shadow root. */
export interface PlayerLayout {
  readonly shadow: ShadowRoot;
  readonly root: HTMLElement;
  readonly title: HTMLElement;
  readonly counter: HTMLElement;
  readonly board: HTMLElement;
  readonly panel: HTMLElement;
  /** Where the level's controls are: each level builds its own and swaps them in here. */
  controlsSlot: HTMLElement;
  /** A polite live region: what the player announces to screen readers. */
  readonly live: HTMLElement;
  /** The board as a table, for screen readers. */
  readonly boardText: BoardText;
  readonly dialog: DialogLayer;
}

/**
 * Builds the player inside `element`'s shadow root (so page styles and the player's do not mix) and
 * makes the element a focusable application, named after the pack.
 */
export function mountLayout(element: HTMLElement, packTitle: string): PlayerLayout {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
  const styles = applyStyles(shadow);
  const root = el("div", "gp");
  const top = el("div", "gp-top");
  const title = el("h1", "gp-title");
  const counter = el("span", "gp-counter");
  top.append(title, el("span", "gp-pack", packTitle), counter);
  const main = el("div", "gp-main");
  const board = el("div", "gp-board");
  const panel = el("aside", "gp-hud");
  // The panel scrolls on a small screen: focusable, so a keyboard can scroll it too.
  panel.tabIndex = 0;
  panel.setAttribute("aria-label", "Goals");
  const boardText = new BoardText();
  main.append(board, boardText.root, panel);
  const controlsSlot: HTMLElement = el("div");
  const live = el("div", "gp-live");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  const dialog = new DialogLayer(() => element.focus({ preventScroll: true }));
  root.append(top, main, controlsSlot, live, dialog.root);
  shadow.replaceChildren(...styles, root);
  if (!element.hasAttribute("tabindex")) element.tabIndex = 0;
  element.setAttribute("role", element.getAttribute("role") ?? "application");
  element.setAttribute("aria-label", packTitle);
  return { shadow, root, title, counter, board, panel, controlsSlot, live, dialog, boardText };
}

/** The stylesheet's background where a theme names none (see `styles.ts`). */
const DEFAULT_BACKGROUND = "#1e1e24";

/** The theme's colours and font as CSS variables on the player's root; unsafe values are left out. */
export function applyTheme(root: HTMLElement, theme: ThemeView): void {
  const set = (name: string, value: string | null): void => {
    if (value) root.style.setProperty(name, value);
  };
  const background = safeColor(theme.backgroundColor);
  set("--gp-bg", background);
  const primary = safeColor(theme.primaryColor);
  set("--gp-primary", primary);
  set("--gp-on-primary", primary ? contrastOn(primary) : null);
  set("--gp-focus", primary ? focusColor(primary, background ?? DEFAULT_BACKGROUND) : null);
  set("--gp-title", safeColor(theme.text.titleColor));
  set("--gp-body", safeColor(theme.text.bodyColor));
  // A font family is free text: only plain family lists reach the stylesheet.
  if (/^[\w\s,"'-]+$/.test(theme.text.fontFamily))
    set("--gp-font", `${theme.text.fontFamily}, system-ui, sans-serif`);
}
