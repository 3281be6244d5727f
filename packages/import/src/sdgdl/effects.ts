/**
 * Effects: `set(…)`, `if(condition, effect[, effect])` and `remove_entity(…)`, one entry each. The
 * language keeps a board (cell → entity) and each entity's `pos` side by side; a match keeps only where
 * each piece stands, so the idiom that moves an entity (clear its start, put it on the target, set its
 * pos) becomes one move, and each half alone means what it does to the board.
 * @module
 */
import type { Effect } from "@gridponder/match/validate";
import { translate } from "./functions.js";
import { printSyntax, type Syntax } from "./syntax.js";
import { type Cx, NOTHING } from "./typed.js";

type Call = Syntax & { kind: "call" };

/** The functions an effect may be. */
export const EFFECT_FUNCTIONS = ["set", "if", "remove_entity"] as const;

function isCall(n: Syntax, fn: string): n is Call {
  return n.kind === "call" && n.fn === fn;
}

/** `set(board[X], value)`: the cell X and the value written, when the effect has that shape. */
function boardWrite(n: Syntax): { cell: Syntax; value: Syntax } | null {
  if (!isCall(n, "set") || n.args.length !== 2) return null;
  const [target, value] = n.args as [Syntax, Syntax];
  if (target.kind !== "index" || target.of.kind !== "name" || target.of.name !== "board") return null;
  return { cell: target.index, value };
}

const isNull = (n: Syntax) => n.kind === "name" && n.name === "null";

/**
 * Which effects of a list the move idiom makes redundant: clearing the start before the entity is put
 * on a cell, and setting its pos to the cell it was just put on.
 */
export function redundantEffects(list: readonly Syntax[]): Set<number> {
  const skip = new Set<number>();
  list.forEach((n, i) => {
    const w = boardWrite(n);
    if (w && isNull(w.value) && w.cell.kind === "name" && w.cell.name === "start") {
      const later = list.slice(i + 1).some((m) => {
        const put = boardWrite(m);
        return put !== null && put.value.kind === "name" && put.value.name === "entity";
      });
      if (later) skip.add(i);
    }
    if (isCall(n, "set") && n.args.length === 2 && n.args[0]?.kind === "member" && n.args[0].key === "pos") {
      const who = printSyntax(n.args[0].of);
      const where = printSyntax(n.args[1] as Syntax);
      const put = list.slice(0, i).some((m) => {
        const w2 = boardWrite(m);
        return w2 !== null && printSyntax(w2.value) === who && printSyntax(w2.cell) === where;
      });
      if (put) skip.add(i);
    }
  });
  return skip;
}

function setEffect(cx: Cx, node: Call): Effect | null {
  if (node.args.length !== 2) {
    cx.fault(node, "arity", `set(target, value) takes 2 arguments, not ${node.args.length}`);
    return null;
  }
  const [target, valueNode] = node.args as [Syntax, Syntax];
  const w = boardWrite(node);
  if (w) {
    const cell = translate(cx, w.cell);
    if (cell === NOTHING) return null;
    if (cell.kind !== "cell") {
      cx.fault(w.cell, "expected-position", `board[…] takes a position, not a ${cell.kind}`);
      return null;
    }
    if (isNull(valueNode)) return { remove: { pieceAt: cell.e } };
    const value = translate(cx, valueNode);
    if (value === NOTHING) return null;
    if (value.kind !== "piece") {
      cx.fault(valueNode, "expected-entity", `a board cell holds an entity or null, not a ${value.kind}`);
      return null;
    }
    return { move: { piece: value.e, to: cell.e } };
  }
  if (target.kind !== "member") {
    cx.fault(target, "set-target", "set(…) writes board[cell], state.name or an entity's attribute");
    return null;
  }
  if (target.of.kind === "name" && target.of.name === "state") {
    if (target.key === "current_player") {
      cx.fault(
        target,
        "set-current-player",
        "setting state.current_player is not supported: the import passes the turn to the next player after every action",
      );
      return null;
    }
    const v = cx.scope.stateVars.get(target.key);
    if (!v) {
      cx.fault(target, "unknown-state", `no state variable "${target.key}"`);
      return null;
    }
    const value = translate(cx, valueNode);
    if (value === NOTHING) return null;
    if (v.type === "string" && value.kind !== "string" && value.kind !== "enum") {
      cx.fault(valueNode, "expected-string", `state.${target.key} holds a string`);
      return null;
    }
    return { set: { var: target.key, to: value.e } };
  }
  const piece = translate(cx, target.of);
  if (piece === NOTHING) return null;
  if (piece.kind !== "piece") {
    cx.fault(target.of, "set-target", `only an entity's attributes can be set, not a ${piece.kind}'s`);
    return null;
  }
  if (target.key === "pos") {
    const cell = translate(cx, valueNode);
    if (cell === NOTHING) return null;
    if (cell.kind !== "cell") {
      cx.fault(valueNode, "expected-position", `pos is a position, not a ${cell.kind}`);
      return null;
    }
    return { move: { piece: piece.e, to: cell.e } };
  }
  if (target.key === "owner") {
    cx.fault(
      target,
      "set-owner",
      "changing an entity's owner is not supported: a match piece keeps its seat",
    );
    return null;
  }
  if (cx.scope.kindAttrs.has(target.key)) {
    if (valueNode.kind !== "string") {
      cx.fault(valueNode, "expected-kind", `${target.key} becomes a kind name in quotes, such as 'queen'`);
      return null;
    }
    const types = cx.scope.typesOf(target.key, valueNode.value);
    if (types.length !== 1) {
      cx.fault(valueNode, "unknown-kind", `no single entity kind '${valueNode.value}'`);
      return null;
    }
    return { setType: { of: piece.e, to: types[0] as string } };
  }
  const attr = cx.scope.pieceAttrs.get(target.key);
  if (!attr) {
    cx.fault(target, "unknown-attribute", `no entity attribute "${target.key}"`);
    return null;
  }
  const value = translate(cx, valueNode);
  if (value === NOTHING) return null;
  return { setAttr: { of: piece.e, attr: target.key, to: value.e } };
}

/** One effect call. */
export function translateEffect(cx: Cx, node: Syntax, depth = 0): Effect | null {
  if (depth > 16) {
    cx.fault(node, "too-deep", "effects nest more than 16 deep");
    return null;
  }
  if (node.kind !== "call") {
    cx.fault(node, "expected-effect", "an effect is a call: set(…), if(…) or remove_entity(…)");
    return null;
  }
  if (node.fn === "set") return setEffect(cx, node);
  if (node.fn === "remove_entity") {
    if (node.args.length !== 1) {
      cx.fault(node, "arity", "remove_entity(entity) takes 1 argument");
      return null;
    }
    const p = translate(cx, node.args[0] as Syntax);
    if (p === NOTHING) return null;
    if (p.kind !== "piece") {
      cx.fault(
        node.args[0] as Syntax,
        "expected-entity",
        `remove_entity(…) takes an entity, not a ${p.kind}`,
      );
      return null;
    }
    return { remove: p.e };
  }
  if (node.fn === "if") {
    if (node.args.length < 2 || node.args.length > 3) {
      cx.fault(node, "arity", "if(condition, effect[, effect]) takes 2 or 3 arguments");
      return null;
    }
    const cond = translate(cx, node.args[0] as Syntax);
    const then = translateEffect(cx, node.args[1] as Syntax, depth + 1);
    const otherwise = node.args[2] === undefined ? undefined : translateEffect(cx, node.args[2], depth + 1);
    if (cond === NOTHING || then === null || otherwise === null) return null;
    // biome-ignore lint/suspicious/noThenProperty: the match format's conditional effect has a `then` field.
    return { if: cond.e, then: [then], ...(otherwise ? { else: [otherwise] } : {}) };
  }
  cx.fault(
    node,
    "unknown-effect",
    `unknown effect ${node.fn}(…)`,
    "effects are set(…), if(…) and remove_entity(…)",
  );
  return null;
}
