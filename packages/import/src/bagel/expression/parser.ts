/**
 * A parser for the formulas of B.A.G.E.L.'s `expression` and `Evaluate` (the expr-eval syntax): a
 * tokenizer and a precedence-climbing parser into a small syntax tree. The text is never evaluated as
 * code; the tree is translated into the match format's typed expressions by `compile.ts`.
 * @module
 */

export type Ast =
  | { t: "num"; v: number; at: number }
  | { t: "str"; v: string; at: number }
  | { t: "id"; name: string; at: number }
  | { t: "array"; items: Ast[]; at: number }
  | { t: "call"; name: string; args: Ast[]; at: number }
  | { t: "index"; of: Ast; index: Ast; at: number }
  | { t: "member"; of: Ast; name: string; at: number }
  | { t: "unary"; op: string; x: Ast; at: number }
  | { t: "binary"; op: string; l: Ast; r: Ast; at: number }
  | { t: "cond"; c: Ast; a: Ast; b: Ast; at: number };

export type ParseResult = { ok: true; ast: Ast } | { ok: false; message: string; at: number };

interface Token {
  k: "num" | "str" | "id" | "op" | "end";
  v: string;
  at: number;
}

/** The longest formula read, and how deeply it may nest. */
export const MAX_EXPRESSION_CHARS = 2000;
const MAX_NESTING = 32;

const OPERATORS = [
  "==",
  "!=",
  "<=",
  ">=",
  "||",
  "<",
  ">",
  "+",
  "-",
  "*",
  "/",
  "%",
  "^",
  "?",
  ":",
  "(",
  ")",
  "[",
  "]",
  ",",
  ".",
  "!",
  "=",
];
const WORD_OPERATORS = new Set(["and", "or", "not", "in"]);

class SyntaxFault extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      const m = /^(?:[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?)/.exec(text.slice(i));
      const v = (m as RegExpExecArray)[0];
      out.push({ k: "num", v, at: i });
      i += v.length;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let v = "";
      while (j < text.length && text[j] !== c) {
        if (text[j] === "\\" && j + 1 < text.length) {
          v += text[j + 1];
          j += 2;
        } else v += text[j++];
      }
      if (j >= text.length) throw new SyntaxFault("a string is not closed", i);
      out.push({ k: "str", v, at: i });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(text.slice(i));
      const v = (m as RegExpExecArray)[0];
      out.push({ k: WORD_OPERATORS.has(v) ? "op" : "id", v, at: i });
      i += v.length;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op === undefined) throw new SyntaxFault(`unexpected character ${JSON.stringify(c)}`, i);
    out.push({ k: "op", v: op, at: i });
    i += op.length;
  }
  out.push({ k: "end", v: "", at: text.length });
  return out;
}

/** Binary operators by precedence, lowest first (expr-eval's order). */
const LEVELS: string[][] = [
  ["or"],
  ["and"],
  ["==", "!=", "<", "<=", ">", ">=", "in"],
  ["+", "-", "||"],
  ["*", "/", "%"],
];

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }
  private next(): Token {
    return this.tokens[this.i++] as Token;
  }
  private isOp(v: string): boolean {
    const t = this.peek();
    return t.k === "op" && t.v === v;
  }
  private expect(v: string): void {
    const t = this.next();
    if (t.k !== "op" || t.v !== v)
      throw new SyntaxFault(`expected "${v}", found ${t.k === "end" ? "the end" : `"${t.v}"`}`, t.at);
  }

  parseAll(): Ast {
    const ast = this.conditional();
    const t = this.peek();
    if (t.k !== "end") throw new SyntaxFault(`unexpected "${t.v}" after a complete expression`, t.at);
    return ast;
  }

  private nest<T>(f: () => T): T {
    if (++this.depth > MAX_NESTING)
      throw new SyntaxFault(`the expression nests deeper than ${MAX_NESTING}`, this.peek().at);
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private conditional(): Ast {
    return this.nest(() => {
      const c = this.binary(0);
      if (!this.isOp("?")) return c;
      const at = this.next().at;
      const a = this.conditional();
      this.expect(":");
      const b = this.conditional();
      return { t: "cond", c, a, b, at };
    });
  }

  private binary(level: number): Ast {
    if (level >= LEVELS.length) return this.unary();
    let l = this.binary(level + 1);
    const ops = LEVELS[level] as string[];
    while (this.peek().k === "op" && ops.includes(this.peek().v)) {
      const t = this.next();
      const r = this.binary(level + 1);
      l = { t: "binary", op: t.v, l, r, at: t.at };
    }
    return l;
  }

  private unary(): Ast {
    const t = this.peek();
    if (t.k === "op" && (t.v === "-" || t.v === "+" || t.v === "not")) {
      this.next();
      return this.nest(() => ({ t: "unary", op: t.v, x: this.unary(), at: t.at }));
    }
    return this.power();
  }

  private power(): Ast {
    const base = this.postfix();
    if (this.isOp("^")) {
      const at = this.next().at;
      return this.nest(() => ({ t: "binary", op: "^", l: base, r: this.unary(), at }));
    }
    return base;
  }

  private postfix(): Ast {
    let x = this.primary();
    for (;;) {
      if (this.isOp("[")) {
        const at = this.next().at;
        const index = this.nest(() => this.conditional());
        this.expect("]");
        x = { t: "index", of: x, index, at };
      } else if (this.isOp(".")) {
        const at = this.next().at;
        const name = this.next();
        if (name.k !== "id") throw new SyntaxFault('expected a property name after "."', name.at);
        x = { t: "member", of: x, name: name.v, at };
      } else if (this.isOp("!")) {
        throw new SyntaxFault('the factorial operator "!" is not supported', this.peek().at);
      } else return x;
    }
  }

  private list(close: string): Ast[] {
    const items: Ast[] = [];
    if (this.isOp(close)) {
      this.next();
      return items;
    }
    for (;;) {
      items.push(this.nest(() => this.conditional()));
      if (this.isOp(",")) {
        this.next();
        continue;
      }
      this.expect(close);
      return items;
    }
  }

  private primary(): Ast {
    const t = this.next();
    if (t.k === "num") return { t: "num", v: Number(t.v), at: t.at };
    if (t.k === "str") return { t: "str", v: t.v, at: t.at };
    if (t.k === "id") {
      if (t.v === "true" || t.v === "false") return { t: "num", v: t.v === "true" ? 1 : 0, at: t.at };
      if (this.isOp("(")) {
        this.next();
        return { t: "call", name: t.v, args: this.list(")"), at: t.at };
      }
      return { t: "id", name: t.v, at: t.at };
    }
    if (t.k === "op" && t.v === "(") {
      const x = this.nest(() => this.conditional());
      this.expect(")");
      return x;
    }
    if (t.k === "op" && t.v === "[") return { t: "array", items: this.list("]"), at: t.at };
    if (t.k === "op" && t.v === "=") throw new SyntaxFault("assignment is not supported", t.at);
    throw new SyntaxFault(t.k === "end" ? "the expression ends too soon" : `unexpected "${t.v}"`, t.at);
  }
}

/** Parses a formula; a syntax error is a result, never a throw. */
export function parseExpression(text: string): ParseResult {
  if (text.length > MAX_EXPRESSION_CHARS)
    return { ok: false, message: `the expression is longer than ${MAX_EXPRESSION_CHARS} characters`, at: 0 };
  try {
    return { ok: true, ast: new Parser(tokenize(text)).parseAll() };
  } catch (error) {
    if (error instanceof SyntaxFault) return { ok: false, message: error.message, at: error.at };
    throw error;
  }
}
