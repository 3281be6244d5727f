/**
 * DOM building with text only: pack strings (titles, goals, story text) are untrusted, so they only ever
 * reach the page through `textContent`, never as markup.
 */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string | null,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

export function button(label: string, onPress: () => void, className?: string): HTMLButtonElement {
  const b = el("button", className, label);
  b.type = "button";
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    onPress();
  });
  return b;
}

/** Only `#rgb`/`#rrggbb(aa)` colours reach inline styles, so pack data cannot inject CSS. */
export function safeColor(value: string | null | undefined): string | null {
  return value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : null;
}
