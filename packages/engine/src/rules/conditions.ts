import type { Condition, ConditionOperator } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos } from "../board/geometry.js";
import { jsonEqual } from "../board/json.js";
import type { GameEvent } from "../contract/events.js";
import type { Pack, Test } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";

/** Compares two values with an operator; ordering operators only hold between numbers. */
export function compare(a: unknown, op: ConditionOperator, b: unknown): boolean {
  switch (op) {
    case "eq":
      return jsonEqual(a, b);
    case "neq":
      return !jsonEqual(a, b);
    default: {
      if (typeof a !== "number" || typeof b !== "number") return false;
      if (op === "gt") return a > b;
      if (op === "gte") return a >= b;
      if (op === "lt") return a < b;
      return a <= b;
    }
  }
}

let lastEvent: GameEvent | null = null;
let lastPos: readonly [number, number] | null = null;

/**
 * The event's position, if it has a valid one. Several rules test the same event in a row, so the
 * last answer is kept (events are not changed once emitted).
 */
function eventPos(event: GameEvent | null): readonly [number, number] | null {
  if (event === lastEvent && event !== null) return lastPos;
  const p = event?.position;
  lastEvent = event;
  lastPos = isPos(p) ? p : null;
  return lastPos;
}

/** Reads a field of an event: its own payload field first, then its entity params. */
function eventField(event: GameEvent, field: string): unknown {
  if (Object.hasOwn(event, field)) return event[field];
  const params = event.params;
  if (params && typeof params === "object" && Object.hasOwn(params, field))
    return (params as Record<string, unknown>)[field];
  return undefined;
}

/** Compiles a condition once per level, so evaluating it is a chain of closures with no lookups by name. */
export function compileCondition(pack: Pack, condition: Condition): Test {
  const c = condition as unknown as Record<string, unknown>;
  if ("all_of" in c) {
    const parts = (c.all_of as Condition[]).map((x) => compileCondition(pack, x));
    return (d, e) => parts.every((t) => t(d, e));
  }
  if ("any_of" in c) {
    const parts = (c.any_of as Condition[]).map((x) => compileCondition(pack, x));
    return (d, e) => parts.some((t) => t(d, e));
  }
  if ("not" in c) {
    const inner = compileCondition(pack, c.not as Condition);
    return (d, e) => !inner(d, e);
  }
  if ("position" in c) {
    const [x, y] = c.position as [number, number];
    return (_d, e) => {
      const p = eventPos(e);
      return p !== null && p[0] === x && p[1] === y;
    };
  }
  if ("position_has_tag" in c) {
    const { layer, tag } = c.position_has_tag as { layer: string; tag: string };
    const li = pack.layerIndex.get(layer) ?? -1;
    // By kind index, whether the kind has the tag: rules test this on most events of most turns.
    const tagged = new Uint8Array(pack.kinds.size);
    for (const info of pack.kinds.values()) if (info.tags.has(tag)) tagged[info.index] = 1;
    return (d, e) => {
      const p = eventPos(e);
      if (p === null || li < 0) return false;
      const entity = d.get(li, p[0], p[1]);
      return entity !== null && tagged[entity.info.index] === 1;
    };
  }
  if ("event" in c) {
    const m = c.event as { kind?: string; param?: string; equals?: unknown };
    return (_d, e) => {
      if (!e) return false;
      if (m.kind !== undefined && e.kind !== m.kind) return false;
      if (m.param !== undefined && !jsonEqual(eventField(e, m.param), m.equals)) return false;
      return true;
    };
  }
  if ("cell" in c) {
    const m = c.cell as {
      position: [number, number];
      layer: string;
      kind?: string;
      isEmpty?: boolean;
      hasTag?: string;
    };
    const li = pack.layerIndex.get(m.layer) ?? -1;
    const [x, y] = m.position;
    return (d) => {
      const entity = li >= 0 ? d.get(li, x, y) : null;
      if (m.kind !== undefined) return entity?.kind === m.kind;
      if (m.isEmpty !== undefined) return (entity === null) === m.isEmpty;
      if (m.hasTag !== undefined) return entity?.info.tags.has(m.hasTag) ?? false;
      return false;
    };
  }
  if ("avatar" in c) {
    const m = c.avatar as { at?: [number, number]; hasItem?: string | boolean };
    return (d) => {
      const a = d.avatar;
      if (
        m.at !== undefined &&
        !(a.enabled && a.position && a.position[0] === m.at[0] && a.position[1] === m.at[1])
      ) {
        return false;
      }
      if (m.hasItem === true && a.item === null) return false;
      if (m.hasItem === false && a.item !== null) return false;
      if (typeof m.hasItem === "string" && a.item !== m.hasItem) return false;
      return true;
    };
  }
  if ("variable" in c) {
    const m = c.variable as { name: string; op: ConditionOperator; value: unknown };
    return (d) => compare(own(d.variables, m.name), m.op, m.value);
  }
  if ("emitter_has_next" in c) {
    const { emitterId } = c.emitter_has_next as { emitterId: string };
    return (d) => {
      const mco = d.multiCellObjects.find((o) => o.id === emitterId);
      if (!mco) return false;
      const slots = mco.params.pipeSlots;
      if (Array.isArray(slots)) return slots.some((s) => s !== null);
      const queue = mco.params.queue;
      const index = typeof mco.params.currentIndex === "number" ? mco.params.currentIndex : 0;
      return Array.isArray(queue) && index < queue.length;
    };
  }
  if ("board_count" in c) {
    const m = c.board_count as { kind?: string; tag?: string; op: ConditionOperator; value: number };
    return (d) => compare(countEntities(d, pack, m.kind, m.tag), m.op, m.value);
  }
  throw new Error(`unknown condition ${JSON.stringify(Object.keys(c))}`);
}

/** Counts entities on every layer that match a kind and/or a tag. */
export function countEntities(draft: Draft, pack: Pack, kind?: string, tag?: string): number {
  let n = 0;
  for (let li = 0; li < pack.layers.length; li++) {
    for (const e of draft.layerCells(li)) {
      if (e && (kind === undefined || e.kind === kind) && (tag === undefined || e.info.tags.has(tag))) n++;
    }
  }
  return n;
}
