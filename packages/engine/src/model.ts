import type { EntityKind, JsonValue } from "@gridponder/schema";

/** Instance parameters of an entity. Frozen: entities are shared between states. */
export type Params = Readonly<Record<string, JsonValue>>;

/** What the engine knows about an entity kind, resolved once per pack. */
export interface KindInfo {
  /** The kind's position in `game.json`'s entity kinds: a dense index for per-kind tables. */
  readonly index: number;
  readonly name: string;
  readonly layer: string;
  readonly layerIndex: number;
  readonly tags: ReadonlySet<string>;
  readonly def: EntityKind;
  /** The number ending the kind's name (`num_7` is 7), or `null`: goals read it for every cell. */
  readonly nameNumber: number | null;
}

/**
 * One entity on the board. Immutable and shared between states: changing an entity means placing
 * a new one. `info` saves a kind lookup on every tag test in the hot paths.
 */
export interface Entity {
  readonly kind: string;
  readonly info: KindInfo;
  readonly params: Params | null;
}

/** A board cell `[x, y]`. */
export type Pos = readonly [number, number];

const UP: Pos = Object.freeze([0, -1] as const);
const DOWN: Pos = Object.freeze([0, 1] as const);
const LEFT: Pos = Object.freeze([-1, 0] as const);
const RIGHT: Pos = Object.freeze([1, 0] as const);
const UP_LEFT: Pos = Object.freeze([-1, -1] as const);
const UP_RIGHT: Pos = Object.freeze([1, -1] as const);
const DOWN_LEFT: Pos = Object.freeze([-1, 1] as const);
const DOWN_RIGHT: Pos = Object.freeze([1, 1] as const);

/** The eight directions and their unit steps (y grows downwards). */
export const DIRECTION_DELTAS: Readonly<Record<string, Pos>> = {
  up: UP,
  down: DOWN,
  left: LEFT,
  right: RIGHT,
  up_left: UP_LEFT,
  up_right: UP_RIGHT,
  down_left: DOWN_LEFT,
  down_right: DOWN_RIGHT,
};

/**
 * A direction's unit step (as {@link DIRECTION_DELTAS}), or `undefined` for a name that is not one.
 * A switch rather than a lookup by name: moves read it on every turn, and an object read by a
 * computed key is a call into the engine's lookup code.
 */
export function directionDelta(direction: unknown): Pos | undefined {
  switch (direction) {
    case "up":
      return UP;
    case "down":
      return DOWN;
    case "left":
      return LEFT;
    case "right":
      return RIGHT;
    case "up_left":
      return UP_LEFT;
    case "up_right":
      return UP_RIGHT;
    case "down_left":
      return DOWN_LEFT;
    case "down_right":
      return DOWN_RIGHT;
    default:
      return undefined;
  }
}

/** The direction pointing the other way. */
export const OPPOSITE: Readonly<Record<string, string>> = {
  up: "down",
  down: "up",
  left: "right",
  right: "left",
  up_left: "down_right",
  up_right: "down_left",
  down_left: "up_right",
  down_right: "up_left",
};

/** Whether an entity has one of the tags. A loop, not `some` with a closure: this runs on most turns. */
export function hasAnyTag(entity: Entity, tags: readonly string[]): boolean {
  for (const tag of tags) if (entity.info.tags.has(tag)) return true;
  return false;
}

/** Whether a value is an `[x, y]` pair of integers. */
export function isPos(value: unknown): value is Pos {
  return (
    Array.isArray(value) && value.length === 2 && Number.isInteger(value[0]) && Number.isInteger(value[1])
  );
}

/** Deep-freezes plain JSON data so it can be shared between states without defensive copies. */
export function freezeJson<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    // `for…in` rather than `Object.values`: no array per object (entities with params are made on
    // turns). JSON data has no inherited enumerable keys.
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== null && typeof v === "object") freezeJson(v);
    }
  }
  return value;
}

/**
 * A deep, deep-frozen copy of plain JSON data, in one pass: sessions copy a level's multi-cell object
 * params this way, and a round trip through JSON text cost a tenth of preparing such a level.
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(frozenCopy(item));
    return Object.freeze(out) as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (Object.hasOwn(value, key)) out[key] = frozenCopy((value as Record<string, unknown>)[key]);
  }
  return Object.freeze(out) as T;
}

/** Whether an object has no own keys, without building the key list (this runs on turns). */
export function hasNoKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return false;
  return true;
}

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (
      !Object.hasOwn(b, k) ||
      !jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
    ) {
      return false;
    }
  }
  return true;
}
