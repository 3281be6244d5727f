/**
 * The studio: one pack open at a time, its level painter, the player and the solver's verdict beside
 * it, the validator's findings below, every edit undoable and autosaved.
 * @module
 */
import type { ActionInput, Pack } from "@gridponder/engine";
import type { Diagnostic, GameDefinition, PackFiles } from "@gridponder/schema";
import { appearanceOf, createViewContext } from "@gridponder/view";
import { CheckRunner } from "../check/check-runner.js";
import { type CheckedPack, errorsOf } from "../check/pack-check.js";
import { invalidVerdict } from "../check/verdict.js";
import { VerdictRunner } from "../check/verdict-runner.js";
import { AnalysisPane } from "./analysis-pane.js";
import { AssetUrls } from "./asset-urls.js";
import type { CellXY } from "./cell-line.js";
import { cellsOfDiagnostics } from "./diagnostic-cells.js";
import { DiagnosticsPane } from "./diagnostics-pane.js";
import { h, pushButton } from "./dom.js";
import { Editor } from "./editor.js";
import { HelpPanel, shortcutFor } from "./help-panel.js";
import { JsonSlot } from "./json-slot.js";
import { LevelForms } from "./level-forms.js";
import { levelScene } from "./level-scene.js";
import { PackPane } from "./pack-pane.js";
import { Painter, type Tool } from "./painter.js";
import { Palette } from "./palette.js";
import { PlayPane } from "./play-pane.js";
import { ProjectMenu } from "./project-menu.js";
import { VerdictPane } from "./verdict-pane.js";

/** Most states a verdict search keeps before it reports "not decided". */
const VERDICT_STATES = 2_000_000;
/** How long the pack waits after an edit before it is validated, searched and saved. */
const SETTLE_MS = 150;

const TOOLS: readonly { tool: Tool; label: string }[] = [
  { tool: "paint", label: "Paint" },
  { tool: "erase", label: "Erase" },
  { tool: "rect", label: "Rectangle" },
  { tool: "object", label: "Object" },
  { tool: "pick", label: "Pick" },
  { tool: "avatar", label: "Avatar start" },
];

type TabId = "play" | "json" | "pack" | "analysis";

export class Studio {
  readonly #root: HTMLElement;
  readonly #editor: Editor;
  readonly #assets = new AssetUrls();
  readonly #painter: Painter;
  readonly #palette: Palette;
  readonly #play: PlayPane;
  readonly #verdictPane: VerdictPane;
  readonly #analysisPane: AnalysisPane;
  readonly #diagnostics: DiagnosticsPane;
  readonly #verdicts: VerdictRunner;
  readonly #levels: HTMLElement;
  readonly #title: HTMLElement;
  readonly #status: HTMLElement;
  readonly #targetBanner = h("div", { class: "target-banner", attrs: { role: "status", hidden: "" } });
  readonly #undo: HTMLButtonElement;
  readonly #redo: HTMLButtonElement;
  readonly #toolButtons = new Map<Tool, HTMLButtonElement>();
  readonly #help: HelpPanel;
  readonly #forms: LevelForms;
  readonly #menu: ProjectMenu;
  readonly #json: JsonSlot;
  readonly #packPane: PackPane;
  readonly #tabs = new Map<TabId, { button: HTMLButtonElement; panel: HTMLElement }>();
  #shownLevelPath = "";
  /** The last pack of the open project that prepared, to draw with while the pack has errors. */
  #lastGoodPack: Pack | null = null;
  /** Whether the status line says the level cannot be drawn (cleared once it draws again). */
  #drawError = false;
  #checked: CheckedPack | null = null;
  #hidden = new Set<string>();
  #settle: ReturnType<typeof setTimeout> | null = null;
  /** The files the last check was asked for. */
  #checkedFiles: PackFiles | null = null;
  readonly #checks: CheckRunner;
  /** The files the last check result was about, and the level judged and played after it. */
  #checkedResultFiles: PackFiles | null = null;
  #judgedPath = "";

  constructor(root: HTMLElement, options: StudioOptions = {}) {
    this.#root = root;
    this.#editor = new Editor({
      changed: (kind) => this.#onChange(kind),
      refused: (message) => this.#say(message),
    });
    this.#forms = new LevelForms(this.#editor);
    this.#packPane = new PackPane(this.#editor);
    this.#painter = new Painter(
      {
        strokeStart: (tool) => this.#editor.beginStroke(tool),
        strokeCell: (cell) => this.#editor.strokeCell(cell),
        strokeEnd: () => this.#editor.endStroke(),
        rect: (from, to, erase) => this.#editor.rect(from, to, erase),
        object: (from, to, erase) =>
          erase ? this.#editor.removeObjectsIn(from, to) : this.#editor.addObject(from, to),
        pick: (cell) => this.#editor.pick(cell),
        avatar: (cell) => this.#editor.placeAvatar(cell),
        hover: (cell) => this.#showHover(cell),
      },
      this.#assets.url,
    );
    this.#palette = new Palette({
      choose: (kind) => this.#editor.setBrush({ kind }),
      toggleLayer: (layer, visible) => {
        if (visible) this.#hidden.delete(layer);
        else this.#hidden.add(layer);
        this.#redraw();
      },
    });
    this.#play = new PlayPane({
      assetUrl: this.#assets.url,
      keepGoldPath: (actions) => this.#editor.setGoldPath(actions),
    });
    this.#verdictPane = new VerdictPane((actions) => this.#playSolution(actions));
    this.#analysisPane = new AnalysisPane({
      current: () => this.#analysisTarget(),
      addLevel: (id, text) => this.#editor.addLevelFile(id, text),
    });
    this.#diagnostics = new DiagnosticsPane((d) => this.#reveal(d));
    this.#verdicts = new VerdictRunner({
      maxStates: VERDICT_STATES,
      // Edits already wait for a pause (a stroke's settle, the JSON pane's typing pause) and a check:
      // a short wait more only skips searching states that were replaced at once.
      debounceMs: 80,
      onUpdate: (update) => {
        this.#verdictPane.show(update);
        queueMicrotask(() => this.#markBusy());
      },
    });
    this.#checks = new CheckRunner((files, checked) => this.#checked_(files, checked), options.checkWorker);
    this.#levels = h("nav", { class: "levels", attrs: { "aria-label": "Levels" } });
    this.#title = h("h1", { class: "pack-title" });
    this.#status = h("p", { class: "status", attrs: { role: "status" } });
    this.#undo = pushButton("Undo", () => this.#editor.undo(), {
      attrs: { "aria-keyshortcuts": "Control+Z" },
    });
    this.#redo = pushButton("Redo", () => this.#editor.redo(), {
      attrs: { "aria-keyshortcuts": "Control+Shift+Z" },
    });
    this.#help = new HelpPanel();
    this.#menu = new ProjectMenu({ editor: this.#editor, say: (text) => this.#say(text) });
    this.#json = new JsonSlot((path, text) => this.#editor.setText(path, text, `edit ${path}`));
    this.#layout();
    document.addEventListener("keydown", (e) => this.#onKey(e));
  }

  get editor(): Editor {
    return this.#editor;
  }

  /** Opens what the address asks for, else the last pack worked on, else a new starter pack. */
  async start(): Promise<void> {
    await this.#menu.openFromAddress(location.hash);
  }

  #layout(): void {
    const tools = h(
      "div",
      { class: "tools", attrs: { role: "toolbar", "aria-label": "Painting tools" } },
      TOOLS.map(({ tool, label }) => {
        const key = shortcutFor(tool);
        const b = pushButton(label, () => this.#setTool(tool), {
          attrs: {
            "aria-pressed": String(tool === "paint"),
            "data-tool": tool,
            title: `${label} (${key})`,
            "aria-keyshortcuts": key,
          },
        });
        this.#toolButtons.set(tool, b);
        return b;
      }),
    );
    const header = h("header", { class: "studio-header" }, [
      h("span", { class: "brand", text: "Gridponder studio" }),
      this.#title,
      this.#menu.element,
      this.#undo,
      this.#redo,
      this.#help.button,
    ]);
    const left = h("aside", { class: "studio-left" }, [
      this.#levels,
      this.#palette.element,
      this.#forms.element,
    ]);
    const centre = h("main", { class: "studio-centre" }, [
      tools,
      this.#targetBanner,
      this.#painter.element,
      this.#status,
    ]);
    const tabs = h("div", { class: "tabs", attrs: { role: "tablist", "aria-label": "Play, JSON or pack" } });
    for (const [id, label, panel] of [
      ["play", "Play", this.#play.element],
      ["json", "JSON", this.#json.element],
      ["pack", "Pack", this.#packPane.element],
      ["analysis", "Analysis", this.#analysisPane.element],
    ] as const) {
      const button = pushButton(label, () => this.#showTab(id), {
        attrs: {
          role: "tab",
          "aria-selected": String(id === "play"),
          "aria-controls": `tab-${id}`,
          id: `tab-button-${id}`,
        },
      });
      panel.id = `tab-${id}`;
      panel.setAttribute("role", "tabpanel");
      panel.hidden = id !== "play";
      tabs.append(button);
      this.#tabs.set(id, { button, panel });
    }
    const right = h("aside", { class: "studio-right" }, [
      this.#verdictPane.element,
      tabs,
      this.#play.element,
      this.#json.element,
      this.#packPane.element,
      this.#analysisPane.element,
    ]);
    this.#root.replaceChildren(
      header,
      h("div", { class: "studio-body" }, [left, centre, right]),
      this.#diagnostics.element,
      this.#help.element,
      this.#menu.dialog,
    );
  }

  #showTab(id: TabId): void {
    if (id === "json") void this.#json.load();
    if (id === "pack") this.#packPane.refresh();
    for (const [tab, { button, panel }] of this.#tabs) {
      button.setAttribute("aria-selected", String(tab === id));
      panel.hidden = tab !== id;
    }
  }

  #setTool(tool: Tool): void {
    this.#painter.setTool(tool);
    for (const [t, b] of this.#toolButtons) b.setAttribute("aria-pressed", String(t === tool));
  }

  /** After every edit: redraw at once; validate, search, play and save once edits pause. */
  #onChange(kind: "stroke" | "edit" | "open"): void {
    this.#undo.disabled = !this.#editor.canUndo;
    this.#redo.disabled = !this.#editor.canRedo;
    this.#undo.title = this.#editor.undoLabel ? `Undo ${this.#editor.undoLabel}` : "Nothing to undo";
    this.#redo.title = this.#editor.redoLabel ? `Redo ${this.#editor.redoLabel}` : "Nothing to redo";
    if (kind === "open") {
      // The last check was of another pack: nothing of it may draw this one.
      this.#hidden.clear();
      this.#checked = null;
      this.#checkedResultFiles = null;
      this.#lastGoodPack = null;
    }
    this.#redraw(kind);
    if (this.#settle !== null) clearTimeout(this.#settle);
    if (kind === "stroke") {
      this.#settle = setTimeout(() => this.#fullCheck(), SETTLE_MS);
      this.#markBusy();
      return;
    }
    this.#fullCheck();
    this.#markBusy();
  }

  /**
   * Marks the page busy while an edit waits to be checked, a check runs or a search runs or waits
   * (`data-busy` on the studio's root), so that scripts and tests can wait for the verdict on the
   * pack as it is now rather than on an earlier state.
   */
  #markBusy(): void {
    const busy = this.#settle !== null || !this.#checks.idle || !this.#verdicts.idle;
    this.#root.dataset.busy = String(busy);
  }

  /**
   * Redraws from the level as it is now (no validation). During a stroke only the painter follows,
   * at every cell; the lists, forms and the JSON text catch up when the stroke ends.
   */
  #redraw(kind: "stroke" | "edit" | "open" = "edit"): void {
    const level = this.#editor.canvasLevel;
    const game = this.#editor.game;
    // An error elsewhere in the pack should not blank the painter: the last pack of this project
    // that prepared still knows every kind and layer the level is likely to use.
    const pack = this.#checked?.pack ?? this.#lastGoodPack;
    const assets = { packFiles: this.#assets.paths, collections: [] };
    if (kind !== "stroke") {
      this.#title.textContent = this.#editor.title;
      this.#renderLevels();
      this.#forms.refresh();
      if (!this.#packPane.element.hidden) this.#packPane.refresh();
      this.#json.update(this.#editor.files, this.#editor.levelPath);
      if (this.#shownLevelPath !== this.#editor.levelPath) {
        this.#shownLevelPath = this.#editor.levelPath;
        this.#json.show(this.#editor.levelPath);
      }
      if (game) this.#showPalette(game, pack);
      this.#showTargetBanner();
    }
    if (!pack || !level) {
      if (this.#checked)
        this.#painter.clear(
          level
            ? "The painter draws this level once the pack has no errors (see Problems below)."
            : "This level's file does not parse (see Problems below).",
        );
      return;
    }
    const drawn = levelScene(pack, level, assets);
    if (drawn.scene) {
      this.#painter.setScene(drawn.scene, this.#hidden);
      if (this.#drawError) this.#say("");
      this.#drawError = false;
      // The cell under the pointer may have changed under it: say what it holds now.
      this.#showHover(this.#painter.hover);
    } else {
      this.#drawError = true;
      this.#say(`This level cannot be drawn yet: ${drawn.error}`);
    }
  }

  /** Says, while a goal's target is painted, that the painter shows the target and not the board. */
  #showTargetBanner(): void {
    const target = this.#editor.paintingTarget;
    this.#targetBanner.hidden = target === null;
    this.#painter.element.classList.toggle("painting-target", target !== null);
    if (!target) return;
    this.#targetBanner.replaceChildren(
      h("span", {
        text: `Painting the target of goal "${target.id}": what these layers must look like to win (other layers as on the board).`,
      }),
      pushButton("Done", () => this.#editor.paintTarget(null)),
    );
  }

  #showPalette(game: GameDefinition, pack: Pack | null): void {
    const ctx = pack ? createViewContext(pack, { packFiles: this.#assets.paths, collections: [] }) : null;
    const appearance = (kind: string) => {
      try {
        return ctx ? appearanceOf(ctx, kind, null) : null;
      } catch {
        return null;
      }
    };
    this.#palette.show(game, appearance, this.#hidden, this.#editor.brush.kind);
  }

  /** Asks for the pack to be validated (in a worker); `#checked_` takes the answer. */
  #fullCheck(): void {
    this.#settle = null;
    const files = this.#editor.files;
    if (files === this.#checkedFiles) {
      // The same pack, maybe another level: judge and play that one (the findings stand).
      if (this.#checked && this.#checkedResultFiles === files && this.#judgedPath !== this.#editor.levelPath)
        this.#checked_(files, this.#checked);
      this.#markBusy();
      return;
    }
    this.#checkedFiles = files;
    this.#assets.update(files);
    void this.#menu.autosave();
    this.#checks.check(files);
    this.#markBusy();
  }

  /** Updates everything that follows the validator: findings, the painter, the verdict, the player. */
  #checked_(files: PackFiles, checked: CheckedPack): void {
    this.#checked = checked;
    if (checked.pack) this.#lastGoodPack = checked.pack;
    this.#checkedResultFiles = files;
    this.#diagnostics.show(checked.diagnostics);
    this.#json.setDiagnostics(checked.diagnostics);
    const levelPath = this.#editor.levelPath;
    const level = this.#editor.level;
    this.#painter.setMarks(
      level && levelPath ? cellsOfDiagnostics(checked.diagnostics, levelPath, level) : [],
    );
    this.#redraw();
    // A newer check is on its way: searching and playing this state would be wasted.
    if (files !== this.#editor.files) {
      this.#markBusy();
      return;
    }
    const id = level?.id;
    this.#judgedPath = levelPath;
    this.#analysisPane.levelChanged();
    if (!checked.valid || !id || !checked.pack?.levels[id]) {
      this.#verdicts.cancel();
      this.#verdictPane.show({
        level: id ?? "",
        verdict: invalidVerdict(errorsOf(checked.diagnostics).length),
        result: null,
      });
      this.#play.clear("The level plays once the pack has no errors.");
      this.#markBusy();
      return;
    }
    this.#verdicts.request(checked.valid, id);
    this.#play.show(checked.valid, this.#assets.paths, id);
    this.#markBusy();
  }

  /** The level the Analysis tab works on: the edited one, once the pack it belongs to has no errors. */
  #analysisTarget(): { files: PackFiles; level: string; levelText: string } | null {
    const checked = this.#checked;
    const id = this.#editor.level?.id;
    const files = this.#editor.files;
    const text = files[this.#editor.levelPath];
    if (!checked?.valid || this.#checkedResultFiles !== files || !id || typeof text !== "string") return null;
    return { files, level: id, levelText: text };
  }

  #playSolution(actions: readonly ActionInput[]): void {
    const checked = this.#checked;
    const id = this.#editor.level?.id;
    if (!checked?.valid || !id) return;
    this.#play.show(checked.valid, this.#assets.paths, id);
    void (async () => {
      for (const action of actions) if (!(await this.#play.player?.act(action))) break;
    })();
  }

  #renderLevels(): void {
    const current = this.#editor.levelPath;
    const entries = this.#editor.levelList();
    this.#levels.replaceChildren(
      h("h2", { text: "Levels" }),
      h(
        "ol",
        {},
        entries.map(({ path, id, title }) => {
          const b = pushButton(title || id, () => this.#editor.selectLevel(path), {
            attrs: { "aria-current": String(path === current), title: `${id} (${path})` },
          });
          return h("li", {}, [b]);
        }),
      ),
      pushButton("Add level", () => this.#editor.addLevel(), { class: "add-level" }),
    );
  }

  #showHover(cell: CellXY | null): void {
    if (!cell) return;
    const what = this.#editor.describeCell(cell);
    this.#say(`(${cell[0]}, ${cell[1]})${what ? `: ${what}` : ""}`);
  }

  /** Shows a finding where it is: its level selected and its cell marked. */
  #reveal(d: Diagnostic): void {
    if (d.file.startsWith("levels/")) this.#editor.selectLevel(d.file);
    if (d.line !== undefined) {
      this.#showTab("json");
      this.#json.reveal(d.file, d.line);
    }
    this.#say(`${d.file}${d.line ? ` line ${d.line}` : ""}: ${d.message}`);
  }

  #say(text: string): void {
    this.#status.textContent = text;
  }

  #onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable], .cm-editor, .play-pane")) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === "z") {
      e.preventDefault();
      if (e.shiftKey) this.#editor.redo();
      else this.#editor.undo();
      return;
    }
    if (mod && e.key.toLowerCase() === "y") {
      e.preventDefault();
      this.#editor.redo();
      return;
    }
    if (mod || e.altKey) return;
    if (e.key === "?") {
      this.#help.toggle();
      return;
    }
    const tool = TOOLS.find((t) => shortcutFor(t.tool) === e.key.toUpperCase());
    if (tool) this.#setTool(tool.tool);
  }
}

/** Mounts the studio into `root`. */
export interface StudioOptions {
  /** A validation worker the page started before this module loaded. */
  readonly checkWorker?: Worker;
}

export async function startStudio(root: HTMLElement, options: StudioOptions = {}): Promise<Studio> {
  const studio = new Studio(root, options);
  (globalThis as { gridponderStudio?: Studio }).gridponderStudio = studio;
  await studio.start();
  return studio;
}
