/**
 * The side forms: the brush's parameters (a portal's channel, a number's value), the level's title,
 * board size, avatar facing, guide and metadata, its goals and lose conditions (forms built from the
 * level schema), and the gold path's hint stops. Each change is one undoable edit through the editor.
 * @module
 */
import {
  type Direction,
  type GameDefinition,
  type JsonValue,
  type LevelDefinition,
  levelSchema,
} from "@gridponder/schema";
import { resizeBoard } from "../model/level-edits.js";
import { packNames } from "../model/pack-names.js";
import { definition } from "../model/schema-fields.js";
import { conditionList, freeId } from "./condition-forms.js";
import { FormRebuilder, h, pushButton } from "./dom.js";
import type { Editor } from "./editor.js";
import { type JsonObject, schemaForm } from "./schema-form.js";

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
  readonly #rebuilder: FormRebuilder;

  constructor(private readonly editor: Editor) {
    this.element = h("section", { class: "forms", attrs: { "aria-label": "Brush and level" } });
    this.#rebuilder = new FormRebuilder(this.element, () => this.#build());
  }

  /** Rebuilds the forms from the editor's state, once the current change has settled. */
  refresh(): void {
    this.#rebuilder.request();
  }

  #build(): (Node | null)[] {
    const game = this.editor.game;
    const level = this.editor.level;
    return [
      ...(game ? [this.#brushForm(game)] : []),
      ...(game && level
        ? [
            this.#levelForm(level),
            this.#goalsForm(level, game),
            this.#loseForm(level, game),
            this.#objectsForm(level, game),
            this.#metadataForm(level, game),
            this.#hintForm(level),
          ]
        : []),
    ];
  }

  #namesOf(game: GameDefinition, level: LevelDefinition): (sort: string) => readonly string[] {
    return (sort) => packNames(sort, game, level, Object.keys(this.editor.files));
  }

  #goalsForm(level: LevelDefinition, game: GameDefinition): HTMLElement {
    return conditionList(Array.isArray(level.goals) ? (level.goals as unknown as JsonValue[]) : [], {
      root: levelSchema,
      union: definition(levelSchema, "Goal"),
      title: "Goals (all must hold to win)",
      noun: "goal",
      minItems: 1,
      namesOf: this.#namesOf(game, level),
      newId: (items) => freeId(items, "goal"),
      extra: (item, index) => {
        if (item.type !== "board_match") return null;
        const painting = this.editor.paintingTarget?.index === index;
        return pushButton(
          painting ? "Done painting the target" : "Paint this target",
          () => this.editor.paintTarget(painting ? null : index),
          { class: "paint-target", attrs: { "aria-pressed": String(painting) } },
        );
      },
      changed: (goals, label) =>
        this.editor.setJson(this.editor.levelPath, { ...level, goals: goals as never }, label),
    });
  }

  #loseForm(level: LevelDefinition, game: GameDefinition): HTMLElement {
    const items = Array.isArray(level.loseConditions) ? (level.loseConditions as unknown as JsonValue[]) : [];
    return conditionList(items, {
      root: levelSchema,
      union: definition(levelSchema, "LoseCondition"),
      title: "Lose conditions",
      noun: "lose condition",
      minItems: 0,
      // A move limit starts at the gold path's length: the author's own solution just fits.
      complete: (item) => {
        const moves = level.solution?.goldPath?.length ?? 0;
        const config = item.config;
        return item.type === "max_actions" && moves > 0 && typeof config === "object" && config !== null
          ? { ...item, config: { ...config, limit: moves } }
          : item;
      },
      namesOf: this.#namesOf(game, level),
      changed: (conditions, label) => {
        const { loseConditions: _, ...rest } = level;
        // An emptied list is left out, as authors write levels that cannot be lost.
        const next = conditions.length > 0 ? { ...rest, loseConditions: conditions as never } : rest;
        this.editor.setJson(this.editor.levelPath, next, label);
      },
    });
  }

  /** The level's multi-cell objects: each one's fields, and a way to remove it. */
  #objectsForm(level: LevelDefinition, game: GameDefinition): HTMLElement {
    const objects = level.board.multiCellObjects ?? [];
    const schema = definition(levelSchema, "MultiCellObject");
    const write = (next: typeof objects, label: string) => {
      const { multiCellObjects: _, ...board } = level.board;
      this.editor.setJson(
        this.editor.levelPath,
        { ...level, board: next.length > 0 ? { ...board, multiCellObjects: next } : board },
        label,
      );
    };
    const rows = objects.map((object, index) => {
      const label = `Object ${object.id}`;
      return h("fieldset", { class: "condition" }, [
        h("legend", { text: label }),
        schemaForm(
          schema,
          object as unknown as JsonObject,
          (next) =>
            write(
              objects.map((o, i) => (i === index ? (next as unknown as typeof o) : o)),
              `edit object ${object.id}`,
            ),
          { root: levelSchema, label, namesOf: this.#namesOf(game, level) },
        ),
        pushButton(
          "Remove",
          () =>
            write(
              objects.filter((_, i) => i !== index),
              `remove object ${object.id}`,
            ),
          { class: "remove", attrs: { "aria-label": `Remove object ${object.id}` } },
        ),
      ]);
    });
    return h("fieldset", { class: "condition-list" }, [
      h("legend", { text: `Multi-cell objects (${objects.length})` }),
      ...rows,
      h("p", {
        class: "muted",
        text: "The Object tool (O) places one of the brush's kind over a dragged rectangle; its right button removes them.",
      }),
    ]);
  }

  /** The guide shown while playing, and the metadata for catalogs and other authors. */
  #metadataForm(level: LevelDefinition, game: GameDefinition): HTMLElement {
    const guide = h("textarea", { attrs: { rows: "2", "aria-label": "Level guide" } });
    guide.value = level.guide ?? "";
    guide.addEventListener("change", () => {
      const { guide: _, ...rest } = level;
      this.editor.setJson(
        this.editor.levelPath,
        guide.value === "" ? rest : { ...level, guide: guide.value },
        "edit the guide",
      );
    });
    const metadata = schemaForm(
      definition(levelSchema, "LevelMetadata"),
      (level.metadata ?? {}) as JsonObject,
      (next) => {
        const { metadata: _, ...rest } = level;
        this.editor.setJson(
          this.editor.levelPath,
          Object.keys(next).length > 0 ? { ...rest, metadata: next as never } : rest,
          "edit the level's metadata",
        );
      },
      { root: levelSchema, label: "Level metadata", namesOf: this.#namesOf(game, level) },
    );
    return h("fieldset", { class: "metadata-form" }, [
      h("legend", { text: "Guide and metadata" }),
      field("Guide (shown while playing, when the game shows guides)", guide),
      metadata,
    ]);
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
    const id = input(level.id, { "aria-label": "Level id", spellcheck: "false" });
    id.addEventListener("change", () => this.editor.renameLevel(id.value.trim()));
    const remove = pushButton("Delete level", () => this.editor.deleteLevel(), {
      class: "remove",
      attrs: { title: "Deletes this level's file and its place in the play order (Undo brings it back)" },
    });
    remove.disabled = this.editor.levelList().length <= 1;
    return h("fieldset", { class: "level-form" }, [
      h("legend", { text: `Level ${level.id}` }),
      field("Title", title),
      field("Id (the file's name and the play order's reference)", id),
      h("div", { class: "form-row" }, [field("Width", w), field("Height", hgt), resize]),
      field("Avatar facing", facing),
      remove,
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
