/**
 * Reading a state-driven GDL specification's sections, checked for shape: metadata, players and their
 * roles, entity schemas, topology, state schema, interactions, game flow, and the setup.
 * @module
 */
import { at, describe, type Findings, isRecord } from "../findings.js";

export type AttrType = "player_ref" | "string" | "int" | "bool";

export interface AttrSpec {
  type: AttrType;
  default?: unknown;
  pointer: string;
}

export interface RoleSpec {
  name: string;
  attributes: Record<string, unknown>;
  pointer: string;
}

export interface InteractionSpec {
  name: string;
  conditions: { text: string; pointer: string }[];
  effects: { text: string; pointer: string }[];
  chainable: boolean;
  pointer: string;
}

export interface PhaseSpec {
  name: string;
  actors: string;
  allowed: { name: string; pointer: string }[];
  pointer: string;
}

export interface SetupEntity {
  type: string;
  x: number;
  y: number;
  attributes: Record<string, unknown>;
  pointer: string;
}

export interface Spec {
  title: string;
  description?: string;
  min: number;
  max: number;
  roles: RoleSpec[];
  schemas: Map<string, Map<string, AttrSpec>>;
  width: number;
  height: number;
  state: Map<string, AttrSpec>;
  interactions: Map<string, InteractionSpec>;
  phases: PhaseSpec[];
  setup: SetupEntity[];
}

/** Sections a specification may have; anything else at the top is reported as not carried over. */
export const SECTIONS = [
  "metadata",
  "players",
  "entity_schemas",
  "topology",
  "state_schema",
  "interactions",
  "game_flow",
  "setup",
  "end_conditions",
  "presentation",
] as const;

const ATTR_TYPES: readonly AttrType[] = ["player_ref", "string", "int", "bool"];
/** Names that must never become keys of the objects the import builds. */
const UNSAFE = new Set(["__proto__", "constructor", "prototype"]);
const MAX_ENTRIES = 500;

/** Reads an object's own entries, refusing unsafe names and absurd sizes. */
export function entries(
  value: unknown,
  pointer: string,
  f: Findings,
  what: string,
): [string, unknown, string][] {
  if (!isRecord(value)) {
    f.error(pointer, "expected-object", `expected ${what} as an object, found ${describe(value)}`);
    return [];
  }
  const out: [string, unknown, string][] = [];
  for (const [key, v] of Object.entries(value)) {
    const p = at(pointer, key);
    if (UNSAFE.has(key) || key.trim() === "") {
      f.error(p, "unsafe-name", `the name ${JSON.stringify(key)} cannot be used as a name in ${what}`);
      continue;
    }
    if (out.length >= MAX_ENTRIES) {
      f.error(pointer, "too-many", `${what} has more than ${MAX_ENTRIES} entries`);
      break;
    }
    out.push([key, v, p]);
  }
  return out;
}

function text(value: unknown, pointer: string, f: Findings, what: string): string | undefined {
  if (typeof value === "string") return value;
  f.error(pointer, "expected-string", `expected ${what} as a string, found ${describe(value)}`);
  return undefined;
}

function strings(
  value: unknown,
  pointer: string,
  f: Findings,
  what: string,
): { text: string; pointer: string }[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    f.error(pointer, "expected-list", `expected ${what} as a list of strings, found ${describe(value)}`);
    return [];
  }
  const out: { text: string; pointer: string }[] = [];
  value.slice(0, MAX_ENTRIES).forEach((v, i) => {
    const t = text(v, at(pointer, i), f, `each of ${what}`);
    if (t !== undefined) out.push({ text: t, pointer: at(pointer, i) });
  });
  return out;
}

function readPlayers(root: Record<string, unknown>, f: Findings): Pick<Spec, "roles" | "min" | "max"> {
  const players = root.players;
  const roles: RoleSpec[] = [];
  if (!isRecord(players) || !Array.isArray(players.roles)) {
    f.error(
      isRecord(players) ? "/players/roles" : "/players",
      "players",
      "expected players.roles: a list of roles, each with a name",
    );
    return { roles, min: 2, max: 2 };
  }
  for (const [i, role] of players.roles.slice(0, 9).entries()) {
    const p = at("/players/roles", i);
    if (!isRecord(role)) {
      f.error(p, "expected-object", `expected a role object, found ${describe(role)}`);
      continue;
    }
    const name = text(role.name, at(p, "name"), f, "the role's name");
    if (name === undefined) continue;
    if (roles.some((r) => r.name === name)) {
      f.error(at(p, "name"), "duplicate-role", `a second role named "${name}"`);
      continue;
    }
    const attributes: Record<string, unknown> = {};
    if (role.attributes !== undefined)
      for (const [k, v] of entries(role.attributes, at(p, "attributes"), f, "a role's attributes"))
        attributes[k] = v;
    roles.push({ name, attributes, pointer: p });
  }
  if (players.roles.length > 8) f.error("/players/roles", "too-many-roles", "a match has at most 8 seats");
  if (roles.length < 2 && !f.failed)
    f.error("/players/roles", "too-few-roles", "a match needs at least two roles");
  const count = isRecord(players.count) ? players.count : {};
  const num = (v: unknown, d: number) => (Number.isInteger(v) ? (v as number) : d);
  const min = num(count.min, roles.length);
  const max = num(count.max, roles.length);
  if (min !== roles.length || max !== roles.length)
    f.error(
      "/players/count",
      "player-count",
      `the import seats one player per role: count must be ${roles.length} (min ${min}, max ${max} given)`,
    );
  return { roles, min: roles.length, max: roles.length };
}

function readAttrs(value: unknown, pointer: string, f: Findings, what: string): Map<string, AttrSpec> {
  const out = new Map<string, AttrSpec>();
  for (const [name, spec, p] of entries(value, pointer, f, what)) {
    if (!isRecord(spec)) {
      f.error(p, "expected-object", `expected { "type": … }, found ${describe(spec)}`);
      continue;
    }
    if (!ATTR_TYPES.includes(spec.type as AttrType)) {
      f.error(
        at(p, "type"),
        "unknown-type",
        `unknown type ${describe(spec.type)}; expected one of ${ATTR_TYPES.join(", ")}`,
      );
      continue;
    }
    out.set(name, {
      type: spec.type as AttrType,
      ...(spec.default !== undefined ? { default: spec.default } : {}),
      ...(spec.initial !== undefined ? { default: spec.initial } : {}),
      pointer: p,
    });
  }
  return out;
}

function readTopology(root: Record<string, unknown>, f: Findings): { width: number; height: number } {
  const topo = root.topology;
  const bad = { width: 0, height: 0 };
  if (!isRecord(topo)) {
    f.error("/topology", "topology", 'expected a topology with a structure such as "grid(8, 8)"');
    return bad;
  }
  if (topo.type !== undefined && topo.type !== "discrete")
    f.error(
      "/topology/type",
      "unsupported-topology",
      `topology type ${describe(topo.type)} is not supported; only "discrete" grids are`,
    );
  const m =
    typeof topo.structure === "string"
      ? /^\s*grid\(\s*(\d+)\s*,\s*(\d+)\s*\)\s*$/.exec(topo.structure)
      : null;
  if (!m) {
    f.error(
      "/topology/structure",
      "unsupported-topology",
      `structure ${describe(topo.structure)} is not supported; expected "grid(width, height)" (hex grids and networks have no counterpart in a match board)`,
    );
    return bad;
  }
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (width < 1 || height < 1 || width > 26 || height > 26) {
    f.error(
      "/topology/structure",
      "board-size",
      `a grid of ${width}×${height}; a match board is 1 to 26 cells each way`,
    );
    return bad;
  }
  return { width, height };
}

function readInteractions(root: Record<string, unknown>, f: Findings): Map<string, InteractionSpec> {
  const out = new Map<string, InteractionSpec>();
  const section = root.interactions;
  if (!isRecord(section) || !isRecord(section.list)) {
    f.error(
      isRecord(section) ? "/interactions/list" : "/interactions",
      "interactions",
      "expected interactions.list: the actions, by name",
    );
    return out;
  }
  for (const [name, def, p] of entries(section.list, "/interactions/list", f, "interactions.list")) {
    if (!isRecord(def)) {
      f.error(
        p,
        "expected-object",
        `expected an interaction with conditions and effects, found ${describe(def)}`,
      );
      continue;
    }
    if (def.chainable !== undefined && typeof def.chainable !== "boolean")
      f.error(
        at(p, "chainable"),
        "expected-boolean",
        `expected chainable as true or false, found ${describe(def.chainable)}`,
      );
    out.set(name, {
      name,
      conditions: strings(def.conditions, at(p, "conditions"), f, "conditions"),
      effects: strings(def.effects, at(p, "effects"), f, "effects"),
      chainable: def.chainable === true,
      pointer: p,
    });
  }
  return out;
}

function readFlow(root: Record<string, unknown>, f: Findings): PhaseSpec[] {
  const flow = root.game_flow;
  if (!isRecord(flow) || !isRecord(flow.phases)) {
    f.error(
      isRecord(flow) ? "/game_flow/phases" : "/game_flow",
      "game-flow",
      "expected game_flow.phases: the phases and their allowed actions",
    );
    return [];
  }
  if (flow.time_model !== undefined && flow.time_model !== "turn_based")
    f.error(
      "/game_flow/time_model",
      "time-model",
      `time model ${describe(flow.time_model)} is not supported; only "turn_based" is`,
    );
  const phases: PhaseSpec[] = [];
  for (const [name, def, p] of entries(flow.phases, "/game_flow/phases", f, "game_flow.phases")) {
    if (!isRecord(def)) {
      f.error(p, "expected-object", `expected a phase with allowed_actions, found ${describe(def)}`);
      continue;
    }
    const actors = def.actors === undefined ? "current_player" : def.actors;
    if (actors !== "current_player")
      f.error(
        at(p, "actors"),
        "actors",
        `actors ${describe(actors)} is not supported; only "current_player" (one seat acts at a time)`,
      );
    const allowed = strings(def.allowed_actions, at(p, "allowed_actions"), f, "allowed_actions").map((a) => ({
      name: a.text,
      pointer: a.pointer,
    }));
    if (allowed.length === 0)
      f.error(at(p, "allowed_actions"), "no-actions", "a phase needs at least one allowed action");
    phases.push({ name, actors: "current_player", allowed, pointer: p });
  }
  if (phases.length === 0 && !f.failed)
    f.error("/game_flow/phases", "no-phases", "expected at least one phase");
  return phases;
}

/** `grid_nodes(x1, y1, x2, y2)`: the cells of a rectangle, row by row from its first corner. */
const GRID_NODES = /^\s*grid_nodes\(\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*\)\s*$/;

/**
 * Reads `setup.steps`: each a `spawn_entity` of a `schema` with `set_attributes`, put on the cells its
 * `at` names with `grid_nodes(…)`, as many as its `count` says.
 */
function readSetup(root: Record<string, unknown>, f: Findings, width: number, height: number): SetupEntity[] {
  const setup = root.setup;
  if (setup === undefined) return [];
  if (!isRecord(setup) || !Array.isArray(setup.steps)) {
    f.error(
      "/setup",
      "setup",
      'expected setup.steps: a list of { "action": "spawn_entity", "schema", "set_attributes", "at" }',
    );
    return [];
  }
  const out: SetupEntity[] = [];
  const taken = new Set<string>();
  for (const [i, step] of setup.steps.slice(0, 1000).entries()) {
    const p = at("/setup/steps", i);
    if (!isRecord(step)) {
      f.error(p, "expected-object", `expected a setup step, found ${describe(step)}`);
      continue;
    }
    if (step.action !== "spawn_entity") {
      f.error(
        at(p, "action"),
        "unknown-setup-action",
        `unknown setup action ${describe(step.action)}; expected "spawn_entity"`,
      );
      continue;
    }
    const type = text(step.schema, at(p, "schema"), f, "the entity's schema");
    const attributes: Record<string, unknown> = {};
    if (step.set_attributes !== undefined)
      for (const [k, v] of entries(step.set_attributes, at(p, "set_attributes"), f, "set_attributes"))
        attributes[k] = v;
    if (!Array.isArray(step.at)) {
      f.error(
        at(p, "at"),
        "expected-list",
        `expected at as a list of grid_nodes(x1, y1, x2, y2), found ${describe(step.at)}`,
      );
      continue;
    }
    const cells: [number, number, string][] = [];
    for (const [j, spot] of step.at.slice(0, 100).entries()) {
      const sp = at(p, "at", j);
      const m = typeof spot === "string" ? GRID_NODES.exec(spot) : null;
      if (!m) {
        f.error(
          sp,
          "unsupported-position",
          `${describe(spot)} is not supported; expected grid_nodes(x1, y1, x2, y2)`,
          "zones (zone('deck')) have no counterpart in a grid board",
        );
        continue;
      }
      const [x1, y1, x2, y2] = m.slice(1).map(Number) as [number, number, number, number];
      for (let y = Math.min(y1, y2); y <= Math.max(y1, y2); y++)
        for (let x = Math.min(x1, x2); x <= Math.max(x1, x2); x++) {
          if (cells.length > width * height) break;
          cells.push([x, y, sp]);
        }
    }
    if (step.count !== undefined && step.count !== cells.length && cells.length > 0)
      f.error(
        at(p, "count"),
        "count-mismatch",
        `count is ${describe(step.count)} but at names ${cells.length} cells`,
      );
    for (const [x, y, sp] of cells) {
      if (x < 0 || y < 0 || x >= width || y >= height) {
        f.error(sp, "off-board", `[${x}, ${y}] is off the ${width}×${height} grid`);
        continue;
      }
      if (taken.has(`${x},${y}`)) {
        f.error(sp, "cell-taken", `a second entity on [${x}, ${y}]`);
        continue;
      }
      taken.add(`${x},${y}`);
      if (type !== undefined) out.push({ type, x, y, attributes, pointer: p });
    }
  }
  if (setup.steps.length > 1000) f.error("/setup/steps", "too-many", "more than 1000 setup steps");
  return out;
}

/** Reads and checks the specification's sections. */
export function readSpec(root: unknown, f: Findings): Spec | undefined {
  if (!isRecord(root)) {
    f.error("", "expected-object", `expected a specification object, found ${describe(root)}`);
    return undefined;
  }
  const meta = isRecord(root.metadata) ? root.metadata : {};
  const title = typeof meta.name === "string" && meta.name.trim() !== "" ? meta.name.trim() : "Imported game";
  const players = readPlayers(root, f);
  const schemas = new Map<string, Map<string, AttrSpec>>();
  const es = root.entity_schemas;
  if (!isRecord(es) || !isRecord(es.types))
    f.error(
      isRecord(es) ? "/entity_schemas/types" : "/entity_schemas",
      "entity-schemas",
      "expected entity_schemas.types: the entity types, by name",
    );
  else
    for (const [name, def, p] of entries(es.types, "/entity_schemas/types", f, "entity_schemas.types")) {
      const attrs = isRecord(def) ? def.attributes : undefined;
      schemas.set(
        name,
        attrs === undefined ? new Map() : readAttrs(attrs, at(p, "attributes"), f, `${name}'s attributes`),
      );
    }
  const { width, height } = readTopology(root, f);
  const ss = root.state_schema;
  const state =
    ss === undefined
      ? new Map<string, AttrSpec>()
      : isRecord(ss) && ss.global !== undefined
        ? readAttrs(ss.global, "/state_schema/global", f, "state_schema.global")
        : new Map<string, AttrSpec>();
  if (isRecord(ss) && ss.per_player !== undefined)
    f.error(
      "/state_schema/per_player",
      "per-player-state",
      "per-player state is not supported by this import (the language's document shows it only as a future extension)",
    );
  return {
    title,
    ...(typeof meta.description === "string" ? { description: meta.description } : {}),
    ...players,
    schemas,
    width,
    height,
    state,
    interactions: readInteractions(root, f),
    phases: readFlow(root, f),
    setup: readSetup(root, f, width, height),
  };
}
