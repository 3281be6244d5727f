/**
 * The side forms: the brush's parameters (a portal's channel, a number's value), the level's title,
 * board size, avatar facing and description, and the gold path's hint stops. Each change is one
 * undoable edit through the editor.
 * @module
 */
import type { Direction, GameDefinition, JsonValue, LevelDefinition } from "@gridponder/schema";
import { resizeBoard } from "../model/level-edits.js";
import { h, pushButton } from "./dom.js";
import type { Editor } from "./editor.js";

const FACINGS: readonly Direction[] = ["up", "down", "left", "right"];

interface ParamDef {
  readonly type?: string;
  readonly values?: readonly string[];
  readonly required?: boolean;
}

function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "form-field" }, [h("span", { text: label }), control]);
}

function input(value: string, attrs: Record<string, string> = {}): HTMLInputElement {
  const node = h("input", { attrs: { type: "text", ...attrs } });
  node.value = value;
  return node;
}

function select(values: readonly string[], current: string, label: string): HTMLSelectElement {
  const node = h(
    "select",
    { attrs: { "aria-label": label } },
    values.map((v) => h("option", { text: v, attrs: { value: v } })),
  );
  node.value = current;
  return node;
}

export class LevelForms {
  readonly element: HTMLElement;

  constructor(private readonly editor: Editor) {
    this.element = h("section", { class: "forms", attrs: { "aria-label": "Brush and level" } });
  }

  /** Rebuilds the forms from the editor's current level, game and brush. */
  refresh(): void {
    const game = this.editor.game;
    const level = this.editor.level;
    this.element.replaceChildren(
      ...(game ? [this.#brushForm(game)] : []),
      ...(game && level ? [this.#levelForm(level), this.#hintForm(level)] : []),
    );
  }

  #brushForm(game: GameDefinition): HTMLElement {
    const brush = this.editor.brush;
    const def = Object.hasOwn(game.entityKinds, brush.kind) ? game.entityKinds[brush.kind] : undefined;
    const params = (def?.params ?? {}) as Record<string, ParamDef>;
    const names = Object.keys(params);
    const controls = names.map((name) => {
      const spec = params[name] ?? {};
      const current = brush.params?.[name];
      const text = current === undefined || current === null ? "" : String(current);
      const control =
        spec.values && spec.values.length > 0
          ? select(["", ...spec.values], text, `Brush ${name}`)
          : input(text, {
              "aria-label": `Brush ${name}`,
              inputmode: spec.type === "integer" ? "numeric" : "text",
            });
      control.addEventListener("change", () => {
        const raw = control.value.trim();
        const value: JsonValue | undefined =
          raw === "" ? undefined : spec.type === "integer" && /^-?\d+$/.test(raw) ? Number(raw) : raw;
        const next: Record<string, JsonValue> = Object.create(null);
        for (const [k, v] of Object.entries(brush.params ?? {})) if (k !== name) next[k] = v;
        if (value !== undefined) next[name] = value;
        this.editor.setBrush({ kind: brush.kind, ...(Object.keys(next).length > 0 ? { params: next } : {}) });
      });
      return field(`${name}${spec.required ? " (required)" : ""}`, control);
    });
    return h("fieldset", { class: "brush-form" }, [
      h("legend", { text: `Brush: ${def?.uiName ?? brush.kind ?? "none"}` }),
      ...(controls.length > 0
        ? controls
        : [h("p", { class: "muted", text: "This kind has no parameters." })]),
    ]);
  }

  #levelForm(level: LevelDefinition): HTMLElement {
    const [width, height] = level.board.size;
    const title = input(level.title ?? "", { "aria-label": "Level title" });
    title.addEventListener("change", () =>
      this.editor.setJson(this.editor.levelPath, { ...level, title: title.value }, "rename the level"),
    );
    const w = input(String(width), { type: "number", min: "1", max: "256", "aria-label": "Board width" });
    const hgt = input(String(height), { type: "number", min: "1", max: "256", "aria-label": "Board height" });
    const resize = pushButton("Resize", () => {
      const nw = Number(w.value);
      const nh = Number(hgt.value);
      if (!Number.isInteger(nw) || !Number.isInteger(nh)) return;
      this.editor.editLevel((l, g) => resizeBoard(l, g, nw, nh, { dx: 0, dy: 0 }), `resize to ${nw}×${nh}`);
    });
    const facing = select(FACINGS, level.state?.avatar?.facing ?? "down", "Avatar facing");
    facing.addEventListener("change", () => {
      const avatar = { ...(level.state?.avatar ?? {}), facing: facing.value as Direction };
      this.editor.setJson(
        this.editor.levelPath,
        { ...level, state: { ...level.state, avatar } },
        "turn the avatar",
      );
    });
    const description = h("textarea", { attrs: { rows: "3", "aria-label": "Level description" } });
    description.value = level.metadata?.description ?? "";
    description.addEventListener("change", () =>
      this.editor.setJson(
        this.editor.levelPath,
        { ...level, metadata: { ...level.metadata, description: description.value } },
        "describe the level",
      ),
    );
    return h("fieldset", { class: "level-form" }, [
      h("legend", { text: `Level ${level.id}` }),
      field("Title", title),
      h("div", { class: "form-row" }, [field("Width", w), field("Height", hgt), resize]),
      field("Avatar facing", facing),
      field("Description", description),
    ]);
  }

  /** The gold path's steps, each a toggle: a hint stop after that step. */
  #hintForm(level: LevelDefinition): HTMLElement {
    const gold = level.solution?.goldPath ?? [];
    const stops = new Set(level.solution?.hintStops ?? []);
    const steps = gold.map((step, i) => {
      const at = i + 1;
      const word =
        typeof step === "string" ? step : String((step as { direction?: string }).direction ?? step.action);
      const b = pushButton(
        `${at}. ${word}`,
        () => {
          const next = new Set(stops);
          if (next.has(at)) next.delete(at);
          else next.add(at);
          const hintStops = [...next].filter((s) => s < gold.length).sort((a, b) => a - b);
          this.editor.setJson(
            this.editor.levelPath,
            { ...level, solution: { ...level.solution, hintStops } },
            stops.has(at) ? "remove a hint stop" : "add a hint stop",
          );
        },
        { class: "gold-step", attrs: { "aria-pressed": String(stops.has(at)) } },
      );
      // A stop after the last move would hint nothing: the level is won there.
      b.disabled = at >= gold.length;
      return b;
    });
    return h("fieldset", { class: "hint-form" }, [
      h("legend", { text: `Gold path: ${gold.length} ${gold.length === 1 ? "move" : "moves"}` }),
      gold.length === 0
        ? h("p", { class: "muted", text: "Record one in the player: Record gold path, play, Keep." })
        : h("p", { class: "muted", text: "Choose the steps after which a hint stops." }),
      h("div", { class: "gold-steps" }, steps),
    ]);
  }
}
