import type { JsonValue, LevelDefinition } from "@gridponder/schema";
import { dictionary, own } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import { freezeJson, frozenCopy, hasNoKeys } from "../board/json.js";
import { copyRecord } from "../board/records.js";
import type { Entity, Params, Pos } from "../contract/model.js";
import type { LevelRuntime, Pack, Registry, SystemInstance, TurnContext } from "../contract/runtime.js";
import type { GameState, MultiCellObjectState } from "../contract/state.js";
import { compileRules } from "../rules/compile.js";
import { entityFromCell } from "./pack.js";

/**
 * Why a level cannot be played: an unknown level id, or a system, goal or lose condition type the
 * registry does not have.
 */
export class LevelLoadError extends Error {}

/** Prepares a level of a loaded pack for play, with the pack's registry unless another is given. */
export function prepareLevel(pack: Pack, levelId: string, registry: Registry = pack.registry): LevelRuntime {
  const def = Object.hasOwn(pack.levels, levelId) ? pack.levels[levelId] : undefined;
  if (!def) {
    throw new LevelLoadError(
      `unknown level ${JSON.stringify(levelId)}; the pack has ${pack.levelOrder.join(", ")}`,
    );
  }
  const { instances, phases } = systemsOf(pack, def, registry);
  const [width, height] = def.board.size;
  return {
    id: levelId,
    def,
    width,
    height,
    systems: instances,
    rules: compileRules(pack, pack.game.rules ?? [], def.rules ?? []),
    goals: def.goals,
    goalChecks: def.goals.map((goal) => {
      const type = registry.goals.get(goal.type);
      if (!type)
        throw new LevelLoadError(
          `goal ${JSON.stringify(goal.id)} has type ${JSON.stringify(goal.type)}, which no registered goal type defines`,
        );
      return type.compile(pack, goal as never, width, height);
    }),
    loseConditions: def.loseConditions ?? [],
    loseChecks: (def.loseConditions ?? []).map((condition) => {
      const type = registry.loseConditions.get(condition.type);
      if (!type)
        throw new LevelLoadError(
          `lose condition type ${JSON.stringify(condition.type)} is not defined by any registered lose condition type`,
        );
      return (ctx: TurnContext) => type.holds(ctx, condition as never);
    }),
    maxCascadeDepth: pack.game.defaults?.maxCascadeDepth ?? 3,
    // Filled on demand (see `avatarState` in ops): most cells never hold the avatar.
    avatars: null,
    // Made when the first frozen action object is remembered: most sessions never play one.
    resolvedActions: null,
    cells: cellsOf(width, height),
    phases,
  };
}

interface LevelSystems {
  readonly instances: readonly SystemInstance[];
  readonly phases: LevelRuntime["phases"];
}

/**
 * The systems of a pack as levels that override none of them run them, made once per pack: instances
 * and phase lists depend only on `game.json` then, and most levels override nothing.
 */
const packSystems = new WeakMap<Pack, LevelSystems>();

/** A level's enabled system instances and, per phase, those that take part in it. */
function systemsOf(pack: Pack, def: LevelDefinition, registry: Registry): LevelSystems {
  const overrides = def.systemOverrides ?? {};
  const plain = registry === pack.registry && hasNoKeys(overrides);
  if (plain) {
    const known = packSystems.get(pack);
    if (known !== undefined) return known;
  }
  const shared = registry === pack.registry ? sharedSystemsOf(pack) : null;
  const instances: SystemInstance[] = [];
  for (const system of pack.game.systems) {
    const override = Object.hasOwn(overrides, system.id) ? overrides[system.id] : undefined;
    if (override === undefined && shared !== null) {
      // An instance without an override is the pack's, config and `prepare` included.
      let instance = shared.get(system.id);
      if (instance === undefined) {
        instance = instanceOf(pack, system, {}, registry);
        shared.set(system.id, instance);
      }
      if (instance !== null) instances.push(instance);
      continue;
    }
    const instance = instanceOf(pack, system, override ?? {}, registry);
    if (instance !== null) instances.push(instance);
  }
  const made: LevelSystems = {
    instances,
    phases: {
      action: instances.filter((s) => s.behaviour.action),
      movement: instances.filter((s) => s.behaviour.movement),
      cascade: instances.filter((s) => s.behaviour.cascade),
      npc: instances.filter((s) => s.behaviour.npc),
    },
  };
  if (plain) packSystems.set(pack, made);
  return made;
}

type SystemDefinition = Pack["game"]["systems"][number];

/**
 * The instances of a pack's systems as levels without overrides run them, made once per pack (`null`
 * when disabled): configs are frozen and `prepare` depends only on the config and the pack.
 */
const sharedSystems = new WeakMap<Pack, Map<string, SystemInstance | null>>();

function sharedSystemsOf(pack: Pack): Map<string, SystemInstance | null> {
  let shared = sharedSystems.get(pack);
  if (shared === undefined) {
    shared = new Map();
    sharedSystems.set(pack, shared);
  }
  return shared;
}

/** A system's instance with a level's override applied, or `null` when the system is disabled. */
function instanceOf(
  pack: Pack,
  system: SystemDefinition,
  override: object,
  registry: Registry,
): SystemInstance | null {
  const { enabled: overrideEnabled, ...overrideConfig } = override as Record<string, unknown>;
  const enabled = typeof overrideEnabled === "boolean" ? overrideEnabled : system.enabled !== false;
  if (!enabled) return null;
  const behaviour = registry.systems.get(system.type);
  if (!behaviour) {
    throw new LevelLoadError(
      `system ${JSON.stringify(system.id)} has type ${JSON.stringify(system.type)}, which no registered system type defines`,
    );
  }
  const config = freezeJson({
    ...defaultsOf(behaviour.defaults),
    ...(system.config ?? {}),
    ...overrideConfig,
  });
  return {
    id: system.id,
    type: system.type,
    config,
    behaviour,
    prepared: behaviour.prepare?.(config as never, pack),
  };
}

/** Each definition's defaults, copied and frozen once: the configs built on them share them. */
const frozenDefaults = new WeakMap<object, object>();
const NO_DEFAULTS = Object.freeze({});

function defaultsOf(defaults: object | undefined): object {
  if (defaults === undefined) return NO_DEFAULTS;
  let frozen = frozenDefaults.get(defaults);
  if (frozen === undefined) {
    frozen = frozenCopy(defaults);
    frozenDefaults.set(defaults, frozen);
  }
  return frozen;
}

/**
 * One `[x, y]` per cell of a board size, shared by every level of that size: positions are immutable,
 * and building them per level showed up in session creation. Not frozen at run time, though read-only
 * by type: V8 (12.x) reads an element of a frozen array about ten times slower than one of a plain
 * array, and turns read these on every move (see `STEP_UP` in geometry).
 */
const cellTables = new Map<number, readonly Pos[]>();

function cellsOf(width: number, height: number): readonly Pos[] {
  // The schema caps a dimension at 256, so one number keys both.
  const key = width * 65536 + height;
  let cells = cellTables.get(key);
  if (cells === undefined) {
    cells = Array.from({ length: width * height }, (_, i): Pos => [i % width, Math.floor(i / width)]);
    cellTables.set(key, cells);
  }
  return cells;
}

/**
 * `size` cells holding `fill`, built by appending so the array is packed: every turn reads layers
 * through this array (or slices of it), and reads of a holey array are slower.
 */
function filledCells(size: number, fill: Entity | null): (Entity | null)[] {
  const cells: (Entity | null)[] = [];
  for (let i = 0; i < size; i++) cells.push(fill);
  return cells;
}

function buildLayer(pack: Pack, level: LevelRuntime, layer: number): (Entity | null)[] {
  const info = pack.layers[layer];
  const fill = info?.fill ?? null;
  const { width, height } = level;
  const data = info ? own(level.def.board.layers, info.id) : undefined;
  if (!data) return filledCells(width * height, fill);
  if (Array.isArray(data)) {
    const cells: (Entity | null)[] = [];
    let lastName: string | null = null;
    let lastEntity: Entity | null = null;
    for (let y = 0; y < height; y++) {
      const row = data[y] as readonly JsonValue[] | undefined;
      const columns = row === undefined ? 0 : Math.min(row.length, width);
      for (let x = 0; x < columns; x++) {
        const cell = (row as readonly JsonValue[])[x] as JsonValue;
        // Rows repeat a kind cell after cell: the last name's entity is reused without a lookup.
        if (cell === lastName) {
          cells.push(lastEntity);
          continue;
        }
        const e = (typeof cell === "string" ? pack.entity(cell) : entityFromCell(pack, cell)) ?? fill;
        if (typeof cell === "string") {
          lastName = cell;
          lastEntity = e;
        }
        cells.push(e);
      }
      for (let x = columns; x < width; x++) cells.push(fill);
    }
    return cells;
  }
  const base = data.default !== undefined && info?.exactlyOne ? pack.entity(data.default) : fill;
  const cells = filledCells(width * height, base);
  for (const entry of data.entries) {
    const x = entry.position[0];
    const y = entry.position[1];
    if (hasParams(entry)) {
      const { position: _p, kind, ...params } = entry;
      cells[y * width + x] = pack.entity(kind, params as Params);
    } else cells[y * width + x] = pack.entity(entry.kind);
  }
  return cells;
}

/** Whether a sparse layer entry has params besides its kind and position (most have none). */
function hasParams(entry: object): boolean {
  for (const key in entry) if (key !== "kind" && key !== "position") return true;
  return false;
}

/** The state a level starts in, before the load-time cascade. */
export function boardState(pack: Pack, level: LevelRuntime): GameState {
  const def = level.def;
  const defaults = pack.game.defaults?.avatar ?? {};
  const avatar = { ...defaults, ...(def.state.avatar ?? {}) };
  const position = avatar.position;
  const enabled = avatar.enabled ?? position !== undefined;
  const declared = def.board.multiCellObjects;
  const mcos: readonly MultiCellObjectState[] = !declared?.length
    ? NONE
    : declared.map((o) => ({
        id: o.id,
        kind: o.kind,
        cells: o.cells.map((c) =>
          Array.isArray(c) ? ([c[0], c[1]] as Pos) : ([c.position[0], c.position[1]] as Pos),
        ),
        params: frozenCopy(o.params ?? {}),
      }));
  const overlay = def.state.overlay;
  const onBoard =
    isPos(position) &&
    position[0] >= 0 &&
    position[1] >= 0 &&
    position[0] < level.width &&
    position[1] < level.height;
  return {
    layers: pack.layers.map((_, i) => buildLayer(pack, level, i)),
    avatar: {
      enabled,
      position: onBoard
        ? (level.cells[position[1] * level.width + position[0]] as Pos)
        : isPos(position)
          ? [position[0], position[1]]
          : null,
      facing: avatar.facing ?? "right",
      item: avatar.inventory?.slot ?? null,
    },
    variables:
      def.state.variables && !hasNoKeys(def.state.variables) ? copyRecord(def.state.variables) : NO_VARIABLES,
    overlay: overlay
      ? { position: [overlay.position[0], overlay.position[1]], size: [overlay.size[0], overlay.size[1]] }
      : null,
    multiCellObjects: mcos,
    actionCount: 0,
    won: false,
    lost: false,
    loseReason: null,
    firedOnce: NONE,
    memory: NOTHING,
  };
}

// Shared by the states of every level that starts without them: a draft copies what it writes to, so
// nothing ever changes them (frozen to make sure).
const NONE: readonly never[] = Object.freeze([]);
const NOTHING: Readonly<Record<string, never>> = Object.freeze({});
// Variables are named by the pack: a record without a prototype finds only the names it holds.
const NO_VARIABLES: Readonly<Record<string, never>> = Object.freeze(dictionary<never>());
