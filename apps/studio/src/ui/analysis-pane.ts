/**
 * The Analysis tab: the design figures of the level being edited (optimum and optima, reachable
 * states, dead ends, branching, random play, the mechanics it needs, a difficulty estimate), and
 * variants of it made by `@gridponder/analysis` and proven by the solver, each one press away from
 * joining the pack. Work runs in a worker on request, since judging every mechanic is a search each;
 * an edit to the level afterwards marks the figures as out of date rather than hiding them.
 * @module
 */
import { type GeneratedLevel, type LevelAnalysis, summarizeMechanics } from "@gridponder/analysis";
import type { PackFiles } from "@gridponder/schema";
import type { AnalysisReply } from "../check/analysis-protocol.js";
import { AnalysisRunner } from "../check/analysis-runner.js";
import { h, pushButton } from "./dom.js";

/** What the pane works on: the pack's files, the level being edited and that level's file text. */
export interface AnalysisTarget {
  readonly files: PackFiles;
  readonly level: string;
  readonly levelText: string;
}

export interface AnalysisPaneOptions {
  /** The level being edited, or `null` while there is none or the pack has errors. */
  readonly current: () => AnalysisTarget | null;
  /** Adds a generated level's file to the pack (and to its play order). */
  readonly addLevel: (id: string, text: string) => void;
  /** Starts the analysis worker (a test may count them). */
  readonly startWorker?: () => Worker;
}

/** How many variants one press asks for. */
const VARIANTS = 3;

const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const count = (n: number) => n.toLocaleString("en-US");

type PaneState = "idle" | "analysing" | "analysed" | "generating" | "generated" | "failed";

export class AnalysisPane {
  readonly element: HTMLElement;
  readonly #options: AnalysisPaneOptions;
  readonly #runner: AnalysisRunner;
  readonly #status: HTMLElement;
  readonly #figures: HTMLElement;
  readonly #variants: HTMLElement;
  readonly #analyse: HTMLButtonElement;
  readonly #generate: HTMLButtonElement;
  readonly #cancel: HTMLButtonElement;
  /** The level text the figures were measured on; an edit since makes them stale. */
  #measured: { level: string; text: string } | null = null;
  #seed = 0;

  constructor(options: AnalysisPaneOptions) {
    this.#options = options;
    this.#runner = new AnalysisRunner((reply) => this.#onReply(reply), options.startWorker);
    this.#status = h("p", { class: "analysis-status", attrs: { role: "status" } });
    this.#figures = h("div", { class: "analysis-figures" });
    this.#variants = h("div", { class: "analysis-variants" });
    this.#analyse = pushButton("Analyse this level", () => this.#start("analyze"), { class: "analyse" });
    this.#generate = pushButton(`Generate ${VARIANTS} variants`, () => this.#start("generate"), {
      class: "generate",
      attrs: { title: "New levels from this one, each proven solvable by the solver" },
    });
    this.#cancel = pushButton("Stop", () => this.#stop(), { attrs: { hidden: "" } });
    this.element = h(
      "section",
      { class: "analysis-pane", attrs: { "aria-label": "Analysis", "data-state": "idle" } },
      [
        h("div", { class: "analysis-actions" }, [this.#analyse, this.#generate, this.#cancel]),
        this.#status,
        this.#figures,
        this.#variants,
      ],
    );
    this.#setState(
      "idle",
      "Measures the level: its shortest solution, how much room it leaves to go wrong, and which mechanics it needs.",
    );
  }

  /** Tells the pane which level is edited now: figures of another level, or of an older text, are marked stale. */
  levelChanged(): void {
    const target = this.#options.current();
    const stale =
      this.#measured !== null &&
      (target === null || target.level !== this.#measured.level || target.levelText !== this.#measured.text);
    this.element.dataset.stale = String(stale);
    this.#figures.classList.toggle("stale", stale);
    const can = target !== null;
    this.#analyse.disabled = !can;
    this.#generate.disabled = !can;
  }

  dispose(): void {
    this.#runner.cancel();
  }

  #start(kind: "analyze" | "generate"): void {
    const target = this.#options.current();
    if (target === null) return;
    if (kind === "analyze") {
      this.#measured = { level: target.level, text: target.levelText };
      this.#runner.analyze(target.files, target.level);
      this.#setState(
        "analysing",
        `Analysing ${target.level}: every mechanic is taken out in turn and the level solved again…`,
      );
    } else {
      this.#seed++;
      this.#runner.generate(target.files, target.level, VARIANTS, this.#seed);
      this.#setState(
        "generating",
        `Looking for ${VARIANTS} variants of ${target.level}, each proven by the solver…`,
      );
    }
    this.levelChanged();
  }

  #stop(): void {
    this.#runner.cancel();
    this.#setState("idle", "Stopped.");
  }

  #setState(state: PaneState, message: string): void {
    this.element.dataset.state = state;
    this.#status.textContent = message;
    const busy = state === "analysing" || state === "generating";
    this.#cancel.hidden = !busy;
  }

  #onReply(reply: AnalysisReply): void {
    if (reply.type === "error") {
      this.#setState("failed", `The analysis failed: ${reply.message}`);
      return;
    }
    if (reply.type === "analysis") {
      this.#showFigures(reply.analysis);
      this.#setState("analysed", `Figures of ${reply.analysis.level}.`);
      this.levelChanged();
      return;
    }
    this.#showVariants(reply.levels);
    const made = reply.levels.length;
    this.#setState(
      "generated",
      made === 0
        ? `No variant passed the checks in ${reply.attempts} candidates; try again for others.`
        : `${made} variant${made === 1 ? "" : "s"} from ${reply.attempts} candidates, each proven by the solver.`,
    );
  }

  #showFigures(a: LevelAnalysis): void {
    const optimum =
      a.optimum === null
        ? "none (unsolvable)"
        : `${a.optimum}${a.optimumProven ? "" : " (gold path, not proven)"}`;
    const rows: [string, string][] = [
      ["Shortest solution", optimum],
      ["Optimal solutions", a.optimalCount === null ? "not counted" : count(a.optimalCount)],
      ["Reachable states", `${a.statesComplete ? "" : "more than "}${count(a.reachableStates)}`],
      ["Dead ends", percent(a.deadEndRatio)],
      ["Branching", a.branching.toFixed(2)],
      ["Random wins", `${percent(a.randomPlay.rate)} of ${a.randomPlay.walks} walks`],
      ["Difficulty", a.difficulty === null ? "– (unsolvable)" : `${a.difficulty.toFixed(1)} of 10`],
    ];
    const { needed, helps, unknown } = summarizeMechanics(a.mechanics ?? [], a.optimum);
    const list = (names: readonly string[]) => names.join(", ") || "–";
    rows.push(
      ["Needs", list(needed)],
      ["Shortened by", list(helps.map((x) => `${x.name} (+${x.extra})`))],
      ["Not decided", list(unknown)],
    );
    this.#figures.replaceChildren(
      h("h3", { text: a.title ?? a.level }),
      h(
        "dl",
        {},
        rows.flatMap(([term, value]) => [h("dt", { text: term }), h("dd", { text: value })]),
      ),
      h("p", {
        class: "analysis-note",
        text: "Needs: the level is proven unsolvable without these. Shortened by: still solvable without them, in more actions.",
      }),
    );
  }

  #showVariants(levels: readonly GeneratedLevel[]): void {
    this.#variants.replaceChildren(
      ...(levels.length === 0
        ? []
        : [
            h("h3", { text: "Variants" }),
            h(
              "ul",
              {},
              levels.map((level) => {
                const add = pushButton("Add to pack", () => {
                  this.#options.addLevel(level.id, level.text);
                  add.disabled = true;
                  add.textContent = "Added";
                });
                const optima =
                  level.optimalCount === 1
                    ? "unique"
                    : level.optimalCount === null
                      ? "several optima"
                      : `${level.optimalCount} optima`;
                return h("li", { attrs: { "data-level": level.id } }, [
                  h("span", {
                    text: `${level.id}: solvable in ${level.optimum}, ${optima} (${level.method})`,
                  }),
                  add,
                ]);
              }),
            ),
          ]),
    );
  }
}
