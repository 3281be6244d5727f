/**
 * The state-driven GDL's expression strings (`eq(entity.owner, state.current_player)`), read by a
 * tokenizer and a recursive-descent parser into a syntax tree. Nothing here evaluates anything: the
 * tree is translated into the match format's typed expressions afterwards.
 * @module
 */

/** A node of an expression string's syntax tree; `at` is its offset in the string. */
export type Syntax =
  | { kind: "number"; value: number; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "name"; name: string; at: number }
  | { kind: "call"; fn: string; args: Syntax[]; at: number }
  | { kind: "member"; of: Syntax; key: string; at: number }
  | { kind: "index"; of: Syntax; index: Syntax; at: number };

/** A syntax error: what was expected, at which offset of the string. */
export interface SyntaxFault {
  at: number;
  message: string;
}

/** The longest expression string read, and the deepest nesting: a hostile file cannot exhaust the stack. */
export const MAX_EXPRESSION_CHARS = 4000;
export const MAX_EXPRESSION_DEPTH = 48;

type Token =
  | { t: "num"; v: number; at: number }
  | { t: "str"; v: string; at: number }
  | { t: "id"; v: string; at: number }
  | { t: "punct"; v: "(" | ")" | "," | "[" | "]" | "."; at: number }
  | { t: "end"; at: number };

class Fault extends Error {
  constructor(
    readonly at: number,
    message: string,
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
    if ("(),[].".includes(c)) {
      out.push({ t: "punct", v: c as "(", at: i });
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) throw new Fault(i, `a string opened with ${c} is never closed`);
      out.push({ t: "str", v: text.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(text.slice(i, i + 32));
    // A minus sign starts a number only where a value may start, never after a name or a value.
    const prev = out[out.length - 1];
    const valueMayStart = !prev || (prev.t === "punct" && "(,[".includes(prev.v));
    if (num && (c !== "-" || valueMayStart)) {
      out.push({ t: "num", v: Number(num[0]), at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i, i + 200));
    if (id) {
      out.push({ t: "id", v: id[0], at: i });
      i += id[0].length;
      continue;
    }
    throw new Fault(i, `unexpected character ${JSON.stringify(c)}`);
  }
  out.push({ t: "end", at: text.length });
  return out;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private take(): Token {
    return this.tokens[this.i++] as Token;
  }

  private expect(v: string, what: string): void {
    const t = this.take();
    if (t.t !== "punct" || t.v !== v) throw new Fault(t.at, `expected ${what}, found ${describeToken(t)}`);
  }

  whole(): Syntax {
    const tree = this.expr(0);
    const t = this.peek();
    if (t.t !== "end") throw new Fault(t.at, `expected the end of the expression, found ${describeToken(t)}`);
    return tree;
  }

  private expr(depth: number): Syntax {
    if (depth > MAX_EXPRESSION_DEPTH)
      throw new Fault(this.peek().at, `nesting deeper than ${MAX_EXPRESSION_DEPTH} levels`);
    let node = this.primary(depth);
    for (;;) {
      const t = this.peek();
      if (t.t === "punct" && t.v === ".") {
        this.take();
        const key = this.take();
        if (key.t !== "id")
          throw new Fault(key.at, `expected a property name after ".", found ${describeToken(key)}`);
        node = { kind: "member", of: node, key: key.v, at: key.at };
      } else if (t.t === "punct" && t.v === "[") {
        this.take();
        const index = this.expr(depth + 1);
        this.expect("]", '"]"');
        node = { kind: "index", of: node, index, at: t.at };
      } else return node;
    }
  }

  private primary(depth: number): Syntax {
    const t = this.take();
    if (t.t === "num") return { kind: "number", value: t.v, at: t.at };
    if (t.t === "str") return { kind: "string", value: t.v, at: t.at };
    if (t.t === "id") {
      const next = this.peek();
      if (next.t !== "punct" || next.v !== "(") return { kind: "name", name: t.v, at: t.at };
      this.take();
      const args: Syntax[] = [];
      const close = this.peek();
      if (close.t === "punct" && close.v === ")") this.take();
      else
        for (;;) {
          args.push(this.expr(depth + 1));
          const sep = this.take();
          if (sep.t === "punct" && sep.v === ")") break;
          if (sep.t !== "punct" || sep.v !== ",")
            throw new Fault(
              sep.at,
              `expected "," or ")" in the arguments of ${t.v}(…), found ${describeToken(sep)}`,
            );
        }
      return { kind: "call", fn: t.v, args, at: t.at };
    }
    throw new Fault(
      t.at,
      `expected a value (a number, a 'string', a name or a call), found ${describeToken(t)}`,
    );
  }
}

function describeToken(t: Token): string {
  if (t.t === "end") return "the end of the expression";
  if (t.t === "str") return `the string '${t.v}'`;
  return JSON.stringify(String(t.v));
}

/** Parses one expression string. */
export function parseExpression(text: string): { tree: Syntax } | { fault: SyntaxFault } {
  if (text.length > MAX_EXPRESSION_CHARS)
    return {
      fault: {
        at: 0,
        message: `the expression is ${text.length} characters; at most ${MAX_EXPRESSION_CHARS} are read`,
      },
    };
  try {
    return { tree: new Parser(tokenize(text)).whole() };
  } catch (error) {
    if (error instanceof Fault) return { fault: { at: error.at, message: error.message } };
    throw error;
  }
}

/** The expression's text again, normalised: for comparing two expressions and for messages. */
export function printSyntax(node: Syntax): string {
  switch (node.kind) {
    case "number":
      return String(node.value);
    case "string":
      return `'${node.value}'`;
    case "name":
      return node.name;
    case "call":
      return `${node.fn}(${node.args.map(printSyntax).join(", ")})`;
    case "member":
      return `${printSyntax(node.of)}.${node.key}`;
    case "index":
      return `${printSyntax(node.of)}[${printSyntax(node.index)}]`;
  }
}
