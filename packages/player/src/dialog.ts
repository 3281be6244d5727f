import { button, el } from "./dom.js";

export interface DialogAction {
  readonly label: string;
  readonly run: () => void;
  readonly primary?: boolean;
  /** A name tests and styles can find the button by (`data-action`). */
  readonly name: string;
}

export interface DialogContent {
  /** `story`, `won` or `lost`: set as `data-kind` for styling and tests. */
  readonly kind: string;
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly imageUrl?: string | null;
  /** A two-column list after the text (the controls panel: a key, then what it does). */
  readonly rows?: readonly (readonly [term: string, description: string])[];
  readonly actions: readonly DialogAction[];
}

/** A modal layer over the board; at most one dialog at a time. */
export class DialogLayer {
  readonly root: HTMLDivElement;
  #current: DialogContent | null = null;

  readonly #restoreFocus: () => void;

  constructor(restoreFocus: () => void) {
    this.#restoreFocus = restoreFocus;
    this.root = el("div", "gp-dialog");
    this.root.hidden = true;
    this.root.setAttribute("role", "dialog");
    this.root.setAttribute("aria-modal", "true");
  }

  get open(): DialogContent | null {
    return this.#current;
  }

  show(content: DialogContent): void {
    this.#current = content;
    const card = el("div", "gp-card");
    const heading = el("h2", undefined, content.title);
    heading.id = "gp-dialog-title";
    card.append(heading);
    this.root.setAttribute("aria-labelledby", heading.id);
    this.root.dataset.kind = content.kind;
    // The text scrolls on its own, between the title and the buttons: a long story on a short board
    // never pushes its buttons out of view.
    const body = el("div", "gp-card-body");
    // Focusable, so that a keyboard can scroll a text too long for the card.
    body.tabIndex = 0;
    if (content.imageUrl) {
      const img = el("img");
      img.alt = "";
      img.src = content.imageUrl;
      body.append(img);
    }
    for (const text of content.paragraphs) body.append(el("p", undefined, text));
    if (content.rows && content.rows.length > 0) {
      const list = el("dl", "gp-rows");
      for (const [term, description] of content.rows)
        list.append(el("dt", undefined, term), el("dd", undefined, description));
      body.append(list);
    }
    if (body.childElementCount > 0) card.append(body);
    const actions = el("div", "gp-actions");
    for (const action of content.actions) {
      const b = button(action.label, () => action.run(), action.primary ? "gp-primary" : undefined);
      b.dataset.action = action.name;
      actions.append(b);
    }
    card.append(actions);
    this.root.replaceChildren(card);
    this.root.hidden = false;
    const primary =
      actions.querySelector<HTMLButtonElement>(".gp-primary") ?? actions.querySelector("button");
    primary?.focus();
  }

  close(): void {
    if (!this.#current) return;
    this.#current = null;
    this.root.hidden = true;
    delete this.root.dataset.kind;
    this.root.replaceChildren();
    this.#restoreFocus();
  }

  /** Enter runs the primary action, Escape the last one; returns whether the key was used. */
  key(key: string): boolean {
    const content = this.#current;
    if (!content) return false;
    if (key === "Enter") {
      (content.actions.find((a) => a.primary) ?? content.actions[0])?.run();
      return true;
    }
    if (key === "Escape") {
      content.actions[content.actions.length - 1]?.run();
      return true;
    }
    return false;
  }
}
