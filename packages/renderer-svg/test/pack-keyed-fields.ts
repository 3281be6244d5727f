// The table of keyed fields and the check each row gets (pack-keys.test.ts says why).
import { join } from "node:path";
import { loadPack, stableStringify } from "@gridponder/engine";
import { CORPUS_PACKS, catalogFor, OWN_PACKS } from "@gridponder/test-corpus";
import { colorFromName, humanize, sceneText, ViewController } from "@gridponder/view";
import { expect } from "vitest";
import { sceneToSvg } from "../src/index.js";
import { edited, type Files, levelPaths, put, readPackFiles, renamed, type Tree } from "./pack-variants.js";

/** Names every object inherits: lookups by pack data must never find these on the prototype. */
const PROTOTYPE_NAMES = ["constructor", "toString", "hasOwnProperty", "valueOf"] as const;
/** The one name no pack may use: assigning it to a plain object changes the object's prototype. */
const RESERVED = "__proto__";
/**
 * The plain name a variant is compared with: the name with its last letter moved on by one, so that it
 * sorts where the name sorts and is as long (`constructor` → `constructos`).
 */
function plainTwin(name: string): string {
  return name.slice(0, -1) + String.fromCharCode(name.charCodeAt(name.length - 1) + 1);
}

export interface Row {
  /** The keyed fields of the DSL this row puts the name into (schema definition paths, see below). */
  readonly fields: readonly string[];
  readonly pack: string;
  /** Renames this name everywhere it is used as a name… */
  readonly rename?: string;
  /** Edits made to the pack before the rename (to give the name a use the shipped pack lacks). */
  readonly before?: Record<string, (tree: Tree) => void>;
  /** …or edits the pack's JSON files to use `name`. */
  readonly edit?: (name: string) => Record<string, (tree: Tree) => void>;
  /**
   * `__proto__` is refused wherever it is a key or a whole string. A row that only names it inside a
   * token (`@param:__proto__`) refers to nothing a pack can define: such a pack is valid and must play
   * as its plain twin does.
   */
  readonly reservedAccepted?: true;
  /** The pack is invalid whatever the name: the variants must be refused alike. */
  readonly invalid?: true;
}

/** Gives every `effect` of the game's rules the param `name` (the entity it makes then has it). */
const paramOfRuleEffects = (effect: "spawn" | "set_cell", name: string) => (game: Tree) => {
  for (const rule of game.rules as { then: Tree[] }[])
    for (const step of rule.then) if (step[effect]) put(step[effect] as object, name, 1);
};

const systemOf = (tree: Tree, type: string) => {
  const found = (tree.systems as Tree[]).find((system) => system.type === type);
  if (!found) throw new Error(`no ${type} system`);
  return found.config as Tree;
};

const kind = (tree: Tree, name: string) =>
  (tree.entityKinds as Record<string, Record<string, unknown>>)[name];

export const ROWS: Record<string, Row> = {
  "level id (file name, levelSequence ref)": { pack: "crate-keep", rename: "ck03_from_above", fields: [] },
  "layer id": { pack: "crate-keep", rename: "waymarks", fields: ["Board.layers"] },
  "layer id as a board_match target": {
    pack: "foundry-numbers",
    rename: "objects",
    fields: ["BoardMatchGoal.config.targetLayers"],
  },
  "entity kind and palette colour name": {
    pack: "crate-keep",
    rename: "buttress",
    fields: ["GameDefinition.entityKinds", "Theme.palette"],
  },
  "kind, action, system id with level overrides, palette colour": {
    pack: "crate-keep",
    rename: "waystone",
    fields: ["LevelDefinition.systemOverrides"],
  },
  "kind in a claim map, flank pairs and direction transforms": {
    pack: "meadow-claims",
    rename: "ewe",
    fields: ["ActorClaim.map", "FlankCaptureConfig.pairs"],
  },
  "kind in direction transforms and level budget overrides": {
    pack: "meadow-claims",
    rename: "goat",
    fields: ["CoupledActorsConfig.directionTransforms"],
  },
  "kind in a flood fill's kind transform and theme entity colours": {
    pack: "flood_colors",
    rename: "cell_blue",
    fields: ["FloodFillConfig.kindTransform", "Theme.entityColors"],
  },
  "kind in move budgets": {
    pack: "fx_individual_actors",
    rename: "red",
    fields: ["IndividualActorsConfig.budgets"],
  },
  "kind in a balance goal's connection sources": {
    pack: "fx_individual_actors",
    rename: "terr_red",
    fields: ["BalanceGoal.config.connectionSources"],
  },
  "kind in a support collapse's settle transform": {
    pack: "fx_support_collapse",
    rename: "pod",
    fields: ["SupportCollapseConfig.settleTransform"],
  },
  "entity param (declared, in cells, sprite placeholder, display label)": {
    pack: "crate-keep",
    rename: "sides",
    fields: ["EntityKind.params", "EntityWithParams", "SparseEntry"],
  },
  "portal channel value": { pack: "carrot_quest", rename: "alpha", fields: [] },
  "kind animation name": { pack: "carrot_quest", rename: "burning", fields: ["EntityKind.animations"] },
  "action id": { pack: "crate-keep", rename: "knock", fields: [] },
  "action params (declared, in gold paths, fixed by a binding, mapped from gestures)": {
    pack: "crate-keep",
    edit: (name) => {
      const level = (tree: Tree) => {
        const solution = tree.solution as { goldPath: unknown[] };
        solution.goldPath = solution.goldPath.map((step) => {
          if (step === "waystone") {
            const full = { action: "waystone" };
            put(full, name, "up_left");
            return full;
          }
          const action = step as Tree;
          if (action.action === "knock") put(action, name, action.position);
          return action;
        });
      };
      const directions = ["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"];
      const mapped = (gesture: string) => {
        const paramMapping = {};
        put(paramMapping, name, "swipe_direction");
        return { gesture, action: "waystone", paramMapping };
      };
      const edits: Record<string, (tree: Tree) => void> = {
        "game.json": (game) => {
          for (const action of game.actions as Tree[]) {
            if (action.id === "waystone") {
              action.params = {};
              put(action.params as object, name, { type: "direction", values: directions });
            }
            if (action.id === "knock") put(action.params as object, name, { type: "position" });
          }
        },
        "theme.json": (theme) => {
          const controls = theme.controls as { gestureMap: Tree[] };
          for (const binding of controls.gestureMap) {
            if (binding.action === "waystone") {
              binding.params = {};
              put(binding.params as object, name, "up_left");
            }
            if (binding.action === "knock") put(binding.paramMapping as object, name, "tap_position");
          }
          controls.gestureMap.push(mapped("swipe_cardinal") as never, mapped("swipe_diagonal") as never);
        },
      };
      for (const path of levelPaths(filesOf("crate-keep"))) edits[path] = level;
      return edits;
    },
    fields: [
      "ActionDefinition.params",
      "StaticActionParams",
      "GoldPathAction",
      "TapCellBinding.paramMapping",
      "SwipeCardinalBinding.paramMapping",
      "SwipeDiagonalBinding.paramMapping",
    ],
  },
  "region operation name": {
    pack: "prism-tiles",
    rename: "turn",
    fields: ["RegionTransformConfig.operations"],
  },
  "system id": { pack: "meadow-claims", rename: "crook", fields: [] },
  tag: { pack: "crate-keep", rename: "knockable", fields: [] },
  "level variable": { pack: "signal-yard", rename: "woken", fields: ["LevelState.variables"] },
  "level variable read by a lose condition": { pack: "wisp-hollow", rename: "caught", fields: [] },
  "goal id with its description": {
    pack: "crate-keep",
    rename: "seal",
    fields: ["GameDefinition.goalDescriptions"],
  },
  "multi-cell object id (an emitter)": { pack: "number_cells", rename: "pipe_1", fields: [] },
  "multi-cell object id (a sliding block)": { pack: "fx_sliding_blocks", rename: "hero", fields: [] },
  "rule id": { pack: "wisp-hollow", rename: "plate_opens_gates", fields: [] },
  "kind in a flank capture's terminal kinds": {
    pack: "meadow-claims",
    rename: "ewe",
    before: {
      "game.json": (game) => {
        systemOf(game, "flank_capture").terminalKinds = { ewe: [] };
      },
    },
    fields: ["FlankCaptureConfig.terminalKinds"],
  },
  "kind in reactive kinds": {
    pack: "fx_individual_actors",
    rename: "terr_blue",
    // A territory kind never stands on the actor layer, so the entry changes nothing but its name.
    before: {
      "game.json": (game) => {
        systemOf(game, "individual_actors").reactiveKinds = { terr_blue: "invert" };
      },
    },
    fields: ["IndividualActorsConfig.reactiveKinds"],
  },
  "tag in a support collapse's deflections": {
    pack: "crate-keep",
    rename: "deflector",
    // The stairs are never in a sliding piece's way, so the deflection changes nothing but its name.
    before: {
      "game.json": (game) => {
        (kind(game, "stair") as { tags: string[] }).tags.push("deflector");
        systemOf(game, "support_collapse").deflect = { deflector: "left" };
      },
    },
    fields: ["SupportCollapseConfig.deflect"],
  },
  "param of a multi-cell object": {
    pack: "number_cells",
    edit: (name) => {
      const edits: Record<string, (tree: Tree) => void> = {};
      for (const path of levelPaths(filesOf("number_cells")))
        edits[path] = (level) => {
          for (const object of (level.board as { multiCellObjects?: Tree[] }).multiCellObjects ?? [])
            put(object.params as object, name, 1);
        };
      return edits;
    },
    fields: ["MultiCellObject.params"],
  },
  "param of an entity a rule spawns": {
    pack: "crate-keep",
    edit: (name) => ({ "game.json": paramOfRuleEffects("spawn", name) }),
    fields: ["SpawnParams"],
  },
  "param of an entity a rule sets": {
    pack: "crate-keep",
    edit: (name) => ({ "game.json": paramOfRuleEffects("set_cell", name) }),
    fields: ["SetCellParams"],
  },
  "key of an effect without params": {
    pack: "wisp-hollow",
    invalid: true,
    edit: (name) => ({
      "game.json": (game) => {
        const noParams = {};
        put(noParams, name, 1);
        // Built from text: a literal object with a `then` key trips the thenable lint.
        const rule = JSON.parse('{"id":"never","on":"goal_completed","then":[{"clear_inventory":{}}]}');
        rule.then[0].clear_inventory = noParams;
        game.rules = [...((game.rules ?? []) as Tree[]), rule] as never;
      },
    }),
    fields: ["NoParams"],
  },
  "key of a board-state lose condition": {
    pack: "wisp-hollow",
    edit: (name) => ({
      "levels/wh01_chase.json": (level) => {
        const config = {};
        put(config, name, 1);
        level.loseConditions = [{ type: "board_state", config }] as never;
      },
    }),
    fields: ["BoardStateLose.config"],
  },
  "display colour naming no colour": {
    pack: "crate-keep",
    edit: (name) => ({
      "game.json": (game) => {
        for (const k of ["flagstone", "prop"]) (kind(game, k)?.display as Tree).color = name;
        for (const action of game.actions as Tree[]) if (action.color !== undefined) action.color = name;
        (kind(game, "wall") as Tree).render = { tint: name };
      },
    }),
    fields: [],
  },
  "display label and colour from a param the entity lacks": {
    pack: "crate-keep",
    edit: (name) => ({
      "game.json": (game) => {
        const crate = kind(game, "crate") as Tree;
        crate.display = { type: "label", color: `@param:${name}`, label: `@param:${name}` };
        (kind(game, "stair") as Tree).display = {
          type: "label",
          color: "lamp",
          label: `@hue:@param:${name}`,
        };
      },
    }),
    fields: [],
    reservedAccepted: true,
  },
  "undeclared entity param holding an object": {
    pack: "foundry-numbers",
    edit: (name) => ({
      "levels/fn01_first_fuse.json": (level) => {
        const objects = (level.board as { layers: Record<string, unknown> }).layers.objects;
        const rows = Array.isArray(objects) ? (objects as unknown[][]) : [];
        for (const row of rows)
          row.forEach((cell, x) => {
            const value = {};
            put(value, name, [1]);
            if (cell !== null && typeof cell === "object") put(cell, name, value);
            else if (typeof cell === "string") {
              const withParam = { kind: cell };
              put(withParam, name, value);
              row[x] = withParam;
            }
          });
      },
    }),
    fields: ["JsonValue"],
  },
  "theme effect by event type": {
    pack: "crate-keep",
    edit: (name) => ({
      "theme.json": (theme) => {
        theme.effects = {};
        put(theme.effects as object, name, { sheet: "assets/cover.svg", frames: 2 });
      },
    }),
    fields: ["Theme.effects"],
  },
  "avatar sprite state": {
    pack: "crate-keep",
    edit: (name) => ({
      "theme.json": (theme) => {
        const sprites = { idle: { down: "assets/cover.svg", left: { mirror: "right" } } };
        put(sprites, name, { up: "assets/cover.svg" });
        (theme.avatar as Tree).sprites = sprites as never;
      },
    }),
    fields: ["AvatarSpriteMap"],
  },
  "system override of an unknown config field": {
    pack: "crate-keep",
    edit: (name) => ({
      "levels/ck04_sealed_in.json": (level) => {
        level.systemOverrides = { collapse: {} };
        put((level.systemOverrides as Tree).collapse as object, name, 3);
      },
    }),
    fields: ["LevelDefinition.systemOverrides.*"],
  },
  "unknown top-level fields": {
    pack: "crate-keep",
    edit: (name) => {
      const add = (tree: Tree) => put(tree, name, { ui: { showGoal: false } });
      return {
        "manifest.json": add,
        "game.json": add,
        "theme.json": add,
        "levels/ck01_shoulder_to_it.json": add,
      };
    },
    fields: [],
  },
};

function packDir(name: string): string {
  return name.includes("-") ? join(OWN_PACKS, name) : join(CORPUS_PACKS, name);
}

const packFiles = new Map<string, Files>();
function filesOf(name: string): Files {
  let files = packFiles.get(name);
  if (!files) {
    files = readPackFiles(packDir(name));
    packFiles.set(name, files);
  }
  return files;
}

function variant(row: Row, name: string): Files {
  const shipped = filesOf(row.pack);
  const files = row.before ? edited(shipped, row.before) : shipped;
  if (row.rename !== undefined) return renamed(files, row.rename, name);
  if (row.edit) return edited(files, row.edit(name));
  throw new Error("a row renames or edits");
}

/**
 * Everything observable of a pack: its diagnostics (file, pointer, code), and for each level the
 * start, the HUD and input model, each gold-path turn with its timeline, the end, as text, with `name`
 * written as `⟨name⟩` so variants compare equal when they differ only by the name.
 */
function observe(files: Files, dir: string, name: string): string[] {
  const result = loadPack(files);
  const lines = result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.pointer}`);
  lines.push(`ok ${result.ok}`);
  if (result.ok) {
    const pack = result.pack;
    const assets = catalogFor(dir, pack);
    for (const id of pack.levelOrder) {
      const view = new ViewController(pack, id, { assets, reducedMotion: false });
      const { session } = view;
      const svg = () => sceneToSvg(view.scene, { title: id });
      lines.push(`level ${id}`, svg(), stableStringify(view.hud()), stableStringify(view.input));
      lines.push(sceneText(view.ctx, view.scene, { legend: true }));
      for (const step of pack.levels[id]?.solution.goldPath ?? []) {
        const { result: turn, timeline } = view.act(step);
        // The timeline's scenes are drawn as SVG below; its tracks and effects are what it adds.
        const motion = timeline && { tracks: timeline.tracks.map((t) => t.keys), effects: timeline.effects };
        lines.push(`${turn.accepted} ${stableStringify(turn.events)} ${stableStringify(motion)}`);
      }
      lines.push(`won ${session.won}`, stableStringify(session.canonicalState()), svg());
      lines.push(stableStringify(view.hud()));
    }
  }
  // The HUD labels variables by their names in words (`toString` → `To string`); a kind without a
  // colour of its own is drawn in one derived from its name.
  const words = humanize(name);
  const colour = colorFromName(name);
  return lines.map((line) =>
    line
      .replaceAll(name, "⟨name⟩")
      .replaceAll(words, "⟨Name⟩")
      .replaceAll(words.toLowerCase(), "⟨name⟩")
      .replaceAll(colour, "⟨colour of the name⟩"),
  );
}

/** Where two observations first differ, around the first differing character; `null` when equal. */
function firstDifference(actual: readonly string[], expected: readonly string[]): string | null {
  const n = Math.max(actual.length, expected.length);
  for (let i = 0; i < n; i++) {
    const a = actual[i] ?? "<none>";
    const e = expected[i] ?? "<none>";
    if (a === e) continue;
    let at = 0;
    while (a[at] === e[at]) at++;
    const around = (s: string) => s.slice(Math.max(0, at - 200), at + 200);
    return `line ${i}, character ${at}:\n  got      ${around(a)}\n  expected ${around(e)}`;
  }
  return null;
}

/** Whether a row's pack is one of this repository's (else the conformance corpus's). */
export function isOwnPack(row: Row): boolean {
  return row.pack.includes("-");
}

/** A row's check: each prototype name plays as a plain name does, and `__proto__` is refused where it is. */
export function expectRowHolds(row: Row): void {
  const dir = packDir(row.pack);
  const accepted = row.reservedAccepted ? [RESERVED] : [];
  for (const name of [...PROTOTYPE_NAMES, ...accepted]) {
    const twin = plainTwin(name);
    const reference = observe(variant(row, twin), dir, twin);
    // The reference is a real game: valid, and every gold path wins (or refused, when meant to be).
    expect(reference, twin).toContain(row.invalid ? "ok false" : "ok true");
    expect(
      reference.filter((l) => l.startsWith("won ")).every((l) => l === "won true"),
      twin,
    ).toBe(true);
    expect(firstDifference(observe(variant(row, name), dir, name), reference), name).toBeNull();
  }
  if (row.reservedAccepted) return;

  const refused = loadPack(variant(row, RESERVED));
  expect(refused.ok).toBe(false);
  const reserved = refused.diagnostics.filter((d) => d.code === "reserved-name");
  expect(reserved.length).toBeGreaterThan(0);
  for (const d of reserved) {
    expect(d.severity).toBe("error");
    expect(d.line, `${d.file}:${d.pointer}`).toBeGreaterThan(0);
    expect(d.message).toContain(RESERVED);
  }
}
