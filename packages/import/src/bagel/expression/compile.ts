/**
 * Translates a parsed formula (`expression` references and `Evaluate` conditions) into match
 * expressions, with its `arguments` resolved as values. Strings that spell a player ("0") are numbers;
 * other strings are labels (a suit), compared as the match format compares enum labels.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import type { Tr } from "../api.js";
import { BagelContext } from "../context.js";
import { and, ifThen, not, or } from "../exprs.js";
import type { Env, Val } from "../model.js";
import { type Ast, parseExpression } from "./parser.js";

/** The functions a formula may call, with how many arguments. */
export const FUNCTIONS = ["abs", "min", "max", "sum", "count", "length"] as const;

type Scope = Map<string, Val>;

/** Compiles the `expression` of a node with its `arguments`. */
export function compileFormula(
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
): Val | undefined {
  const cx = tr.cx;
  const text = BagelContext.get(node, "expression");
  const p = at(pointer, "expression");
  if (typeof text !== "string") {
    cx.error(p, "expected-expression", `expected a formula (a string), found ${describe(text)}`);
    return undefined;
  }
  const parsed = parseExpression(text);
  if (!parsed.ok) {
    cx.error(
      p,
      "expression-syntax",
      `the expression ${JSON.stringify(text.slice(0, 80))} is not valid at character ${parsed.at + 1}: ${parsed.message}`,
    );
    return undefined;
  }
  const args = BagelContext.get(node, "arguments") ?? {};
  if (!isRecord(args)) {
    cx.error(
      at(pointer, "arguments"),
      "expected-arguments",
      `expected an object of arguments, found ${describe(args)}`,
    );
    return undefined;
  }
  const scope: Scope = new Map();
  let ok = true;
  for (const [name, v] of Object.entries(args)) {
    const ap = at(pointer, "arguments", name);
    if (cx.name(name, ap, "argument") === undefined) {
      ok = false;
      continue;
    }
    const val = literal(v) ?? tr.value(v, ap, env, depth + 1);
    if (val === undefined) ok = false;
    else scope.set(name, val);
  }
  if (!ok) return undefined;
  return new FormulaCompiler(tr, p, text, scope).val(parsed.ast);
}

/** A literal argument: a number, a boolean, a string or a list of numbers (a location). */
function literal(v: unknown): Val | undefined {
  if (typeof v === "number" && Number.isFinite(v)) return { kind: "num", e: v };
  if (typeof v === "boolean") return { kind: "num", e: v };
  if (typeof v === "string") return { kind: "str", s: v };
  if (Array.isArray(v) && v.length <= 8 && v.every((x) => typeof x === "number" && Number.isFinite(x)))
    return { kind: "vec", items: v as number[] };
  return undefined;
}

class Fault extends Error {}

class FormulaCompiler {
  constructor(
    private readonly tr: Tr,
    private readonly pointer: string,
    private readonly text: string,
    private readonly scope: Scope,
  ) {}

  private fail(node: Ast, code: string, message: string): never {
    this.tr.cx.error(
      this.pointer,
      code,
      `${message} at character ${node.at + 1} of ${JSON.stringify(this.text.slice(0, 80))}`,
    );
    throw new Fault();
  }

  val(ast: Ast): Val | undefined {
    try {
      return this.eval(ast);
    } catch (error) {
      if (error instanceof Fault) return undefined;
      throw error;
    }
  }

  /** A value as a number expression: player strings become seat numbers, label strings stay names. */
  private num(v: Val, node: Ast): Expr {
    if (v.kind === "num") return v.e;
    if (v.kind === "str") return /^-?[0-9]+$/.test(v.s) ? Number(v.s) : v.s;
    if (v.kind === "subject" && v.s.kind === "seat") return v.s.seat;
    return this.fail(
      node,
      "expression-type",
      `expected a number here, found ${v.kind === "vec" ? "a list" : "an entity or a set"}`,
    );
  }

  private eval(ast: Ast): Val {
    switch (ast.t) {
      case "num":
        if (!Number.isInteger(ast.v)) this.fail(ast, "expression-number", "only whole numbers are supported");
        return { kind: "num", e: ast.v };
      case "str":
        return { kind: "str", s: ast.v };
      case "id": {
        const v = this.scope.get(ast.name);
        if (v === undefined)
          this.fail(
            ast,
            "expression-unknown-name",
            `unknown name "${ast.name}" (the expression's arguments are ${[...this.scope.keys()].join(", ") || "none"})`,
          );
        return v;
      }
      case "array":
        return { kind: "vec", items: ast.items.map((x) => this.num(this.eval(x), x)) };
      case "index": {
        const of = this.eval(ast.of);
        const i = ast.index.t === "num" ? ast.index.v : -1;
        if (of.kind === "vec" && Number.isInteger(i) && i >= 0 && i < of.items.length)
          return { kind: "num", e: of.items[i] as Expr };
        return this.fail(ast, "expression-index", "only a list indexed by a constant within it is supported");
      }
      case "member": {
        const of = this.eval(ast.of);
        if (ast.name === "length") return this.length(of, ast);
        return this.fail(ast, "expression-member", `the member ".${ast.name}" is not supported`);
      }
      case "call":
        return this.call(ast);
      case "unary": {
        const x = this.eval(ast.x);
        if (ast.op === "not") return { kind: "num", e: not(this.num(x, ast.x)) };
        if (ast.op === "-") return { kind: "num", e: { neg: this.num(x, ast.x) } };
        return { kind: "num", e: this.num(x, ast.x) };
      }
      case "cond": {
        const c = this.num(this.eval(ast.c), ast.c);
        const a = this.eval(ast.a);
        const b = this.eval(ast.b);
        if (a.kind === "vec" && b.kind === "vec" && a.items.length === b.items.length)
          return { kind: "vec", items: a.items.map((x, i) => ifThen(c, x, b.items[i] as Expr)) };
        return { kind: "num", e: ifThen(c, this.num(a, ast.a), this.num(b, ast.b)) };
      }
      case "binary":
        return this.binary(ast);
    }
  }

  private length(v: Val, node: Ast): Val {
    if (v.kind === "seats") return { kind: "num", e: { seatCount: {} } };
    if (v.kind === "vec") return { kind: "num", e: v.items.length };
    if (v.kind === "pieces" && v.set.perSeat !== true) {
      const counts = v.set.scopes.map((q) => ({ count: q }) as Expr);
      return { kind: "num", e: counts.length === 1 ? (counts[0] as Expr) : { add: counts } };
    }
    return this.fail(node, "expression-type", "`length` of this value is not supported");
  }

  private call(ast: Extract<Ast, { t: "call" }>): Val {
    const name = ast.name;
    if (!(FUNCTIONS as readonly string[]).includes(name))
      this.fail(
        ast,
        "expression-unknown-function",
        `unknown function "${name}"; expected one of ${FUNCTIONS.join(", ")}`,
      );
    const args = ast.args.map((a) => this.eval(a));
    if (name === "abs") {
      if (args.length !== 1) this.fail(ast, "expression-arguments", "abs takes one argument");
      return { kind: "num", e: { abs: this.num(args[0] as Val, ast) } };
    }
    if (name === "count" || name === "length") {
      if (args.length !== 1) this.fail(ast, "expression-arguments", `${name} takes one argument`);
      return this.length(args[0] as Val, ast);
    }
    if (name === "sum") {
      const v = args[0];
      if (args.length !== 1 || v === undefined)
        return this.fail(ast, "expression-arguments", "sum takes one list");
      if (v.kind === "vec") return { kind: "num", e: { add: v.items } };
      if (v.kind === "pieces" && v.set.perSeat !== true) {
        const mapping = v.set.mapping;
        const parts = v.set.scopes.map((q) => {
          const value = mapping ? mapping({ kind: "piece", piece: { get: "it" } }) : undefined;
          return { sum: { ...q, value: value === undefined ? 1 : this.num(value, ast) } } as Expr;
        });
        return { kind: "num", e: parts.length === 1 ? (parts[0] as Expr) : { add: parts } };
      }
      return this.fail(ast, "expression-type", "sum of this value is not supported");
    }
    // min and max: over their arguments, or over one list.
    const items =
      args.length === 1 && args[0]?.kind === "vec" ? args[0].items : args.map((a) => this.num(a, ast));
    if (items.length === 0) this.fail(ast, "expression-arguments", `${name} needs arguments`);
    return { kind: "num", e: name === "min" ? { min: items } : { max: items } };
  }

  private binary(ast: Extract<Ast, { t: "binary" }>): Val {
    const l = this.eval(ast.l);
    const r = this.eval(ast.r);
    const a = () => this.num(l, ast.l);
    const b = () => this.num(r, ast.r);
    switch (ast.op) {
      case "and":
        return { kind: "num", e: and(a(), b()) };
      case "or":
        return { kind: "num", e: or(a(), b()) };
      case "==":
      case "!=": {
        if (l.kind === "vec" && r.kind === "vec" && l.items.length === r.items.length) {
          const all = and(...l.items.map((x, i) => ({ eq: [x, r.items[i] as Expr] }) as Expr));
          return { kind: "num", e: ast.op === "==" ? all : not(all) };
        }
        return { kind: "num", e: ast.op === "==" ? { eq: [a(), b()] } : { ne: [a(), b()] } };
      }
      case "<":
        return { kind: "num", e: { lt: [a(), b()] } };
      case "<=":
        return { kind: "num", e: { le: [a(), b()] } };
      case ">":
        return { kind: "num", e: { gt: [a(), b()] } };
      case ">=":
        return { kind: "num", e: { ge: [a(), b()] } };
      case "+":
        return { kind: "num", e: { add: [a(), b()] } };
      case "-":
        return { kind: "num", e: { sub: [a(), b()] } };
      case "*":
        return { kind: "num", e: { mul: [a(), b()] } };
      case "%": {
        // expr-eval's % keeps the dividend's sign; the match format's never negative: equal for a
        // non-negative dividend, which is all a turn order reads.
        return { kind: "num", e: { mod: [a(), b()] } };
      }
      default:
        return this.fail(
          ast,
          "expression-operator",
          `the operator "${ast.op}" is not supported (division and powers can leave whole numbers)`,
        );
    }
  }
}
