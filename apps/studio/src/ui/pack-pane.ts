/**
 * The pack's own forms: the manifest's details (title, author, descriptions, tags, licence), the
 * game's sequence with its story screens, and the entity kinds (added, edited, removed). Forms follow
 * the generated schemas; each change is one undoable edit that rewrites only the fields it changed,
 * so the rest of `game.json` and `manifest.json` keeps the author's layout.
 * @module
 */
import { gameSchema, type JsonValue, manifestSchema } from "@gridponder/schema";
import { packNames } from "../model/pack-names.js";
import {
  addEntityKind,
  createProject,
  editJsonFields,
  editJsonText,
  gamePath,
  kindUses,
  type PackProject,
  removeEntityKind,
} from "../model/pack-project.js";
import { definition } from "../model/schema-fields.js";
import { FormRebuilder, h, pushButton } from "./dom.js";
import type { Editor } from "./editor.js";
import { type JsonObject, schemaForm } from "./schema-form.js";

/** Manifest fields the form leaves to the JSON editor: the container's plumbing, not the game's story. */
const MANIFEST_PLUMBING = [
  "dslVersion",
  "packVersion",
  "minEngineVersion",
  "gameFile",
  "levelDirectory",
  "assetsDirectory",
  "sharedAssets",
];

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

export class PackPane {
  readonly element: HTMLElement;
  readonly #rebuilder: FormRebuilder;
  /** The kind whose definition is open in the kinds form. */
  #kind = "";

  constructor(private readonly editor: Editor) {
    this.element = h("section", { class: "pack-pane", attrs: { "aria-label": "Pack" } });
    this.#rebuilder = new FormRebuilder(this.element, () => this.#build());
  }

  /** Rebuilds the forms from the editor's state, once the current change has settled. */
  refresh(): void {
    this.#rebuilder.request();
  }

  #build(): (Node | null)[] {
    const manifest = this.editor.json("manifest.json");
    const game = this.editor.game;
    return [
      isObject(manifest)
        ? this.#manifestForm(manifest)
        : h("p", { class: "muted", text: "manifest.json does not parse: fix it in the JSON tab." }),
      ...(game
        ? [this.#sequenceForm(), this.#kindsForm()]
        : [h("p", { class: "muted", text: "game.json does not parse: fix it in the JSON tab." })]),
    ];
  }

  #names = (sort: string): readonly string[] =>
    packNames(sort, this.editor.game, this.editor.level, Object.keys(this.editor.files));

  #manifestForm(manifest: JsonObject): HTMLElement {
    return h("fieldset", { class: "manifest-form" }, [
      h("legend", { text: "Pack details (manifest.json)" }),
      schemaForm(
        definition(manifestSchema, "Manifest"),
        manifest,
        (next) =>
          this.editor.editProject(
            (p) => editJsonFields(p, "manifest.json", [], manifest, next),
            "edit the pack's details",
          ),
        { root: manifestSchema, label: "Pack", omit: MANIFEST_PLUMBING, namesOf: this.#names },
      ),
    ]);
  }

  /** The play order: levels as they come, story screens between them, each movable. */
  #sequenceForm(): HTMLElement {
    const game = this.editor.game;
    const sequence: JsonValue[] = Array.isArray(game?.levelSequence)
      ? (game.levelSequence as unknown as JsonValue[])
      : [];
    const write = (next: JsonValue[], label: string) =>
      this.editor.editProject((p) => editJsonText(p, gamePath(p), ["levelSequence"], next), label);
    const move = (from: number, to: number) => {
      const next = [...sequence];
      const [entry] = next.splice(from, 1);
      if (entry === undefined) return;
      next.splice(to, 0, entry);
      write(next, "reorder the sequence");
    };
    const storySchema = definition(gameSchema, "LevelSequenceStory");
    const rows = sequence.map((entry, index) => {
      const item = isObject(entry) ? entry : {};
      const isStory = item.type === "story";
      const label = isStory ? `Story screen ${index + 1}` : `Level ${String(item.ref ?? "?")}`;
      const up = pushButton("↑", () => move(index, index - 1), {
        attrs: { "aria-label": `Move ${label} earlier`, title: "Earlier" },
      });
      up.disabled = index === 0;
      const down = pushButton("↓", () => move(index, index + 1), {
        attrs: { "aria-label": `Move ${label} later`, title: "Later" },
      });
      down.disabled = index === sequence.length - 1;
      const controls = [up, down];
      if (isStory)
        controls.push(
          pushButton(
            "Remove",
            () =>
              write(
                sequence.filter((_, i) => i !== index),
                "remove a story screen",
              ),
            { class: "remove", attrs: { "aria-label": `Remove ${label}` } },
          ),
        );
      return h("li", { class: isStory ? "sequence-story" : "sequence-level" }, [
        h("div", { class: "form-row" }, [h("span", { class: "sequence-label", text: label }), ...controls]),
        isStory
          ? schemaForm(
              storySchema,
              item,
              (next) =>
                write(
                  sequence.map((e, i) => (i === index ? next : e)),
                  "edit a story screen",
                ),
              { root: gameSchema, label, omit: ["type"], namesOf: this.#names },
            )
          : null,
      ]);
    });
    const add = pushButton("Add a story screen", () =>
      write([...sequence, { type: "story", text: "A new story screen." }], "add a story screen"),
    );
    return h("fieldset", { class: "sequence-form" }, [
      h("legend", { text: "Play order and story screens (game.json)" }),
      h("ol", { class: "sequence" }, rows),
      add,
    ]);
  }

  #kindsForm(): HTMLElement {
    const game = this.editor.game;
    const kinds = game && isObject(game.entityKinds) ? Object.keys(game.entityKinds) : [];
    if (!kinds.includes(this.#kind)) this.#kind = kinds[0] ?? "";
    const chooser = h(
      "select",
      { attrs: { "aria-label": "Entity kind" } },
      kinds.map((k) => h("option", { text: k, attrs: { value: k } })),
    );
    chooser.value = this.#kind;
    chooser.addEventListener("change", () => {
      this.#kind = chooser.value;
      this.refresh();
    });
    const kind = this.#kind;
    const def = game && kind && Object.hasOwn(game.entityKinds, kind) ? game.entityKinds[kind] : undefined;
    const remove = pushButton(
      "Remove kind",
      () => this.editor.editProject((p) => removeEntityKind(p, kind), `remove kind ${kind}`),
      { class: "remove", attrs: { "aria-label": `Remove kind ${kind}` } },
    );
    remove.disabled = !def;
    const uses = def ? this.#uses(kind) : [];
    const form = def
      ? schemaForm(
          definition(gameSchema, "EntityKind"),
          def as unknown as JsonObject,
          (next) =>
            this.editor.editProject(
              (p) => editJsonFields(p, gamePath(p), ["entityKinds", kind], def as never, next),
              `edit kind ${kind}`,
            ),
          {
            root: gameSchema,
            label: `Kind ${kind}`,
            namesOf: this.#names,
            primary: ["layer", "tags", "symbol", "uiName", "description", "params", "sprite"],
          },
        )
      : null;
    return h("fieldset", { class: "kinds-form" }, [
      h("legend", { text: `Entity kinds (${kinds.length})` }),
      h("div", { class: "form-row" }, [chooser, remove]),
      uses.length > 0
        ? h("p", {
            class: "muted",
            text: `Used in ${uses.length >= 20 ? "20 or more places" : `${uses.length} ${uses.length === 1 ? "place" : "places"}`}, e.g. ${uses[0]}; it can be removed once unused.`,
          })
        : def
          ? h("p", { class: "muted", text: "Not used on any board: it can be removed." })
          : null,
      form,
      this.#newKindForm(),
    ]);
  }

  #uses(kind: string): string[] {
    try {
      return kindUses(this.#project(), kind).map((u) => `${u.path}: ${u.where}`);
    } catch {
      return [];
    }
  }

  #project(): PackProject {
    return createProject(this.editor.files);
  }

  /**
   * What has been typed for a new kind so far. The pane is rebuilt whenever the pack changes or a
   * solver verdict arrives; the draft keeps those keystrokes across a rebuild.
   */
  #draft = { name: "", layer: "", symbol: "" };

  /** A new kind: its name, layer and symbol; the rest is filled in the form once it exists. */
  #newKindForm(): HTMLElement {
    const layers = packNames("layer", this.editor.game, null, []);
    const draft = this.#draft;
    const name = h("input", { attrs: { type: "text", "aria-label": "New kind name", placeholder: "name" } });
    name.value = draft.name;
    name.addEventListener("input", () => {
      draft.name = name.value;
    });
    const layer = h(
      "select",
      { attrs: { "aria-label": "New kind layer" } },
      layers.map((l) => h("option", { text: l, attrs: { value: l } })),
    );
    if (layers.includes(draft.layer)) layer.value = draft.layer;
    layer.addEventListener("change", () => {
      draft.layer = layer.value;
    });
    const symbol = h("input", {
      attrs: {
        type: "text",
        "aria-label": "New kind symbol",
        placeholder: "symbol",
        maxlength: "8",
        size: "3",
      },
    });
    symbol.value = draft.symbol;
    symbol.addEventListener("input", () => {
      draft.symbol = symbol.value;
    });
    const add = pushButton("Add kind", () => {
      const kind = name.value.trim();
      this.#kind = kind;
      this.#draft = { name: "", layer: "", symbol: "" };
      this.editor.editProject(
        (p) => addEntityKind(p, kind, { layer: layer.value, tags: [], symbol: symbol.value || "?" }),
        `add kind ${kind}`,
      );
    });
    return h("div", { class: "new-kind" }, [
      h("h3", { text: "New kind" }),
      h("div", { class: "form-row" }, [name, layer, symbol, add]),
    ]);
  }
}
