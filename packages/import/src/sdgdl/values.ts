/**
 * Names, property access and bracket access: `entity`, `start`, `target`, `board[cell]`, `state.name`,
 * `entity.owner.pawn_direction`, `target.x`.
 * @module
 */
import type { Syntax } from "./syntax.js";
import { type Cx, NOTHING, type Typed } from "./typed.js";

export type Translate = (cx: Cx, node: Syntax) => Typed;

const NAMES: Record<string, Typed> = {
  entity: { e: { get: "piece" }, kind: "piece" },
  start: { e: { get: "from" }, kind: "cell" },
  target: { e: { get: "to" }, kind: "cell" },
  null: { e: -1, kind: "null" },
  true: { e: true, kind: "bool" },
  false: { e: false, kind: "bool" },
};

export function nameValue(cx: Cx, node: Syntax & { kind: "name" }): Typed {
  const local = cx.locals.get(node.name);
  if (local !== undefined) return local;
  const known = NAMES[node.name];
  if (known !== undefined && Object.hasOwn(NAMES, node.name)) return known;
  if (node.name === "board" || node.name === "state")
    return cx.fault(
      node,
      "incomplete-access",
      `"${node.name}" needs ${node.name === "board" ? "[cell]" : ".name"} after it`,
    );
  return cx.fault(
    node,
    "unknown-name",
    `unknown name "${node.name}"`,
    "expected entity, start, target, board[…], state.…, null, true or false",
  );
}

function stateMember(cx: Cx, node: Syntax & { kind: "member" }): Typed {
  if (node.key === "current_player") return { e: { seat: "current" }, kind: "seat" };
  const v = cx.scope.stateVars.get(node.key);
  if (!v)
    return cx.fault(
      node,
      "unknown-state",
      `no state variable "${node.key}"`,
      `state_schema.global declares ${["current_player", ...cx.scope.stateVars.keys()].join(", ")}`,
    );
  const e = { var: node.key };
  if (v.type === "player_ref") return { e, kind: "seat" };
  if (v.type === "string") return { e, kind: "enum", enumName: v.enumName as string };
  return { e, kind: v.type === "bool" ? "bool" : "num" };
}

function pieceMember(cx: Cx, node: Syntax & { kind: "member" }, piece: Typed): Typed {
  const key = node.key;
  if (key === "owner") return { e: { attr: "owner", of: piece.e }, kind: "seat" };
  if (key === "pos") return { e: { cellOf: piece.e }, kind: "cell" };
  if (cx.scope.kindAttrs.has(key))
    return { e: { attr: "type", of: piece.e }, kind: "kind", piece: piece.e, attr: key };
  const a = cx.scope.pieceAttrs.get(key);
  if (!a)
    return cx.fault(
      node,
      "unknown-attribute",
      `no entity attribute "${key}"`,
      "entity_schemas declare owner, pos and the attributes listed there",
    );
  const e = { attr: key, of: piece.e };
  if (a.type === "string") return { e, kind: "enum", enumName: a.enumName as string };
  return { e, kind: a.type === "bool" ? "bool" : "num" };
}

export function memberValue(cx: Cx, node: Syntax & { kind: "member" }, translate: Translate): Typed {
  if (node.of.kind === "name" && node.of.name === "state") return stateMember(cx, node);
  const of = translate(cx, node.of);
  if (of === NOTHING) return NOTHING;
  if (of.kind === "piece") return pieceMember(cx, node, of);
  if (of.kind === "cell") {
    if (node.key === "x") return { e: { x: of.e }, kind: "num" };
    if (node.key === "y") return { e: { y: of.e }, kind: "num" };
    return cx.fault(node, "unknown-property", `a position has .x and .y, not .${node.key}`);
  }
  if (of.kind === "seat") {
    if (!cx.scope.seatAttrs.has(node.key))
      return cx.fault(
        node,
        "unknown-attribute",
        `no numeric player attribute "${node.key}"`,
        `the roles' attributes are ${[...cx.scope.seatAttrs.keys()].join(", ") || "none"}`,
      );
    return { e: { seatAttr: node.key, seat: of.e }, kind: "num" };
  }
  return cx.fault(node, "bad-access", `.${node.key} cannot be read from a ${of.kind}`);
}

export function indexValue(cx: Cx, node: Syntax & { kind: "index" }, translate: Translate): Typed {
  if (node.of.kind !== "name" || node.of.name !== "board")
    return cx.fault(node, "bad-index", "only board[…] may be indexed, with a position");
  const cell = translate(cx, node.index);
  if (cell === NOTHING) return NOTHING;
  if (cell.kind !== "cell")
    return cx.fault(node.index, "expected-position", `board[…] takes a position, not a ${cell.kind}`);
  return { e: { pieceAt: cell.e }, kind: "piece" };
}
