/**
 * The validator's findings about the pack being edited, each with its file, JSON pointer and line;
 * choosing one shows it where it is (its cell on the painter, its line in the JSON editor).
 * @module
 */
import type { Diagnostic } from "@gridponder/schema";
import { h } from "./dom.js";

export class DiagnosticsPane {
  readonly element: HTMLElement;
  readonly #list: HTMLOListElement;
  readonly #summary: HTMLElement;

  constructor(private readonly onChoose: (diagnostic: Diagnostic) => void) {
    this.#summary = h("h2", { text: "Problems" });
    this.#list = h("ol", { class: "diagnostics-list" });
    this.element = h("section", { class: "diagnostics", attrs: { "aria-label": "Problems" } }, [
      this.#summary,
      this.#list,
    ]);
  }

  show(diagnostics: readonly Diagnostic[]): void {
    const errors = diagnostics.filter((d) => d.severity === "error").length;
    const warnings = diagnostics.length - errors;
    this.#summary.textContent =
      diagnostics.length === 0
        ? "No problems"
        : `Problems: ${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}`;
    this.#list.replaceChildren(
      ...diagnostics.slice(0, 200).map((d) => {
        const where = `${d.file}${d.line ? `:${d.line}` : ""}${d.pointer ? ` ${d.pointer}` : ""}`;
        const item = h("li", { class: `diagnostic ${d.severity}` }, [
          h("button", { class: "diagnostic-where", text: where, attrs: { type: "button" } }),
          h("span", { class: "diagnostic-message", text: d.message }),
          d.hint ? h("span", { class: "diagnostic-hint", text: d.hint }) : null,
        ]);
        item.querySelector("button")?.addEventListener("click", () => this.onChoose(d));
        return item;
      }),
    );
  }
}
