/**
 * `<gridponder-match src="…/match.json" level="…" seats="human,mcts" seat-count="3" seed="7">`: loads a
 * match pack file and plays it. `log` (action keys joined by spaces) replays moves first, as a share
 * link does. Sends `match-change` after every change and `error` when the file cannot be loaded.
 * @module
 */
import { el } from "../dom.js";
import { checkWebMatchPack } from "./match-pack.js";
import { type MatchHandle, mountMatch } from "./match-player.js";
import type { SeatPlayer } from "./seats.js";
import { applyMatchStyles } from "./styles.js";

export const MATCH_TAG = "gridponder-match";

export interface GridponderMatchElement extends HTMLElement {
  readonly match: MatchHandle | null;
  readonly ready: Promise<MatchHandle | null>;
}

const PLAYERS = new Set(["human", "random", "alpha-beta", "mcts"]);

function numberOr(value: string | null): number | undefined {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : undefined;
}

let elementClass: (new () => GridponderMatchElement) | null = null;

/** The element class, made on first use (HTMLElement does not exist in Node). */
export function matchElementClass(): new () => GridponderMatchElement {
  elementClass ??= class extends HTMLElement implements GridponderMatchElement {
    #current: MatchHandle | null = null;
    #ready: Promise<MatchHandle | null> = Promise.resolve(null);
    #run = 0;

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
    }

    get match(): MatchHandle | null {
      return this.#current;
    }

    get ready(): Promise<MatchHandle | null> {
      return this.#ready;
    }

    connectedCallback(): void {
      if (!this.#current) this.#ready = this.#load(++this.#run);
    }

    disconnectedCallback(): void {
      this.#run++;
      this.#current?.destroy();
      this.#current = null;
    }

    async #load(run: number): Promise<MatchHandle | null> {
      const src = this.getAttribute("src");
      if (!src) return null;
      try {
        const url = new URL(src, document.baseURI);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`cannot load ${url.pathname} (${response.status})`);
        const pack = checkWebMatchPack(await response.json());
        if (run !== this.#run) return null;
        const levelId = this.getAttribute("level");
        const level = levelId ? pack.levels[levelId] : undefined;
        const seats = (this.getAttribute("seats") ?? "")
          .split(",")
          .filter((s) => PLAYERS.has(s)) as SeatPlayer[];
        const seatCount = numberOr(this.getAttribute("seat-count")) ?? level?.seatCount;
        const seed = numberOr(this.getAttribute("seed"));
        const log = (this.getAttribute("log") ?? "").split(" ").filter((k) => k !== "");
        const renderer = this.getAttribute("renderer");
        const view = this.getAttribute("view");
        const reduced = this.getAttribute("reduced-motion");
        const delay = numberOr(this.getAttribute("bot-delay"));
        this.#current = mountMatch(this, {
          game: pack.game,
          ...(pack.theme ? { theme: pack.theme } : {}),
          title: level ? `${pack.manifest.title}: ${level.title}` : pack.manifest.title,
          ...(level?.setup ? { setup: level.setup } : {}),
          ...(seatCount !== undefined ? { seatCount } : {}),
          ...(seats.length > 0 ? { seats } : {}),
          ...(seed !== undefined ? { seed } : {}),
          ...(log.length > 0 ? { log } : {}),
          ...(renderer === "2d" || renderer === "webgl" ? { renderer } : {}),
          ...(view === "top-down" || view === "isometric" ? { view } : {}),
          ...(reduced !== null ? { reducedMotion: reduced !== "false" } : {}),
          ...(delay !== undefined ? { botDelayMs: delay } : {}),
        });
        return this.#current;
      } catch (error) {
        if (run !== this.#run) return null;
        const message = error instanceof Error ? error.message : String(error);
        const styles = this.shadowRoot ? applyMatchStyles(this.shadowRoot) : [];
        const box = el("div", "gp gp-error", `This game could not be loaded: ${message}`);
        box.setAttribute("role", "alert");
        this.shadowRoot?.replaceChildren(...styles, box);
        this.dispatchEvent(new CustomEvent("error", { detail: { message }, bubbles: true, composed: true }));
        return null;
      }
    }
  };
  return elementClass;
}

/** Registers `<gridponder-match>` (once). */
export function defineGridponderMatch(): void {
  if (typeof customElements !== "undefined" && !customElements.get(MATCH_TAG))
    customElements.define(MATCH_TAG, matchElementClass());
}
