/**
 * B.A.G.E.L.'s documented shorthands, expanded where they are read (so pointers keep naming the source):
 * `thatMatches` for `conditions`, a single condition for a list, the string conditions `isEmpty` and
 * `isCurrentPlayer`, a bare matcher object for an `Is` condition, `entityType`/`moveType` beside `type`,
 * a string `target` for a name matcher, and `endConditions` for `endIf`.
 * @module
 */
import { at, describe, isRecord } from "../findings.js";
import type { BagelContext } from "./context.js";

/** One condition as a typed object, with the pointer it came from. */
export interface RawCondition {
  node: Record<string, unknown>;
  pointer: string;
  /** The type, `Is` when left out. */
  type: string;
}

const CURRENT_PLAYER = { type: "ctxPath", path: ["currentPlayer"] };

/** Expands one condition. */
export function expandCondition(cx: BagelContext, value: unknown, pointer: string): RawCondition | undefined {
  if (value === "isEmpty")
    return {
      node: { conditionType: "Not", conditions: [{ conditionType: "Contains" }] },
      pointer,
      type: "Not",
    };
  if (value === "isCurrentPlayer")
    return { node: { conditionType: "Is", matcher: { player: CURRENT_PLAYER } }, pointer, type: "Is" };
  if (typeof value === "string") {
    cx.error(
      pointer,
      "unknown-condition",
      `unknown condition shorthand ${JSON.stringify(value.slice(0, 40))}; expected "isEmpty", "isCurrentPlayer" or a condition object`,
    );
    return undefined;
  }
  if (!isRecord(value)) {
    cx.error(
      pointer,
      "expected-condition",
      `expected a condition (an object or "isEmpty"/"isCurrentPlayer"), found ${describe(value)}`,
    );
    return undefined;
  }
  const type = Object.hasOwn(value, "conditionType") ? value.conditionType : undefined;
  if (type === undefined) return { node: { conditionType: "Is", matcher: value }, pointer, type: "Is" };
  if (typeof type !== "string") {
    cx.error(
      at(pointer, "conditionType"),
      "expected-condition",
      `expected a condition type name, found ${describe(type)}`,
    );
    return undefined;
  }
  return { node: value, pointer, type };
}

/** A node's conditions (`conditions` or `thatMatches`), as a list with pointers; [] when absent. */
export function conditionsOf(
  cx: BagelContext,
  node: Record<string, unknown>,
  pointer: string,
): { value: unknown; pointer: string }[] | undefined {
  const key = Object.hasOwn(node, "conditions")
    ? "conditions"
    : Object.hasOwn(node, "thatMatches")
      ? "thatMatches"
      : undefined;
  if (key === undefined) return [];
  const value = node[key];
  const p = at(pointer, key);
  if (Array.isArray(value)) return value.map((v, i) => ({ value: v, pointer: at(p, i) }));
  if (typeof value === "string" || isRecord(value)) return [{ value, pointer: p }];
  cx.error(p, "expected-conditions", `expected a list of conditions, found ${describe(value)}`);
  return undefined;
}

/** A move's type (`moveType` or `type`). */
export function moveTypeOf(node: Record<string, unknown>): unknown {
  return Object.hasOwn(node, "moveType")
    ? node.moveType
    : Object.hasOwn(node, "type")
      ? node.type
      : undefined;
}

/** An entity's type (`entityType` or `type`): `Grid`, `Space` or undefined for pieces and cards. */
export function entityTypeOf(node: Record<string, unknown>): unknown {
  return Object.hasOwn(node, "entityType")
    ? node.entityType
    : Object.hasOwn(node, "type")
      ? node.type
      : undefined;
}

/** The key a game's end scenarios are under (`endIf`, or the legacy `endConditions`). */
export function endIfOf(
  node: Record<string, unknown>,
  pointer: string,
): { value: unknown; pointer: string } | undefined {
  if (Object.hasOwn(node, "endIf")) return { value: node.endIf, pointer: at(pointer, "endIf") };
  if (Object.hasOwn(node, "endConditions"))
    return { value: node.endConditions, pointer: at(pointer, "endConditions") };
  return undefined;
}
