import {
  gameSchema,
  type JsonValue,
  levelSchema,
  manifestSchema,
  type PackFiles,
  validatePack,
} from "@gridponder/schema";
import { namesFromFolder, starterFiles } from "@gridponder/templates";
import { describe, expect, it } from "vitest";
import { packNames } from "../src/model/pack-names.js";
import {
  addEntityKind,
  createProject,
  editJsonFields,
  editJsonText,
  kindUses,
  readText,
  removeEntityKind,
  toPackFiles,
} from "../src/model/pack-project.js";
import {
  controlOf,
  definition,
  fieldsOf,
  referencesTo,
  resolveSchema,
  skeletonOf,
  variantsOf,
} from "../src/model/schema-fields.js";

const starter = () => starterFiles(namesFromFolder("schema forms"), "studio");
const levelPath = (files: Record<string, string>) =>
  Object.keys(files).find((p) => p.startsWith("levels/")) as string;

function field(defName: string, name: string, root = levelSchema) {
  const found = fieldsOf(definition(root, defName), root).find((f) => f.name === name);
  if (!found) throw new Error(`${defName} has no field ${name}`);
  return found;
}

describe("forms from the schemas", () => {
  it("lists every goal and lose-condition type the schema declares, in its order", () => {
    for (const name of ["Goal", "LoseCondition"]) {
      const union = definition(levelSchema, name);
      const declared = ((union.properties as { type: { enum: string[] } }).type.enum as string[]).slice();
      expect(variantsOf(union, levelSchema).map((v) => v.tag)).toEqual(declared);
      for (const v of variantsOf(union, levelSchema)) expect(v.description.length).toBeGreaterThan(10);
    }
  });

  it("chooses a control by the property's schema", () => {
    expect(field("ReachTargetGoal", "config").control).toBe("object");
    const config = fieldsOf(field("ReachTargetGoal", "config").schema, levelSchema);
    expect(config.map((f) => [f.name, f.control, f.refersTo])).toEqual([
      ["targetKind", "text", "kind"],
      ["targetTag", "text", "tag"],
    ]);
    expect(field("LevelMetadata", "difficulty")).toMatchObject({ control: "integer", minimum: 0 });
    expect(field("LevelMetadata", "description").control).toBe("longtext");
    expect(field("LevelMetadata", "tags")).toMatchObject({ control: "list", itemsNumeric: false });
    expect(field("Manifest", "website", manifestSchema).control).toBe("text");
    expect(field("Manifest", "tags", manifestSchema).control).toBe("list");
    expect(field("EntityKind", "layer", gameSchema)).toMatchObject({ control: "text", refersTo: "layer" });
    expect(field("EntityKind", "params", gameSchema).control).toBe("json");
    const boardMatch = fieldsOf(field("BoardMatchGoal", "config").schema, levelSchema);
    expect(boardMatch.find((f) => f.name === "targetLayers")?.control).toBe("json");
    expect(boardMatch.find((f) => f.name === "matchMode")).toMatchObject({
      control: "choice",
      choices: ["exact", "exact_non_null"],
      defaultValue: "exact_non_null",
      required: false,
    });
    const sequence = fieldsOf(field("SequenceMatchGoal", "config").schema, levelSchema);
    expect(sequence.find((f) => f.name === "sequence")).toMatchObject({
      control: "list",
      itemsNumeric: true,
    });
    expect(controlOf({ type: "array", items: { type: "object" } }, levelSchema)).toBe("json");
  });

  it("keeps the description of the use over the definition's when following a reference", () => {
    const id = resolveSchema(
      (definition(levelSchema, "ReachTargetGoal").properties as Record<string, object>).id as never,
      levelSchema,
    );
    expect(id.description).toBe("The goal's id, unique within the level.");
    expect(id.type).toBe("string");
    expect(() => definition(levelSchema, "NoSuchThing")).toThrow(/no definition/);
  });

  it("starts new items from the smallest value with every required property", () => {
    for (const name of ["Goal", "LoseCondition"]) {
      for (const v of variantsOf(definition(levelSchema, name), levelSchema)) {
        const item = skeletonOf(v.schema, levelSchema) as Record<string, JsonValue>;
        expect(item.type).toBe(v.tag);
        for (const required of (v.schema.required as string[]) ?? []) expect(item).toHaveProperty(required);
      }
    }
    // A lose condition made whole from its skeleton validates in a real pack.
    const files = starter();
    const path = levelPath(files);
    const level = JSON.parse(files[path] as string);
    const maxActions = variantsOf(definition(levelSchema, "LoseCondition"), levelSchema).find(
      (v) => v.tag === "max_actions",
    );
    level.loseConditions = [skeletonOf(maxActions?.schema ?? {}, levelSchema)];
    level.loseConditions[0].config.limit = 30;
    files[path] = JSON.stringify(level);
    expect(validatePack(files as PackFiles).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("editJsonFields", () => {
  it("changes only the fields that differ, keeping the rest of the text as written", () => {
    const text = '{\n  "title":   "Old",\n  "author": "A",   "license": "MIT",\n  "tags": ["x"]\n}\n';
    const project = createProject({ "manifest.json": text });
    const before = JSON.parse(text);
    const after = { title: "New <b>", author: "A", license: "MIT" };
    const edited = readText(editJsonFields(project, "manifest.json", [], before, after), "manifest.json");
    expect(JSON.parse(edited as string)).toEqual(after);
    // The title changed in place: the author's spacing after its colon is still there.
    expect(edited).toContain('"title":   "New <b>"');
    const same = editJsonFields(project, "manifest.json", [], before, before);
    expect(readText(same, "manifest.json")).toBe(text);
  });

  it("edits a kind inside game.json without touching the other kinds' text", () => {
    const files = starter();
    const project = createProject(files);
    const game = JSON.parse(files["game.json"] as string);
    const [kind] = Object.keys(game.entityKinds);
    const def = game.entityKinds[kind as string];
    const edited = editJsonFields(project, "game.json", ["entityKinds", kind as string], def, {
      ...def,
      description: "Edited",
    });
    const text = readText(edited, "game.json") as string;
    expect(JSON.parse(text).entityKinds[kind as string].description).toBe("Edited");
    const others = Object.keys(game.entityKinds).filter((k) => k !== kind);
    for (const other of others) expect(JSON.parse(text).entityKinds[other]).toEqual(game.entityKinds[other]);
    expect(validatePack(toPackFiles(edited)).ok).toBe(true);
  });
});

describe("packNames", () => {
  it("gives the pack's kinds, layers, tags, goals and assets; names from pack data are safe keys", () => {
    const files = starter();
    const game = JSON.parse(files["game.json"] as string);
    // As JSON.parse leaves it: an own property named __proto__, not the prototype.
    Object.defineProperty(game.entityKinds, "__proto__", {
      value: { layer: game.layers[0].id, tags: ["odd"], symbol: "%" },
      enumerable: true,
    });
    const level = JSON.parse(files[levelPath(files)] as string);
    const paths = [...Object.keys(files), "assets/a.png"];
    expect(packNames("kind", game, level, paths)).toContain("__proto__");
    expect(packNames("kind", game, level, paths)).toEqual([...packNames("kind", game, level, paths)].sort());
    expect(packNames("layer", game, level, paths)).toEqual(
      [...new Set(game.layers.map((l: { id: string }) => l.id))].sort(),
    );
    expect(packNames("tag", game, level, paths)).toContain("odd");
    expect(packNames("goal", game, level, paths)).toEqual(
      level.goals.map((g: { id: string }) => g.id).sort(),
    );
    expect(packNames("asset", game, level, paths)).toEqual(["assets/a.png"]);
    expect(packNames("nothing", game, level, paths)).toEqual([]);
    expect(packNames("kind", null, null, [])).toEqual([]);
  });
});

describe("kind references", () => {
  const packDir = new URL("../../../packs/lantern-cellar/", import.meta.url);

  it("finds a kind named in rules and goal settings, not in unrelated strings", async () => {
    const { readFileSync } = await import("node:fs");
    const game = JSON.parse(readFileSync(new URL("game.json", packDir), "utf8"));
    // lantern-cellar's crate_sinks rule names crate in a condition and stepping_crate in a transform.
    const crate = referencesTo(game, gameSchema, gameSchema, "kind", "crate");
    expect(crate.some((p) => p.startsWith("/rules/") && p.endsWith("/kind"))).toBe(true);
    const stepping = referencesTo(game, gameSchema, gameSchema, "kind", "stepping_crate");
    expect(stepping.some((p) => p.endsWith("/toKind"))).toBe(true);
    // A rule's id or an event name that happens to equal a kind's name is not a reference to it.
    // (Rules are written as JSON text: a `then` key in an object literal reads as a thenable.)
    const trap = { ...game, rules: JSON.parse('[{ "id": "crate", "on": "avatar_entered", "then": [] }]') };
    expect(referencesTo(trap, gameSchema, gameSchema, "kind", "crate")).toEqual([]);
  });

  it("refuses to remove a kind a rule or a goal still names, saying where", () => {
    const files = starter();
    const level = JSON.parse(files[levelPath(files)] as string);
    const goalKind = level.goals[0].config.targetKind as string;
    const project = createProject(files);
    expect(kindUses(project, goalKind).map((u) => u.where)).toContain(
      "reference at /goals/0/config/targetKind",
    );
    // A kind only a rule names: added, then named by a spawn effect.
    const game = JSON.parse(files["game.json"] as string);
    const layer = game.layers[game.layers.length - 1].id as string;
    let withGem = addEntityKind(project, "gem", { layer, tags: [], symbol: "%" });
    withGem = editJsonText(
      withGem,
      "game.json",
      ["rules"],
      JSON.parse(
        `[{ "id": "gem_appears", "on": "avatar_entered",
            "then": [{ "spawn": { "position": "$event.position", "layer": "${layer}", "kind": "gem" } }] }]`,
      ),
    );
    expect(validatePack(toPackFiles(withGem)).ok).toBe(true);
    expect(() => removeEntityKind(withGem, "gem")).toThrow(/reference at \/rules\/0\/then\/0\/spawn\/kind/);
    const unused = addEntityKind(project, "gem", { layer, tags: [], symbol: "%" });
    expect(readText(removeEntityKind(unused, "gem"), "game.json")).not.toContain('"gem"');
  });
});
