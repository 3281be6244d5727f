/**
 * The pack's JSON beside the painter: CodeMirror 6 with the file's generated JSON Schema (completion
 * and hover documentation from the schema's descriptions) and the validator's located findings as lint.
 * Typing changes the pack (one undo step per pause in typing); painting and undo change the text.
 * @module
 */
import { json, jsonLanguage, jsonParseLinter } from "@codemirror/lang-json";
import { forceLinting, type Diagnostic as LintDiagnostic, linter, lintGutter } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { oneDark } from "@codemirror/theme-one-dark";
import { EditorView, hoverTooltip } from "@codemirror/view";
import {
  type Diagnostic,
  gameSchema,
  type JsonSchemaObject,
  levelSchema,
  manifestSchema,
  type PackFiles,
  themeSchema,
} from "@gridponder/schema";
import { basicSetup } from "codemirror";
import { jsonCompletion, jsonSchemaHover, stateExtensions } from "codemirror-json-schema";
import { h } from "./dom.js";

/** How long typing pauses before the text becomes an edit of the pack. */
const TYPING_PAUSE_MS = 300;

function schemaFor(path: string): JsonSchemaObject | undefined {
  if (path === "manifest.json") return manifestSchema;
  if (path === "game.json") return gameSchema;
  if (path === "theme.json") return themeSchema;
  if (path.startsWith("levels/")) return levelSchema;
  return undefined;
}

export interface JsonPaneOptions {
  /** The author changed the text of `path`. */
  readonly edited: (path: string, text: string) => void;
}

export class JsonPane {
  readonly element: HTMLElement;
  readonly #select: HTMLSelectElement;
  readonly #host: HTMLElement;
  readonly #shadow: ShadowRoot;
  readonly #options: JsonPaneOptions;
  #view: EditorView | null = null;
  #path = "";
  #diagnostics: readonly Diagnostic[] = [];
  #pending: ReturnType<typeof setTimeout> | null = null;
  /** Set while the pane writes text it was given, so that it is not taken for typing. */
  #applying = false;

  constructor(options: JsonPaneOptions) {
    this.#options = options;
    this.#select = h("select", { attrs: { "aria-label": "File" } });
    this.#select.addEventListener("change", () => this.#open(this.#select.value));
    // CodeMirror inside a shadow root: there it adopts constructed stylesheets, which the page's
    // Content-Security-Policy allows; in the document it would add <style> elements, which it blocks.
    const outer = h("div", { class: "json-host" });
    const shadow = outer.attachShadow({ mode: "open" });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      ":host { display: block; } .json-root, .cm-editor { height: 100%; } .cm-editor { font-size: 12.5px; }",
    );
    shadow.adoptedStyleSheets = [sheet];
    this.#host = h("div", { class: "json-root" });
    shadow.append(this.#host);
    this.#shadow = shadow;
    this.element = h("section", { class: "json-pane", attrs: { "aria-label": "JSON" } }, [
      this.#select,
      outer,
    ]);
  }

  /** Follows the pack: the file list, and the shown file's text when it changed elsewhere. */
  update(files: PackFiles, preferred: string): void {
    const paths = Object.keys(files)
      .filter((p) => p.endsWith(".json"))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    const options = paths.map((p) => h("option", { text: p, attrs: { value: p } }));
    this.#select.replaceChildren(...options);
    const path = paths.includes(this.#path) && this.#path !== "" ? this.#path : preferred;
    this.#select.value = path;
    this.#files = files;
    if (path !== this.#path) this.#open(path);
    else this.#sync();
  }

  /** Shows `path` (e.g. when the selected level changes). */
  show(path: string): void {
    if (path === this.#path || !this.#files || !Object.hasOwn(this.#files, path)) return;
    this.#select.value = path;
    this.#open(path);
  }

  /** The validator's findings, shown as lint on their lines. */
  setDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.#diagnostics = diagnostics;
    if (this.#view) forceLinting(this.#view);
  }

  /** Moves the cursor to a line of the shown file. */
  reveal(path: string, line: number): void {
    this.show(path);
    const view = this.#view;
    if (!view) return;
    const at = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
    view.dispatch({ selection: { anchor: at.from }, scrollIntoView: true });
    view.focus();
  }

  #files: PackFiles | null = null;

  #open(path: string): void {
    this.#flush();
    this.#path = path;
    this.#view?.destroy();
    const content = this.#files?.[path];
    const text = typeof content === "string" ? content : "";
    const schema = schemaFor(path);
    this.#view = new EditorView({
      parent: this.#host,
      root: this.#shadow,
      state: EditorState.create({
        doc: text,
        extensions: [
          basicSetup,
          oneDark,
          json(),
          lintGutter(),
          linter(jsonParseLinter()),
          linter((view) => this.#lint(view), { delay: 0 }),
          ...(schema
            ? [
                jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
                hoverTooltip(jsonSchemaHover()),
                stateExtensions(schema as never),
              ]
            : []),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !this.#applying) this.#typed();
          }),
          EditorView.contentAttributes.of({ "aria-label": `${path} as JSON` }),
        ],
      }),
    });
  }

  /** Replaces the text when the pack's copy of the file changed elsewhere. */
  #sync(): void {
    const view = this.#view;
    const content = this.#files?.[this.#path];
    if (!view || typeof content !== "string" || this.#pending !== null) return;
    const current = view.state.doc.toString();
    if (current === content) return;
    const head = Math.min(view.state.selection.main.head, content.length);
    this.#applying = true;
    view.dispatch({ changes: { from: 0, to: current.length, insert: content }, selection: { anchor: head } });
    this.#applying = false;
  }

  #typed(): void {
    if (this.#pending !== null) clearTimeout(this.#pending);
    this.#pending = setTimeout(() => this.#flush(), TYPING_PAUSE_MS);
  }

  /** Hands typed text to the pack now. */
  #flush(): void {
    if (this.#pending === null) return;
    clearTimeout(this.#pending);
    this.#pending = null;
    if (this.#view) this.#options.edited(this.#path, this.#view.state.doc.toString());
  }

  #lint(view: EditorView): LintDiagnostic[] {
    const doc = view.state.doc;
    return this.#diagnostics
      .filter((d) => d.file === this.#path && d.line !== undefined)
      .map((d) => {
        const line = doc.line(Math.min(Math.max(1, d.line ?? 1), doc.lines));
        const from = Math.min(line.from + Math.max(0, (d.column ?? 1) - 1), line.to);
        return {
          from,
          to: Math.max(from, line.to),
          severity: d.severity === "error" ? "error" : "warning",
          message: d.hint ? `${d.message} ${d.hint}` : d.message,
          source: d.code,
        };
      });
  }
}

function rank(path: string): number {
  return ["manifest.json", "game.json", "theme.json"].indexOf(path) + 1 || 4;
}
