/**
 * The expression functions, one entry each: how many arguments a call takes and the typed expression it
 * becomes. An unknown function is a located error, never a guess.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import type { Syntax } from "./syntax.js";
import { type Cx, NOTHING, type Typed } from "./typed.js";
import {
  indexValue as indexOf,
  memberValue as memberOf,
  type Translate,
  nameValue as valueOfName,
} from "./values.js";

interface FunctionEntry {
  min: number;
  max: number;
  /** What the arguments are, for messages: `(a, b)`. */
  shape: string;
  translate(cx: Cx, node: Syntax & { kind: "call" }, tr: Translate): Typed;
}

function args(cx: Cx, node: Syntax & { kind: "call" }, tr: Translate): Typed[] | null {
  const out = node.args.map((a) => tr(cx, a));
  return out.includes(NOTHING) ? null : out;
}

function numeric(cx: Cx, node: Syntax & { kind: "call" }, vals: Typed[]): boolean {
  for (const [i, v] of vals.entries())
    if (v.kind === "string" || v.kind === "kind" || v.kind === "enum") {
      cx.fault(
        node.args[i] as Syntax,
        "expected-number",
        `${node.fn}(…) takes numbers; argument ${i + 1} is a ${v.kind === "kind" ? "piece's kind" : v.kind}`,
      );
      return false;
    }
  return true;
}

/**
 * An entry whose arguments are all translated first; `numeric` entries refuse strings, kinds and enum
 * labels among them.
 */
function entry(
  min: number,
  max: number,
  shape: string,
  build: (cx: Cx, node: Syntax & { kind: "call" }, vals: Typed[]) => Typed,
  numericOnly = false,
): FunctionEntry {
  return {
    min,
    max,
    shape,
    translate(cx, node, tr) {
      const vals = args(cx, node, tr);
      if (!vals || (numericOnly && !numeric(cx, node, vals))) return NOTHING;
      return build(cx, node, vals);
    },
  };
}

const op = (name: string, operands: Expr[], kind: Typed["kind"]): Typed => ({
  e: { [name]: operands } as unknown as Expr,
  kind,
});

function arithmetic(
  name: "add" | "mul" | "min" | "max" | "sub" | "div" | "mod",
  variadic: boolean,
): FunctionEntry {
  return entry(
    variadic ? 1 : 2,
    variadic ? 32 : 2,
    variadic ? "(a, b, …)" : "(a, b)",
    (_cx, _n, vals) =>
      op(
        name,
        vals.map((v) => v.e),
        "num",
      ),
    true,
  );
}

const order = (name: "gt" | "lt" | "ge" | "le") =>
  entry(
    2,
    2,
    "(a, b)",
    (_cx, _n, vals) =>
      op(
        name,
        vals.map((v) => v.e),
        "bool",
      ),
    true,
  );

const logic = (name: "and" | "or") =>
  entry(1, 64, "(a, b, …)", (_cx, _n, vals) =>
    op(
      name,
      vals.map((v) => v.e),
      "bool",
    ),
  );

/** `eq` and `ne`: a piece's kind against a kind name becomes a type test; null is "none". */
function compare(negate: boolean): FunctionEntry {
  return entry(2, 2, "(a, b)", (cx, node, vals) => {
    let [a, b] = vals as [Typed, Typed];
    let bNode = node.args[1] as Syntax;
    if (a.kind === "string" && b.kind !== "string") {
      [a, b] = [b, a];
      bNode = node.args[0] as Syntax;
    }
    let e: Expr;
    if (b.kind === "string") {
      const lit = b.lit as string;
      if (a.kind === "kind") {
        const types = cx.scope.typesOf(a.attr as string, lit);
        if (types.length === 0) return cx.fault(bNode, "unknown-kind", `no entity has ${a.attr} '${lit}'`);
        e = { is: [a.piece as Expr, types] };
      } else if (a.kind === "enum") {
        if (!(cx.scope.enums[a.enumName as string] ?? []).includes(lit))
          return cx.fault(bNode, "unknown-label", `'${lit}' is not a value this attribute takes`);
        e = { eq: [a.e, lit] };
      } else if (a.kind === "string") e = a.lit === lit;
      else return cx.fault(node, "compare-string", `a ${a.kind} cannot be compared with the string '${lit}'`);
    } else if ((a.kind === "kind") !== (b.kind === "kind") && a.kind !== "null" && b.kind !== "null")
      return cx.fault(
        node,
        "compare-kind",
        "a piece's kind can be compared with a kind name or another piece's kind",
      );
    else e = { eq: [a.e, b.e] };
    return { e: negate ? { not: e } : e, kind: "bool" };
  });
}

function cells(make: (a: Expr, b: Expr) => Expr, kind: "cell" | "bool"): FunctionEntry {
  return entry(2, 2, "(start, target)", (cx, node, vals) => {
    for (const [i, v] of vals.entries())
      if (v.kind !== "cell")
        return cx.fault(
          node.args[i] as Syntax,
          "expected-position",
          `${node.fn}(…) takes positions; argument ${i + 1} is a ${v.kind}`,
        );
    return { e: make((vals[0] as Typed).e, (vals[1] as Typed).e), kind };
  });
}

/** The seat after `p` in order: for two seats, the other one. */
const nextSeat = (p: Expr): Expr => ({ mod: [{ add: [p, 1] }, { seatCount: {} }] });

/** A function of one player; `only` limits where it may be read (end conditions). */
function ofPlayer(
  build: (p: Expr, cx: Cx, node: Syntax & { kind: "call" }) => Typed,
  only?: "end",
): FunctionEntry {
  return entry(1, 1, "(player)", (cx, node, vals) => {
    if (only && cx.place !== only)
      return cx.fault(node, "end-only", `${node.fn}(…) is read only in end conditions`);
    const p = vals[0] as Typed;
    if (p.kind !== "seat")
      return cx.fault(
        node.args[0] as Syntax,
        "expected-player",
        `${node.fn}(…) takes a player, not a ${p.kind}`,
      );
    return build(p.e, cx, node);
  });
}

export const FUNCTIONS: Record<string, FunctionEntry> = {
  eq: compare(false),
  ne: compare(true),
  gt: order("gt"),
  lt: order("lt"),
  ge: order("ge"),
  gte: order("ge"),
  le: order("le"),
  lte: order("le"),
  and: logic("and"),
  or: logic("or"),
  not: entry(1, 1, "(a)", (_cx, _n, vals) => ({ e: { not: (vals[0] as Typed).e }, kind: "bool" })),
  add: arithmetic("add", true),
  mul: arithmetic("mul", true),
  min: arithmetic("min", true),
  max: arithmetic("max", true),
  sub: arithmetic("sub", false),
  div: arithmetic("div", false),
  mod: arithmetic("mod", false),
  abs: entry(1, 1, "(x)", (_cx, _n, vals) => ({ e: { abs: (vals[0] as Typed).e }, kind: "num" }), true),
  mid_pos: cells((a, b) => ({ mid: [a, b] }), "cell"),
  path_clear: cells((a, b) => ({ clear: [a, b] }), "bool"),
  other_player: ofPlayer((p) => ({ e: nextSeat(p), kind: "seat" })),
  player: {
    min: 1,
    max: 1,
    shape: "('Name')",
    translate(cx, node) {
      const a = node.args[0] as Syntax;
      if (a.kind !== "string") return cx.fault(a, "expected-role", "player(…) takes a role's name in quotes");
      const seat = cx.scope.seats.indexOf(a.value);
      if (seat < 0)
        return cx.fault(
          a,
          "unknown-role",
          `no role named '${a.value}'`,
          `the roles are ${cx.scope.seats.join(", ")}`,
        );
      return { e: seat, kind: "seat" };
    },
  },
  // The functions of end conditions, as the implementation's game files write them.
  opponent_of: ofPlayer((p) => ({ e: nextSeat(p), kind: "seat" })),
  entities_of_player: ofPlayer((p) => ({ e: { count: { owner: p } }, kind: "pieces", seat: p })),
  // Only the player to move's moves are known; another player's count is taken as not zero.
  get_all_legal_moves_for: ofPlayer(
    (p) => ({ e: { if: [{ eq: [p, { seat: "current" }] }, { legalMoves: {} }, 1] }, kind: "moves", seat: p }),
    "end",
  ),
  size: entry(1, 1, "(list)", (cx, node, vals) => {
    const list = vals[0] as Typed;
    if (list.kind !== "pieces" && list.kind !== "moves")
      return cx.fault(
        node.args[0] as Syntax,
        "expected-list",
        `size(…) takes entities_of_player(…) or get_all_legal_moves_for(…), not a ${list.kind}`,
      );
    return { e: list.e, kind: "num" };
  }),
  king_captured: ofPlayer((p, cx, node) => {
    const kings = [...cx.scope.kindAttrs].flatMap((attr) => cx.scope.typesOf(attr, "king"));
    if (kings.length === 0)
      return cx.fault(node, "unknown-kind", "king_captured(…) needs entities of the kind 'king'");
    return { e: { not: { exists: { type: kings, owner: p } } }, kind: "bool" };
  }),
  if: entry(3, 3, "(condition, then, else)", (_cx, _n, vals) => {
    const [c, a, b] = vals as [Typed, Typed, Typed];
    return { e: { if: [c.e, a.e, b.e] }, kind: a.kind === "null" ? b.kind : a.kind };
  }),
};

/** The typed value of any syntax node. */
export const translate: Translate = (cx, node) => {
  switch (node.kind) {
    case "number":
      if (!Number.isInteger(node.value) || Math.abs(node.value) > 1e9)
        return cx.fault(node, "expected-integer", `${node.value}: values are whole numbers`);
      return { e: node.value, kind: "num" };
    case "string":
      return { e: node.value, kind: "string", lit: node.value };
    case "name":
      return valueOfName(cx, node);
    case "member":
      return memberOf(cx, node, translate);
    case "index":
      return indexOf(cx, node, translate);
    case "call": {
      const entry = Object.hasOwn(FUNCTIONS, node.fn) ? FUNCTIONS[node.fn] : undefined;
      if (!entry)
        return cx.fault(
          node,
          "unknown-function",
          `unknown function ${node.fn}(…)`,
          `expression functions are ${Object.keys(FUNCTIONS).join(", ")}; set, if and remove_entity are effects`,
        );
      if (node.args.length < entry.min || node.args.length > entry.max)
        return cx.fault(
          node,
          "arity",
          `${node.fn}${entry.shape} takes ${entry.min === entry.max ? entry.min : `${entry.min} or more`} argument(s), not ${node.args.length}`,
        );
      return entry.translate(cx, node, translate);
    }
  }
};
