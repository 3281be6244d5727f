import {
  type Diagnostic,
  dictionary,
  type JsonValue,
  normaliseAssetPath,
  type ValidationResult,
  type ValidPack,
} from "@gridponder/schema";
import { freezeJson, hasNoKeys } from "../board/json.js";
import { copyRecord } from "../board/records.js";
import type { Entity, KindInfo, Params } from "../contract/model.js";
import type { LayerInfo, LoadResult, Pack, Registry } from "../contract/runtime.js";

/** Thrown by {@link Pack.entity} for a kind the game does not declare. */
export class UnknownKindError extends Error {
  constructor(readonly kind: string) {
    super(`unknown entity kind ${JSON.stringify(kind)}`);
  }
}

function numberEnding(name: string): number | null {
  const m = /(-?\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * Builds the play-ready pack from a validated one, to be played with `registry`. The pack's types are
 * not checked against it here (see `prepareWith`).
 */
export function compileWith(valid: ValidPack, registry: Registry): Pack {
  const { manifest, game, theme } = valid;
  // Levels by id: a pack compiled from hand-made data gets a record without a prototype too.
  const levels = dictionary(valid.levels);
  const layerIndex = new Map(game.layers.map((l, i) => [l.id, i]));
  const kinds = new Map<string, KindInfo>();
  for (const [name, def] of Object.entries(game.entityKinds)) {
    kinds.set(name, {
      index: kinds.size,
      name,
      layer: def.layer,
      layerIndex: layerIndex.get(def.layer) ?? -1,
      tags: new Set(def.tags),
      def,
      nameNumber: numberEnding(name),
    });
  }
  const bare = new Map<string, Entity>();
  // Entities with one scalar param (a tile's value, a wisp's facing) are made on many turns: they are
  // immutable, so equal ones are shared rather than made and frozen again.
  const interned: Interned = new Map();
  // Every kind's param-less entity, made up front: looking one up is then a single map read.
  for (const [kind, info] of kinds) bare.set(kind, Object.freeze({ kind, info, params: null }));
  const entity = (kind: string, params?: Params | null): Entity => {
    if (!params || hasNoKeys(params)) {
      const e = bare.get(kind);
      if (e === undefined) throw new UnknownKindError(kind);
      return e;
    }
    const info = kinds.get(kind);
    if (!info) throw new UnknownKindError(kind);
    const single = singleScalar(params);
    if (single !== null) {
      const known = interned.get(info.index)?.get(single.name)?.get(single.value);
      if (known !== undefined) return known;
    }
    // Params are named by the pack: a record without a prototype finds only the names it holds.
    const made: Entity = Object.freeze({ kind, info, params: freezeJson(copyRecord(params)) as Params });
    if (single !== null) intern(interned, info.index, single, made);
    return made;
  };
  const layers: LayerInfo[] = game.layers.map((l, index) => {
    const exactlyOne = l.occupancy === "exactly_one";
    const defaultKind = l.default ?? "empty";
    return {
      id: l.id,
      index,
      exactlyOne,
      fill: exactlyOne && kinds.has(defaultKind) ? entity(defaultKind) : null,
    };
  });
  const sequenced = game.levelSequence.flatMap((e) =>
    e.type === "level" && Object.hasOwn(levels, e.ref) ? [e.ref] : [],
  );
  const rest = Object.keys(levels)
    .filter((id) => !sequenced.includes(id))
    .sort();
  return {
    manifest,
    game,
    theme,
    levels,
    levelOrder: [...sequenced, ...rest],
    layers,
    layerIndex,
    kinds,
    actions: new Map(game.actions.map((a) => [a.id, a])),
    registry,
    entity,
  };
}

/**
 * The types a validated pack uses that `registry` lacks, as diagnostics naming each (file, pointer,
 * type): systems in `game.json`, goals and lose conditions in the levels.
 * Exported for the player and the studio, which check compiled packs against on-demand registries; not part
 * of the public API.
 * @internal
 */
export function missingTypes(valid: ValidPack, registry: Registry): Diagnostic[] {
  const missing: Diagnostic[] = [];
  const names = (map: ReadonlyMap<string, unknown>) => [...map.keys()].sort().join(", ");
  const refuse = (
    file: string,
    pointer: string,
    what: string,
    type: string,
    known: ReadonlyMap<string, unknown>,
  ) =>
    missing.push({
      file,
      pointer,
      severity: "error",
      code: "unsupported-type",
      message: `${what} type ${JSON.stringify(type)} is not registered with the engine`,
      hint: `registered ${what} types: ${names(known)}`,
    });
  valid.game.systems.forEach((system, i) => {
    if (!registry.systems.has(system.type))
      refuse("game.json", `/systems/${i}/type`, "system", system.type, registry.systems);
  });
  // The folder as the validator reads it, so both name a level's file alike.
  const levelDirectory = normaliseAssetPath(valid.manifest.levelDirectory ?? "levels");
  for (const [id, level] of Object.entries(valid.levels)) {
    const file = `${levelDirectory}/${id}.json`;
    level.goals.forEach((goal, i) => {
      if (!registry.goals.has(goal.type)) refuse(file, `/goals/${i}/type`, "goal", goal.type, registry.goals);
    });
    (level.loseConditions ?? []).forEach((condition, i) => {
      if (!registry.loseConditions.has(condition.type))
        refuse(file, `/loseConditions/${i}/type`, "lose condition", condition.type, registry.loseConditions);
    });
  }
  return missing;
}

/**
 * Turns a validation result into a load result with `registry`: refused when invalid, or when the
 * pack uses a type the registry lacks (each named in a diagnostic).
 */
export function prepareWith(result: ValidationResult, registry: Registry): LoadResult {
  const found = result.levelFiles ? { levelFiles: result.levelFiles } : {};
  if (!result.ok || !result.pack) return { ok: false, diagnostics: result.diagnostics, ...found };
  const missing = missingTypes(result.pack, registry);
  if (missing.length > 0) return { ok: false, diagnostics: [...result.diagnostics, ...missing], ...found };
  return { ok: true, pack: compileWith(result.pack, registry), diagnostics: result.diagnostics, ...found };
}

/** The entity described by a layer cell value: a kind name or `{ kind, ...params }`. */
export function entityFromCell(pack: Pack, cell: JsonValue): Entity | null {
  if (cell === null) return null;
  if (typeof cell === "string") return pack.entity(cell);
  if (typeof cell === "object" && !Array.isArray(cell)) {
    const { kind, position: _position, ...params } = cell as Record<string, JsonValue>;
    return pack.entity(String(kind), params);
  }
  return null;
}

/** Shared entities with one scalar param: by kind index, param name, then value. */
type Interned = Map<number, Map<string, Map<string | number | boolean, Entity>>>;

/** How many entities of a kind are shared at most, so a pack counting ever higher stays bounded. */
const INTERNED_PER_KIND = 1024;

/** The one param of `params`, when it has exactly one and its value is a string, number or boolean. */
function singleScalar(params: Params): { name: string; value: string | number | boolean } | null {
  let found: { name: string; value: string | number | boolean } | null = null;
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    if (found !== null) return null;
    const value = params[name];
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
    // A map takes -0 for 0; the two are kept apart.
    if (Object.is(value, -0)) return null;
    found = { name, value };
  }
  return found;
}

function intern(
  interned: Interned,
  kind: number,
  single: { name: string; value: string | number | boolean },
  entity: Entity,
): void {
  let byName = interned.get(kind);
  if (byName === undefined) {
    byName = new Map();
    interned.set(kind, byName);
  }
  let count = 0;
  for (const values of byName.values()) count += values.size;
  if (count >= INTERNED_PER_KIND) return;
  let byValue = byName.get(single.name);
  if (byValue === undefined) {
    byValue = new Map();
    byName.set(single.name, byValue);
  }
  byValue.set(single.value, entity);
}
