/**
 * The solver's verdict on the level being edited: a headline (unsolvable / solvable in N, unique or
 * with K optimal solutions / still searching), the gold path against the optimum, and a button that
 * plays the optimal solution.
 * @module
 */
import type { ActionInput } from "@gridponder/engine";
import type { VerdictUpdate } from "../check/verdict-runner.js";
import { h, pushButton } from "./dom.js";

export class VerdictPane {
  readonly element: HTMLElement;
  readonly #headline: HTMLElement;
  readonly #detail: HTMLElement;
  readonly #replay: HTMLButtonElement;
  #solution: readonly ActionInput[] | null = null;

  constructor(playSolution: (actions: readonly ActionInput[]) => void) {
    this.#headline = h("p", { class: "verdict-headline", text: "No level yet" });
    this.#detail = h("p", { class: "verdict-detail" });
    this.#replay = pushButton("Play the optimum", () => this.#solution && playSolution(this.#solution), {
      attrs: { disabled: "", title: "Replay a shortest solution in the player" },
    });
    this.element = h(
      "section",
      {
        class: "verdict",
        attrs: { "aria-label": "Solver verdict", "aria-live": "polite", "data-kind": "none" },
      },
      [h("h2", { text: "Solver" }), this.#headline, this.#detail, this.#replay],
    );
  }

  show(update: VerdictUpdate): void {
    const { verdict, result } = update;
    this.element.dataset.kind = verdict.kind;
    // For scripts and the bench: how fast the browser's solver searched.
    this.element.dataset.statesPerSecond = result ? String(Math.round(result.statesPerSecond)) : "";
    this.element.dataset.states = String(verdict.statesExpanded);
    this.#headline.textContent = verdict.headline;
    this.#detail.textContent = verdict.detail;
    this.#solution = result?.solution ?? null;
    if (this.#solution && this.#solution.length > 0) this.#replay.removeAttribute("disabled");
    else this.#replay.setAttribute("disabled", "");
  }
}
