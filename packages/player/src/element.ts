import { isBoardView } from "@gridponder/view";
import { type CompiledPack, CompiledPackError, registryForPack } from "./compiled-pack.js";
import { el } from "./dom.js";
import { mountPlayerWith, type PlayerHandle } from "./player.js";
import { applyStyles } from "./styles.js";

/** The tag name `define` registers. */
export const PLAYER_TAG = "gridponder-player";

/**
 * `<gridponder-player src="…/pack.json" level="…" asset-base="…" renderer="auto|webgl|2d">`: loads a
 * compiled pack and plays it. `asset-base` defaults to the folder of `src`; `view="isometric|top-down"`
 * picks how the board is seen (the theme's choice by default). Sends the player's events (`turn`,
 * `won`, `lost`, `level-change`), `view-change` when the player switches the view, and `error` when
 * the pack cannot be loaded.
 */
export interface GridponderPlayerElement extends HTMLElement {
  /** The mounted player, once the pack has loaded. */
  readonly player: PlayerHandle | null;
  /** Resolves with the player when the current `src` has loaded (null when it failed). */
  readonly ready: Promise<PlayerHandle | null>;
}

let elementClass: (new () => GridponderPlayerElement) | null = null;

/**
 * The element class, made on first use: `HTMLElement` does not exist outside browsers, so defining the
 * class when this module loads would break imports of the package in Node.
 */
export function playerElementClass(): new () => GridponderPlayerElement {
  elementClass ??= makeElementClass();
  return elementClass;
}

function makeElementClass(): new () => GridponderPlayerElement {
  return class extends HTMLElement implements GridponderPlayerElement {
    static readonly observedAttributes = ["src", "level", "asset-base", "renderer", "reduced-motion", "view"];
    #current: PlayerHandle | null = null;
    #loading = 0;
    /** The run whose load waits for the end of this task (-1: none). */
    #queued = -1;
    #readyPromise: Promise<PlayerHandle | null> = Promise.resolve(null);

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
    }

    /** The mounted player, once the pack has loaded. */
    get player(): PlayerHandle | null {
      return this.#current;
    }

    /** Resolves with the player when the current `src` has loaded (null when it failed). */
    get ready(): Promise<PlayerHandle | null> {
      return this.#readyPromise;
    }

    connectedCallback(): void {
      if (!this.#current) this.#load();
    }

    disconnectedCallback(): void {
      this.#loading++;
      this.#current?.destroy();
      this.#current = null;
    }

    attributeChangedCallback(name: string, old: string | null, value: string | null): void {
      if (!this.isConnected || old === value) return;
      if (name === "level" && this.#current && value && value !== this.#current.level) {
        this.#current.setLevel(value, { story: true });
        return;
      }
      if (name === "view") {
        if (this.#current && isBoardView(value)) this.#current.setView(value);
        return;
      }
      if (name !== "level") this.#load();
    }

    /**
     * Loads `src` once the current task is done: an upgrade reports each attribute and then the
     * connection, and a script may set several attributes in a row; all of them make one fetch.
     */
    #load(): void {
      if (!this.getAttribute("src") || this.#queued === this.#loading) return;
      const run = ++this.#loading;
      this.#queued = run;
      this.#current?.destroy();
      this.#current = null;
      this.#readyPromise = Promise.resolve()
        .then(() => {
          if (this.#queued === run) this.#queued = -1;
          const src = this.getAttribute("src");
          return run === this.#loading && src ? this.#fetchAndMount(src, run) : null;
        })
        .catch((error: unknown) => {
          if (run === this.#loading) this.#fail(error);
          return null;
        });
    }

    async #fetchAndMount(src: string, run: number): Promise<PlayerHandle | null> {
      const packUrl = new URL(src, document.baseURI);
      const response = await fetch(packUrl);
      if (!response.ok) throw new CompiledPackError(`cannot load ${packUrl.pathname} (${response.status})`);
      const compiled = (await response.json()) as CompiledPack;
      // Only the systems this pack names are fetched, each a chunk of its own.
      const registry = await registryForPack(compiled);
      if (run !== this.#loading) return null;
      const renderer = this.getAttribute("renderer");
      const reduced = this.getAttribute("reduced-motion");
      const view = this.getAttribute("view");
      this.#current = mountPlayerWith(
        this,
        {
          pack: compiled,
          assetBase: this.getAttribute("asset-base") ?? new URL(".", packUrl).href,
          ...(this.getAttribute("level") ? { level: this.getAttribute("level") as string } : {}),
          ...(renderer === "2d" || renderer === "webgl" ? { renderer } : {}),
          ...(reduced !== null ? { reducedMotion: reduced !== "false" } : {}),
          ...(isBoardView(view) ? { view } : {}),
        },
        registry,
      );
      return this.#current;
    }

    #fail(error: unknown): void {
      const message = error instanceof Error ? error.message : String(error);
      const styles = this.shadowRoot ? applyStyles(this.shadowRoot) : [];
      const box = el("div", "gp gp-error", `This puzzle could not be loaded: ${message}`);
      box.setAttribute("role", "alert");
      this.shadowRoot?.replaceChildren(...styles, box);
      this.dispatchEvent(new CustomEvent("error", { detail: { message }, bubbles: true, composed: true }));
    }
  };
}

/** Registers `<gridponder-player>` once (a second call is a no-op). */
export function defineGridponderPlayer(tag: string = PLAYER_TAG): void {
  if (!customElements.get(tag)) customElements.define(tag, playerElementClass());
}
