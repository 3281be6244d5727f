/**
 * "Play at once": the level being edited in the player, rebuilt from the pack's current state each
 * time the pack changes, and the gold path recorder. While recording, the moves played become the
 * take; the author keeps it as the level's gold path.
 * @module
 */
import type { ActionInput } from "@gridponder/engine";
import { COMPILED_PACK_FORMAT, type CompiledPack, mountPlayer, type PlayerHandle } from "@gridponder/player";
import type { ValidPack } from "@gridponder/schema";
import type { SpriteRef } from "@gridponder/view";
import { h, pushButton } from "./dom.js";

export interface PlayPaneOptions {
  readonly assetUrl: (ref: SpriteRef) => string;
  /** The recorded moves, to keep as the level's gold path. */
  readonly keepGoldPath: (actions: readonly ActionInput[]) => void;
  /** Plays a replay of the given actions (the solver's optimum) when asked. */
  readonly onStatus?: (text: string) => void;
}

export class PlayPane {
  readonly element: HTMLElement;
  readonly #stage: HTMLElement;
  readonly #status: HTMLElement;
  readonly #record: HTMLButtonElement;
  readonly #keep: HTMLButtonElement;
  readonly #options: PlayPaneOptions;
  #player: PlayerHandle | null = null;
  #recording = false;
  #take: readonly ActionInput[] = [];
  #won = false;

  constructor(options: PlayPaneOptions) {
    this.#options = options;
    this.#stage = h("div", { class: "play-stage" });
    this.#status = h("p", { class: "play-status", attrs: { "aria-live": "polite" } });
    this.#record = pushButton("Record gold path", () => this.#toggleRecording(), {
      class: "record",
      attrs: { "aria-pressed": "false", title: "Play the level from its start; your moves become the take" },
    });
    this.#keep = pushButton("Keep as gold path", () => this.#keepTake(), { attrs: { disabled: "" } });
    this.element = h("section", { class: "play-pane", attrs: { "aria-label": "Play the level" } }, [
      h("div", { class: "play-tools" }, [this.#record, this.#keep]),
      this.#stage,
      this.#status,
    ]);
  }

  /** The player's handle, while a level plays. */
  get player(): PlayerHandle | null {
    return this.#player;
  }

  /** Plays `level` of `pack` from its start (the recorder, if on, starts a new take). */
  show(
    pack: ValidPack,
    imagePaths: readonly string[],
    level: string,
    initialActions?: readonly ActionInput[],
  ): void {
    this.#player?.destroy();
    this.#player = null;
    const compiled: CompiledPack = {
      format: COMPILED_PACK_FORMAT,
      pack,
      assets: { packFiles: imagePaths, collections: [] },
    };
    this.#take = [];
    this.#won = false;
    try {
      // The player lives in a shadow root of its element: each level gets a fresh element, so that a
      // message shown instead of it (see `clear`) is not hidden behind an old shadow root.
      const host = h("div", { class: "play-host" });
      this.#stage.replaceChildren(host);
      this.#player = mountPlayer(host, {
        pack: compiled,
        level,
        assetBase: "",
        assetUrl: this.#options.assetUrl,
        story: false,
        ...(initialActions ? { initialActions } : {}),
        onEvent: (type, detail) => {
          if (detail.level !== level) return;
          if (type === "turn" || type === "won" || type === "lost") {
            this.#take = detail.actions;
            this.#won = detail.won;
            this.#updateRecorder();
          }
        },
      });
    } catch (error) {
      this.#say(`This level cannot be played: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.#updateRecorder();
  }

  /** Shows why nothing plays (the pack has errors). */
  clear(reason: string): void {
    this.#player?.destroy();
    this.#player = null;
    this.#stage.replaceChildren(h("p", { class: "play-empty", text: reason }));
    this.#say("");
  }

  dispose(): void {
    this.#player?.destroy();
    this.#player = null;
  }

  #toggleRecording(): void {
    this.#recording = !this.#recording;
    this.#record.setAttribute("aria-pressed", String(this.#recording));
    this.#record.textContent = this.#recording ? "Stop recording" : "Record gold path";
    if (this.#recording) {
      void this.#player?.reset();
      this.#take = [];
      this.#won = false;
      (this.#stage.firstElementChild as HTMLElement | null)?.focus();
    }
    this.#updateRecorder();
  }

  #keepTake(): void {
    if (this.#take.length === 0) return;
    this.#options.keepGoldPath(this.#take);
    this.#recording = false;
    this.#record.setAttribute("aria-pressed", "false");
    this.#record.textContent = "Record gold path";
    this.#say(`Kept ${this.#take.length} moves as the gold path.`);
    this.#keep.setAttribute("disabled", "");
  }

  #updateRecorder(): void {
    const can = this.#recording && this.#take.length > 0;
    if (can) this.#keep.removeAttribute("disabled");
    else this.#keep.setAttribute("disabled", "");
    if (this.#recording)
      this.#say(
        `Recording: ${this.#take.length} ${this.#take.length === 1 ? "move" : "moves"}${this.#won ? ", won — keep it as the gold path" : ""}.`,
      );
  }

  #say(text: string): void {
    this.#status.textContent = text;
    this.#options.onStatus?.(text);
  }
}
