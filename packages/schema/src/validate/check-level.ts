import type { JsonValue, Position } from "../types/common.js";
import type { EntityKind, ParamDefinition } from "../types/game.js";
import type { Goal, LayerData, LevelDefinition } from "../types/level.js";
import { type GameIndex, own, type ParsedFile, type Reporter } from "./context.js";
import { type CustomType, checkCustomOverride } from "./custom-types.js";
import { pointerOf } from "./diagnostics.js";
import { checkAgainstRef, schemaDocument } from "./schema-check.js";
import { didYouMean, quote } from "./suggest.js";

const DIRECTIONS = new Set(["up", "down", "left", "right", "up_left", "up_right", "down_left", "down_right"]);

function isPosition(v: unknown): v is Position {
  return Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n));
}

/** Whether a param value has the declared type; returns a description of the expected type when it does not. */
export function paramTypeMismatch(def: ParamDefinition, value: unknown): string | undefined {
  switch (def.type) {
    case "string":
      return typeof value === "string" ? undefined : "a string";
    case "integer":
      return Number.isInteger(value) ? undefined : "an integer";
    case "number":
      return typeof value === "number" ? undefined : "a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "a boolean";
    case "position":
      return isPosition(value) ? undefined : "a position [x, y]";
    case "direction":
      return typeof value === "string" && DIRECTIONS.has(value) ? undefined : "a direction";
    case "array":
      return Array.isArray(value) ? undefined : "an array";
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value) ? undefined : "an object";
  }
}

/** Checks an entity's parameters against its kind: required ones present, each of its declared type. */
export function checkEntityParams(
  report: Reporter,
  file: string,
  pointer: string,
  kindName: string,
  kind: EntityKind,
  params: Record<string, JsonValue>,
  options: { allowUndeclared: boolean } = { allowUndeclared: false },
): void {
  const defs = kind.params ?? {};
  // Kinds may leave their params undeclared; then there is nothing to check instances against.
  const allowUndeclared = options.allowUndeclared || kind.params === undefined;
  for (const [name, def] of Object.entries(defs)) {
    if (def.required && !Object.hasOwn(params, name)) {
      report.error(
        file,
        pointer,
        "param-missing",
        `${quote(kindName)} requires the param ${quote(name)} (${def.type})`,
      );
    }
  }
  for (const [name, value] of Object.entries(params)) {
    const def = own(defs, name);
    if (!def) {
      if (allowUndeclared) continue;
      report.warn(
        file,
        pointer + pointerOf(name),
        "param-unknown",
        `${quote(kindName)} declares no param ${quote(name)}`,
      );
      continue;
    }
    const expected = paramTypeMismatch(def, value);
    if (expected) {
      report.error(
        file,
        pointer + pointerOf(name),
        "param-type",
        `param ${quote(name)} of ${quote(kindName)} must be ${expected}, found ${quote(value)}`,
      );
    }
  }
}

interface LayerCheckOptions {
  /** Board-match targets may leave any cell empty, whatever the layer's occupancy. */
  target: boolean;
}

/** Checks one layer's data: its shape against the board size, bounds, occupancy, and each entity's layer and params. */
function checkLayerData(
  report: Reporter,
  file: string,
  pointer: string,
  layerId: string,
  data: LayerData,
  size: [number, number],
  index: GameIndex,
  options: LayerCheckOptions,
): void {
  const layer = index.layers.get(layerId);
  if (!layer) {
    report.error(
      file,
      pointer,
      "unknown-layer",
      `unknown layer ${quote(layerId)}${didYouMean(layerId, index.layers.keys())}`,
    );
    return;
  }
  const [width, height] = size;
  const exactlyOne = layer.occupancy === "exactly_one" && !options.target;

  const checkEntity = (at: string, kindName: string, params: Record<string, JsonValue>) => {
    const kind = index.kinds.get(kindName);
    if (!kind) return; // reported as an unknown kind by the reference check
    if (kind.layer !== layerId) {
      report.error(
        file,
        at,
        "wrong-layer",
        `kind ${quote(kindName)} belongs to layer ${quote(kind.layer)}, not ${quote(layerId)}`,
      );
      return;
    }
    if (!options.target) checkEntityParams(report, file, at, kindName, kind, params);
  };

  if (Array.isArray(data)) {
    if (data.length !== height) {
      report.error(
        file,
        pointer,
        "grid-size",
        `layer ${quote(layerId)} has ${data.length} rows, but board.size says ${height}`,
      );
    }
    data.slice(0, height).forEach((row, y) => {
      if (row.length !== width) {
        report.error(
          file,
          `${pointer}/${y}`,
          "grid-size",
          `row ${y} of layer ${quote(layerId)} has ${row.length} cells, but board.size says ${width}`,
        );
      }
      row.slice(0, width).forEach((cell, x) => {
        const at = `${pointer}/${y}/${x}`;
        if (cell === null) {
          if (exactlyOne) {
            report.error(
              file,
              at,
              "occupancy",
              `layer ${quote(layerId)} is exactly_one: every cell needs an entity, found null`,
              "use the layer's default kind, or the sparse format with a default",
            );
          }
        } else if (typeof cell === "string") {
          checkEntity(at, cell, {});
        } else {
          const { kind, ...params } = cell;
          checkEntity(at, kind, params);
        }
      });
    });
    return;
  }

  if (data.default !== undefined) {
    const kind = index.kinds.get(data.default);
    if (kind && kind.layer !== layerId) {
      report.error(
        file,
        `${pointer}/default`,
        "wrong-layer",
        `default kind ${quote(data.default)} belongs to layer ${quote(kind.layer)}, not ${quote(layerId)}`,
      );
    }
    if (layer.occupancy === "zero_or_one" && !options.target) {
      report.warn(
        file,
        `${pointer}/default`,
        "layer-default",
        `layer ${quote(layerId)} is zero_or_one; a default kind would fill every unlisted cell`,
      );
    }
  }
  const taken = new Map<string, number>();
  data.entries.forEach((entry, i) => {
    const at = `${pointer}/entries/${i}`;
    const [x, y] = entry.position;
    if (x >= width || y >= height) {
      report.error(
        file,
        outOfBoundsPointer(`${at}/position`, entry.position, size),
        "out-of-bounds",
        `position [${x}, ${y}] is outside the ${width}×${height} board`,
      );
      return;
    }
    const key = `${x},${y}`;
    const first = taken.get(key);
    if (first !== undefined) {
      report.error(
        file,
        `${at}/position`,
        "occupancy",
        `cell [${x}, ${y}] of layer ${quote(layerId)} already holds entries[${first}]; a layer holds one entity per cell`,
      );
    } else {
      taken.set(key, i);
    }
    const { kind, position: _position, ...params } = entry;
    checkEntity(at, kind, params);
  });
}

function inBounds(p: Position, size: [number, number]): boolean {
  return p[0] < size[0] && p[1] < size[1];
}

/** Points at the coordinate that is out of range (`…/0` for x, `…/1` for y), the innermost wrong value. */
function outOfBoundsPointer(pointer: string, p: Position, size: [number, number]): string {
  return `${pointer}/${p[0] >= size[0] ? 0 : 1}`;
}

/** Where a system config field's schema lives, so an override value can be validated like the original. */
function configFieldSchema(systemType: string, field: string): string | undefined {
  const defs = schemaDocument("game").definitions as Record<string, Record<string, unknown>> | undefined;
  const union = defs?.SystemDefinition as
    | { allOf?: { if?: { properties?: { type?: { const?: string } } }; then?: { $ref?: string } }[] }
    | undefined;
  const branch = union?.allOf?.find((b) => b.if?.properties?.type?.const === systemType);
  const entryName = branch?.then?.$ref?.replace("#/definitions/", "");
  const entry = entryName ? defs?.[entryName] : undefined;
  const configRef = (entry?.properties as { config?: { $ref?: string } } | undefined)?.config?.$ref;
  const configName = configRef?.replace("#/definitions/", "");
  const config = configName ? defs?.[configName] : undefined;
  const props = config?.properties as Record<string, unknown> | undefined;
  if (!configName || !props || !Object.hasOwn(props, field)) return undefined;
  return `/definitions/${configName}/properties/${field.replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function checkGoal(
  report: Reporter,
  file: string,
  goal: Goal,
  i: number,
  level: LevelDefinition,
  index: GameIndex,
): void {
  const at = pointerOf("goals", i, "config");
  const size = level.board.size;
  switch (goal.type) {
    case "reach_target":
      if (goal.config.targetKind === undefined && goal.config.targetTag === undefined) {
        report.error(file, at, "goal-config", "reach_target needs targetKind or targetTag");
      }
      break;
    case "all_cleared":
      if (goal.config.kind === undefined && goal.config.tag === undefined) {
        report.error(file, at, "goal-config", "all_cleared needs kind or tag");
      }
      break;
    case "board_match":
      for (const [layerId, data] of Object.entries(goal.config.targetLayers)) {
        checkLayerData(report, file, at + pointerOf("targetLayers", layerId), layerId, data, size, index, {
          target: true,
        });
      }
      break;
    case "sum_constraint":
    case "count_constraint": {
      const { scope, index: line } = goal.config;
      if (scope === "row" || scope === "col") {
        const limit = scope === "row" ? size[1] : size[0];
        if (line === undefined) report.error(file, at, "goal-config", `scope ${quote(scope)} needs an index`);
        else if (line >= limit)
          report.error(
            file,
            `${at}/index`,
            "out-of-bounds",
            `${scope} ${line} does not exist on a board with ${limit} ${scope}s`,
          );
      }
      break;
    }
    case "balance":
      if (goal.config.requireConnected) {
        const sources = goal.config.connectionSources ?? {};
        for (const owner of goal.config.owners) {
          const p = own(sources, owner);
          if (!p)
            report.error(
              file,
              at,
              "goal-config",
              `requireConnected needs a connection source for owner ${quote(owner)}`,
            );
          else if (!inBounds(p, size))
            report.error(
              file,
              at + pointerOf("connectionSources", owner),
              "out-of-bounds",
              `source [${p[0]}, ${p[1]}] is outside the board`,
            );
        }
      }
      break;
    default:
      break;
  }
}

/** Checks a schema-valid level against the game: board contents, state, goals, overrides. */
export function checkLevel(
  file: ParsedFile<LevelDefinition>,
  index: GameIndex,
  report: Reporter,
  customSystems: Readonly<Record<string, CustomType>> = {},
): void {
  const level = file.value;
  const path = file.path;
  const size = level.board.size;
  const [width, height] = size;

  for (const [layerId, data] of Object.entries(level.board.layers)) {
    checkLayerData(report, path, pointerOf("board", "layers", layerId), layerId, data, size, index, {
      target: false,
    });
  }

  const objectIds = new Map<string, number>();
  (level.board.multiCellObjects ?? []).forEach((obj, i) => {
    const at = pointerOf("board", "multiCellObjects", i);
    const first = objectIds.get(obj.id);
    if (first !== undefined)
      report.error(
        path,
        `${at}/id`,
        "duplicate-id",
        `multi-cell object id ${quote(obj.id)} is already used by multiCellObjects[${first}]`,
      );
    else objectIds.set(obj.id, i);
    obj.cells.forEach((cell, c) => {
      const p = Array.isArray(cell) ? cell : cell.position;
      if (!inBounds(p, size))
        report.error(
          path,
          `${at}/cells/${c}`,
          "out-of-bounds",
          `cell [${p[0]}, ${p[1]}] is outside the ${width}×${height} board`,
        );
    });
    const kind = index.kinds.get(obj.kind);
    // Systems give multi-cell objects params of their own (a sliding block's axis, a pipe's queue).
    if (kind)
      checkEntityParams(report, path, `${at}/params`, obj.kind, kind, obj.params ?? {}, {
        allowUndeclared: true,
      });
  });

  const defaults = index.game.defaults?.avatar ?? {};
  const avatar = level.state.avatar ?? {};
  const position = avatar.position;
  const enabled = avatar.enabled ?? defaults.enabled ?? position !== undefined;
  if (enabled && position === undefined && defaults.position === undefined) {
    report.error(
      path,
      "/state/avatar",
      "avatar-position",
      "the avatar is enabled but has no position",
      'give state.avatar.position, or set "enabled": false',
    );
  }
  if (position && !inBounds(position, size)) {
    report.error(
      path,
      outOfBoundsPointer("/state/avatar/position", position, size),
      "out-of-bounds",
      `avatar position [${position[0]}, ${position[1]}] is outside the ${width}×${height} board`,
    );
  }
  const overlay = level.state.overlay;
  if (overlay) {
    const [ox, oy] = overlay.position;
    const [ow, oh] = overlay.size;
    if (ox + ow > width || oy + oh > height) {
      report.error(
        path,
        "/state/overlay",
        "overlay-bounds",
        `a ${ow}×${oh} overlay at [${ox}, ${oy}] does not fit the ${width}×${height} board`,
      );
    }
  }

  const goalIds = new Map<string, number>();
  level.goals.forEach((goal, i) => {
    const first = goalIds.get(goal.id);
    if (first !== undefined)
      report.error(
        path,
        pointerOf("goals", i, "id"),
        "duplicate-id",
        `goal id ${quote(goal.id)} is already used by goals[${first}]`,
      );
    else goalIds.set(goal.id, i);
    checkGoal(report, path, goal, i, level, index);
  });

  for (const [systemId, override] of Object.entries(level.systemOverrides ?? {})) {
    const at = pointerOf("systemOverrides", systemId);
    const system = index.systems.get(systemId);
    if (!system) continue; // reported by the reference check
    for (const [field, value] of Object.entries(override)) {
      if (field === "enabled") {
        if (typeof value !== "boolean")
          report.error(
            path,
            `${at}/enabled`,
            "system-override",
            `"enabled" must be true or false, found ${quote(value)}`,
          );
        continue;
      }
      const custom = Object.hasOwn(customSystems, system.type) ? customSystems[system.type] : undefined;
      if (custom !== undefined) {
        const found = checkCustomOverride(custom, system.type, field, value, at + pointerOf(field));
        if (found === null)
          report.warn(
            path,
            at + pointerOf(field),
            "system-override",
            `${system.type} has no config field ${quote(field)}; the override is ignored`,
          );
        for (const d of found ?? [])
          report.report(path, d.pointer, d.severity, "system-override", d.message, d.hint);
        continue;
      }
      const schemaPointer = configFieldSchema(system.type, field);
      if (!schemaPointer) {
        report.warn(
          path,
          at + pointerOf(field),
          "system-override",
          `${system.type} has no config field ${quote(field)}; the override is ignored`,
        );
        continue;
      }
      for (const d of checkAgainstRef("game", schemaPointer, value, at + pointerOf(field))) {
        report.report(
          path,
          d.pointer,
          d.severity,
          "system-override",
          `override of ${system.type}.${field}: ${d.message}`,
          d.hint,
        );
      }
    }
  }
}
