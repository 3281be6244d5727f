/**
 * DOM building for the studio. Pack text is untrusted: it reaches the page through `textContent` and
 * attribute values set one by one, never as markup.
 * @module
 */

export interface NodeSpec {
  readonly class?: string;
  readonly text?: string;
  /** Attributes, set with `setAttribute` (values are never parsed as markup). */
  readonly attrs?: Readonly<Record<string, string>>;
  readonly on?: { readonly [type: string]: (event: Event) => void };
}

/** An element with its class, text, attributes, listeners and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  spec: NodeSpec = {},
  children: readonly (Node | null)[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (spec.class) node.className = spec.class;
  if (spec.text !== undefined) node.textContent = spec.text;
  for (const [name, value] of Object.entries(spec.attrs ?? {})) node.setAttribute(name, value);
  for (const [type, listener] of Object.entries(spec.on ?? {})) node.addEventListener(type, listener);
  for (const child of children) if (child) node.append(child);
  return node;
}

/** A push button that runs `onPress`; `title` doubles as its tooltip. */
export function pushButton(label: string, onPress: () => void, spec: NodeSpec = {}): HTMLButtonElement {
  const b = h("button", { ...spec, text: label, attrs: { type: "button", ...spec.attrs } });
  b.addEventListener("click", () => onPress());
  return b;
}

/** Replaces every child of `node`. */
export function replaceChildren(node: Element, children: readonly (Node | null)[]): void {
  node.replaceChildren(...children.filter((c): c is Node => c !== null));
}

/** Only `#rgb`/`#rrggbb(aa)` colours reach inline styles, so pack data cannot inject CSS. */
export function safeColor(value: string | null | undefined): string | null {
  return value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : null;
}

/**
 * A value set by script does not make the browser fire `change` when the author leaves the field, so
 * text carried over into a rebuilt control would never commit: leaving it fires `change` unless the
 * browser has fired one itself.
 */
function commitOnLeave(control: HTMLInputElement | HTMLTextAreaElement): void {
  let changed = false;
  control.addEventListener(
    "change",
    () => {
      changed = true;
    },
    { once: true },
  );
  control.addEventListener(
    "blur",
    () => {
      if (!changed) control.dispatchEvent(new Event("change", { bubbles: true }));
    },
    { once: true },
  );
}

/**
 * Rebuilds a form soon after it is asked to, keeping the focus on the control of the same accessible
 * name. A form is rebuilt after each committed change, and a change commits as the author tabs away
 * from a field: rebuilding once the focus has moved on (the next task) keeps the author's place, and
 * several changes in a row rebuild once. A rebuild that comes while the author is typing (a check or a
 * solver verdict arriving) keeps what they typed in the focused field.
 */
export class FormRebuilder {
  #pending = false;
  /** Each text control's value as built, to tell what the author has typed since. */
  readonly #built = new WeakMap<Element, string>();

  constructor(
    private readonly node: Element,
    private readonly build: () => readonly (Node | null)[],
  ) {}

  request(): void {
    if (this.#pending) return;
    this.#pending = true;
    setTimeout(() => {
      this.#pending = false;
      this.now();
    }, 0);
  }

  now(): void {
    const active = document.activeElement;
    const name = active && this.node.contains(active) ? active.getAttribute("aria-label") : null;
    // Text typed into the focused field and not yet committed (it commits as the author leaves the
    // field) would be lost with the old control: the new one takes it over, caret and all.
    const typed =
      (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) &&
      this.#built.has(active) &&
      active.value !== this.#built.get(active)
        ? { value: active.value, start: active.selectionStart, end: active.selectionEnd }
        : null;
    replaceChildren(this.node, this.build());
    for (const control of this.node.querySelectorAll("input, textarea"))
      this.#built.set(control, (control as HTMLInputElement | HTMLTextAreaElement).value);
    if (name === null) return;
    const next = this.node.querySelector<HTMLElement>(`[aria-label="${CSS.escape(name)}"]`);
    next?.focus();
    if ((next instanceof HTMLInputElement || next instanceof HTMLTextAreaElement) && typed !== null) {
      next.value = typed.value;
      // Inputs without a caret (number, say) refuse a selection; the value is what matters.
      try {
        next.setSelectionRange(typed.start, typed.end);
      } catch {}
      commitOnLeave(next);
    }
  }
}
