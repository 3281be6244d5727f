/**
 * The JSON editor, loaded the first time it is shown: CodeMirror and the schema tooling are most of
 * the studio's script, and an author who only paints never needs them. Until then the slot keeps
 * what the editor would be told and hands it over on load.
 * @module
 */
import type { Diagnostic, PackFiles } from "@gridponder/schema";
import { h } from "./dom.js";
import type { JsonPane } from "./json-pane.js";

export class JsonSlot {
  readonly element: HTMLElement;
  #pane: JsonPane | null = null;
  #loading: Promise<JsonPane> | null = null;
  #files: PackFiles = {};
  #preferred = "";
  #diagnostics: readonly Diagnostic[] = [];

  constructor(private readonly edited: (path: string, text: string) => void) {
    this.element = h("div", { class: "json-slot" }, [
      h("p", { class: "muted", text: "Loading the JSON editor…" }),
    ]);
  }

  /** Loads the editor (once) and resolves with it. */
  load(): Promise<JsonPane> {
    this.#loading ??= import("./json-pane.js").then(({ JsonPane }) => {
      const pane = new JsonPane({ edited: this.edited });
      this.element.replaceChildren(pane.element);
      pane.update(this.#files, this.#preferred);
      pane.setDiagnostics(this.#diagnostics);
      this.#pane = pane;
      return pane;
    });
    return this.#loading;
  }

  update(files: PackFiles, preferred: string): void {
    this.#files = files;
    this.#preferred = preferred;
    this.#pane?.update(files, preferred);
  }

  show(path: string): void {
    this.#preferred = path;
    this.#pane?.show(path);
  }

  setDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.#diagnostics = diagnostics;
    this.#pane?.setDiagnostics(diagnostics);
  }

  reveal(path: string, line: number): void {
    void this.load().then((pane) => pane.reveal(path, line));
  }
}
