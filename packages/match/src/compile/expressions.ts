/**
 * Compiles expressions into closures. One entry per expression key in `EXPRESSIONS`; each returns the
 * closure and the kind of value it yields, which names beside it are read by (an enum label compared
 * with a suit, a type name beside `is`).
 * @module
 */
import type { CompiledZone, Fn, Rt, Threat, ValueKind, VariableInfo } from "../contract.js";
import { FROM, IT, MOVER, PIECE, SEAT, TARGET, TO } from "../contract.js";
import type { Expr, PieceQuery, ZoneRef } from "../types/index.js";
import { parseCell } from "./cells.js";
import { at, CompileContext } from "./context.js";

/** A compiled expression with the kind of value it yields; `constant` when it never changes. */
export interface Compiled {
  readonly fn: Fn;
  readonly kind: ValueKind;
  readonly constant?: number;
}

type OpCompiler = (
  cx: CompileContext,
  value: unknown,
  pointer: string,
  node: Record<string, unknown>,
) => Compiled;

const ZERO: Compiled = { fn: () => 0, kind: "num", constant: 0 };

function constant(value: number, kind: ValueKind = "num"): Compiled {
  return { fn: () => value, kind, constant: value };
}

/** The binding names every move has, with the kind of value they hold. */
const BINDINGS: Record<string, { slot: number; kind: ValueKind }> = {
  from: { slot: FROM, kind: "cell" },
  to: { slot: TO, kind: "cell" },
  piece: { slot: PIECE, kind: "piece" },
  target: { slot: TARGET, kind: "piece" },
  mover: { slot: MOVER, kind: "seat" },
  seat: { slot: SEAT, kind: "seat" },
  it: { slot: IT, kind: "piece" },
};

/** Compiles an expression; `expect` reads a bare name (a type, an enum label, a cell). */
export function compileExpr(cx: CompileContext, expr: Expr, pointer: string, expect?: ValueKind): Compiled {
  if (typeof expr === "number") {
    if (!Number.isInteger(expr)) {
      cx.error(pointer, "not-integer", `expected a whole number, found ${expr}`);
      return ZERO;
    }
    return constant(expr);
  }
  if (typeof expr === "boolean") return constant(expr ? 1 : 0, "bool");
  if (typeof expr === "string") return nameOf(cx, expr, pointer, expect);
  if (expr === null || typeof expr !== "object" || Array.isArray(expr)) {
    cx.error(pointer, "expression", "expected a number, a boolean, a name or an object with one key");
    return ZERO;
  }
  const keys = Object.keys(expr);
  const key = keys.find((k) => Object.hasOwn(EXPRESSIONS, k));
  if (key === undefined) {
    cx.error(
      pointer,
      "unknown-expression",
      `unknown expression ${keys.map((k) => `"${k}"`).join(", ") || "{}"}; ${CompileContext.options(Object.keys(EXPRESSIONS))}`,
    );
    return ZERO;
  }
  const node = expr as unknown as Record<string, unknown>;
  return (EXPRESSIONS[key] as OpCompiler)(cx, node[key], at(pointer, key), node);
}

/** A bare name read by the kind of value expected beside it. */
function nameOf(cx: CompileContext, name: string, pointer: string, expect: ValueKind | undefined): Compiled {
  if (expect === "type") {
    const t = cx.typeIndex.get(name);
    if (t !== undefined) return constant(t, "type");
    cx.error(
      pointer,
      "unknown-type",
      `no piece type "${name}"; ${CompileContext.options(cx.typeIndex.keys())}`,
    );
    return constant(-1, "type");
  }
  if (expect?.startsWith("enum:")) {
    const labels = cx.enums.get(expect.slice(5)) ?? [];
    const i = labels.indexOf(name);
    if (i >= 0) return constant(i, expect);
    cx.error(
      pointer,
      "unknown-label",
      `"${name}" is not a label of enum "${expect.slice(5)}"; ${CompileContext.options(labels)}`,
    );
    return constant(-1, expect);
  }
  if (expect === "cell") {
    const c = parseCell(name, cx.width, cx.height);
    if (c >= 0) return constant(c, "cell");
    cx.error(pointer, "unknown-cell", `"${name}" is not a cell of the ${cx.width}×${cx.height} board`);
    return constant(-1, "cell");
  }
  cx.error(
    pointer,
    "bare-name",
    `the name "${name}" cannot be read here; expected an expression (a name is read only beside a type, an enum or a cell)`,
  );
  return ZERO;
}

function sub(cx: CompileContext, value: unknown, pointer: string, expect?: ValueKind): Compiled {
  return compileExpr(cx, value as Expr, pointer, expect);
}

function list(
  cx: CompileContext,
  value: unknown,
  pointer: string,
  min: number,
  max = Infinity,
): unknown[] | null {
  if (!Array.isArray(value) || value.length < min || value.length > max) {
    cx.error(
      pointer,
      "operands",
      max === min ? `expected a list of ${min} operands` : `expected a list of at least ${min} operands`,
    );
    return null;
  }
  return value;
}

/** Compiles two operands, each reading a bare name by the other's kind. */
function pair(cx: CompileContext, value: unknown, pointer: string): [Compiled, Compiled] | null {
  const ops = list(cx, value, pointer, 2, 2);
  if (!ops) return null;
  const [a, b] = ops;
  if (typeof a === "string" && typeof b !== "string") {
    const right = sub(cx, b, at(pointer, 1));
    return [sub(cx, a, at(pointer, 0), right.kind), right];
  }
  const left = sub(cx, a, at(pointer, 0));
  return [left, sub(cx, b, at(pointer, 1), left.kind)];
}

function binary(op: (a: number, b: number) => number, kind: ValueKind = "bool"): OpCompiler {
  return (cx, value, pointer) => {
    const p = pair(cx, value, pointer);
    if (!p) return ZERO;
    const [a, b] = p;
    if (a.constant !== undefined && b.constant !== undefined)
      return constant(op(a.constant, b.constant), kind);
    const fa = a.fn;
    const fb = b.fn;
    if (b.constant !== undefined) {
      const k = b.constant;
      return { fn: (r) => op(fa(r), k), kind };
    }
    return { fn: (r) => op(fa(r), fb(r)), kind };
  };
}

function variadic(cx: CompileContext, value: unknown, pointer: string, min: number): Compiled[] {
  const ops = list(cx, value, pointer, min);
  return ops ? ops.map((o, i) => sub(cx, o, at(pointer, i))) : [];
}

/** Compiles a seat reference: an expression, or the mover when left out. */
export function seatOf(cx: CompileContext, value: unknown, pointer: string): Fn {
  if (value === undefined) return (r) => r.b[MOVER] as number;
  return sub(cx, value, pointer).fn;
}

/** Compiles a zone reference to a closure yielding the zone slot. */
export function zoneRef(cx: CompileContext, ref: ZoneRef, pointer: string): Fn {
  const id = typeof ref === "string" ? ref : ref?.zone;
  const z = cx.lookup(
    cx.zoneIndex,
    id,
    typeof ref === "string" ? pointer : at(pointer, "zone"),
    "unknown-zone",
    "zone",
  );
  if (z === undefined) {
    return () => 0;
  }
  const zone = cx.zones[z] as CompiledZone;
  if (!zone.perSeat) {
    if (typeof ref === "object" && ref.seat !== undefined)
      cx.error(at(pointer, "seat"), "zone-seat", `zone "${zone.id}" is shared: it has no seat`);
    const slot = zone.slots[0] as number;
    return () => slot;
  }
  const slots = Int32Array.from(zone.slots);
  const seat = seatOf(cx, typeof ref === "object" ? ref.seat : undefined, at(pointer, "seat"));
  return (r) => slots[seat(r)] ?? -1;
}

/** A mask of piece types from a name or list of names; every type when left out. */
export function typeMask(cx: CompileContext, names: unknown, pointer: string): Uint8Array {
  const mask = new Uint8Array(cx.typeIndex.size);
  if (names === undefined) return mask.fill(1);
  const list = Array.isArray(names) ? names : [names];
  list.forEach((name, i) => {
    const t = typeof name === "string" ? cx.typeIndex.get(name) : undefined;
    if (t === undefined)
      cx.error(
        Array.isArray(names) ? at(pointer, i) : pointer,
        "unknown-type",
        `no piece type "${String(name)}"; ${CompileContext.options(cx.typeIndex.keys())}`,
      );
    else mask[t] = 1;
  });
  return mask;
}

/**
 * Compiles a piece query into a visitor that calls `each` with every piece found (bound to `it` while
 * `where` runs) and stops when it returns true.
 */
export function compileQuery(
  cx: CompileContext,
  q: PieceQuery,
  pointer: string,
): (r: Rt, each: (piece: number) => boolean) => void {
  if (q === null || typeof q !== "object") {
    cx.error(pointer, "query", "expected a piece query object");
    return () => {};
  }
  const types = typeMask(cx, q.type, at(pointer, "type"));
  const owner = q.owner === undefined ? null : sub(cx, q.owner, at(pointer, "owner")).fn;
  const where = q.where === undefined ? null : sub(cx, q.where, at(pointer, "where")).fn;
  const zone = q.in === undefined || q.in === "board" ? null : zoneRef(cx, q.in, at(pointer, "in"));
  const test = (r: Rt, p: number, o: number): boolean => {
    const s = r.s;
    if (types[s.ptype[p] as number] !== 1) return false;
    if (o !== -2 && s.powner[p] !== o) return false;
    if (where === null) return true;
    const saved = r.b[IT] as number;
    r.b[IT] = p;
    const ok = where(r) !== 0;
    r.b[IT] = saved;
    return ok;
  };
  if (zone === null)
    return (r, each) => {
      const cells = r.s.cells;
      const o = owner === null ? -2 : owner(r);
      for (let c = 0; c < cells.length; c++) {
        const p = cells[c] as number;
        if (p >= 0 && test(r, p, o) && each(p)) return;
      }
    };
  return (r, each) => {
    const pile = r.s.zones[zone(r)] ?? [];
    const o = owner === null ? -2 : owner(r);
    for (const p of pile.slice()) if (test(r, p, o) && each(p)) return;
  };
}

/**
 * The first piece on the board of some types and owner, for queries with no `where` and no zone: a
 * plain loop, as finding a king is in every chess move's legality check. Null for other queries.
 */
function boardFinder(cx: CompileContext, q: PieceQuery, pointer: string): Fn | null {
  if (
    q === null ||
    typeof q !== "object" ||
    q.where !== undefined ||
    (q.in !== undefined && q.in !== "board")
  )
    return null;
  const types = typeMask(cx, q.type, at(pointer, "type"));
  const owner = q.owner === undefined ? null : sub(cx, q.owner, at(pointer, "owner")).fn;
  return (r) => {
    const s = r.s;
    const cells = s.cells;
    const ptype = s.ptype;
    const powner = s.powner;
    const o = owner === null ? -2 : owner(r);
    for (let c = 0; c < cells.length; c++) {
      const p = cells[c] as number;
      if (p >= 0 && types[ptype[p] as number] === 1 && (o === -2 || powner[p] === o)) return p;
    }
    return -1;
  };
}

/** An expression of two cells (`none` when either is no cell), given the board's width. */
function twoCells(
  kind: ValueKind,
  none: number,
  f: (r: Rt, p: number, q: number, width: number) => number,
): OpCompiler {
  return (cx, value, pointer) => {
    const ops = list(cx, value, pointer, 2, 2);
    if (!ops) return ZERO;
    const a = sub(cx, ops[0], at(pointer, 0), "cell").fn;
    const b = sub(cx, ops[1], at(pointer, 1), "cell").fn;
    const w = cx.width;
    return {
      fn: (r) => {
        const p = a(r);
        const q = b(r);
        return p < 0 || q < 0 ? none : f(r, p, q, w);
      },
      kind,
    };
  };
}

function isOn(r: Rt, cell: number): boolean {
  return cell >= 0 && cell < r.g.cellCount && r.g.playable[cell] === 1;
}

/** Whether a seat other than `mover` (or `by`, when not -2) threatens the cell. */
export function attacked(r: Rt, cell: number, mover: number, by: number): boolean {
  if (cell < 0) return false;
  const g = r.g;
  const s = r.s;
  const cells = s.cells;
  const powner = s.powner;
  const ptype = s.ptype;
  for (let seat = 0; seat < g.seatCount; seat++) {
    if (by === -2 ? seat === mover : seat !== by) continue;
    const threats = g.threats[seat] as readonly Threat[];
    for (let i = 0; i < threats.length; i++) {
      const t = threats[i] as Threat;
      const ray = t.rays[cell] as Int32Array;
      for (let k = 0; k < ray.length; k++) {
        const p = cells[ray[k] as number] as number;
        if (p >= 0) {
          if (powner[p] === seat && t.types[ptype[p] as number] === 1) return true;
          break;
        }
      }
    }
  }
  return false;
}

const EXPRESSIONS: Record<string, OpCompiler> = {
  get(cx, value, pointer) {
    if (typeof value !== "string") {
      cx.error(pointer, "binding", "expected a binding name");
      return ZERO;
    }
    const known = BINDINGS[value] ?? cx.choiceSlots.get(value);
    if (!known) {
      cx.error(
        pointer,
        "unknown-binding",
        `no binding "${value}"; ${CompileContext.options([...Object.keys(BINDINGS), ...cx.choiceSlots.keys()])}`,
      );
      return ZERO;
    }
    const slot = known.slot;
    return { fn: (r) => r.b[slot] as number, kind: known.kind };
  },
  var(cx, value, pointer) {
    const v = cx.lookup(cx.varIndex, value, pointer, "unknown-variable", "variable");
    if (v === undefined) {
      return ZERO;
    }
    return { fn: (r) => r.s.vars[v] as number, kind: (cx.vars[v] as VariableInfo).kind };
  },
  seatVar(cx, value, pointer, node) {
    const v = cx.lookup(cx.seatVarIndex, value, pointer, "unknown-seat-variable", "seat variable");
    if (v === undefined) {
      return ZERO;
    }
    const seat = seatOf(cx, node.seat, pointer.replace(/\/seatVar$/, "/seat"));
    return { fn: (r) => r.s.seatVar(seat(r), v), kind: (cx.seatVars[v] as VariableInfo).kind };
  },
  seatAttr(cx, value, pointer, node) {
    const values = cx.lookup(cx.seatAttrs, value, pointer, "unknown-seat-attribute", "seat attribute");
    if (values === undefined) {
      return ZERO;
    }
    const seat = seatOf(cx, node.seat, pointer.replace(/\/seatAttr$/, "/seat"));
    return { fn: (r) => values[seat(r)] ?? 0, kind: "num" };
  },
  seat(cx, value, pointer) {
    if (typeof value === "number") {
      if (!Number.isInteger(value) || value < 0 || value >= 8)
        cx.error(pointer, "seat", "expected a seat number from 0 to 7");
      return constant(value, "seat");
    }
    const n = cx.seatCount;
    switch (value) {
      case "mover":
        return { fn: (r) => r.b[MOVER] as number, kind: "seat" };
      case "current":
        return { fn: (r) => r.s.current, kind: "seat" };
      case "next":
        return { fn: (r) => ((((r.b[MOVER] as number) + r.s.direction) % n) + n) % n, kind: "seat" };
      case "previous":
        return { fn: (r) => ((((r.b[MOVER] as number) - r.s.direction) % n) + n) % n, kind: "seat" };
    }
    cx.error(pointer, "seat", 'expected "mover", "current", "next", "previous" or a seat number');
    return ZERO;
  },
  attr(cx, value, pointer, node) {
    const of = sub(cx, node.of, pointer.replace(/\/attr$/, "/of")).fn;
    if (value === "type")
      return {
        fn: (r) => {
          const p = of(r);
          return p < 0 ? -1 : (r.s.ptype[p] as number);
        },
        kind: "type",
      };
    if (value === "owner")
      return {
        fn: (r) => {
          const p = of(r);
          return p < 0 ? -1 : (r.s.powner[p] as number);
        },
        kind: "seat",
      };
    const slot = typeof value === "string" ? cx.attrIndex.get(value) : undefined;
    if (slot === undefined) {
      cx.error(
        pointer,
        "unknown-attribute",
        `no piece attribute "${String(value)}"; ${CompileContext.options(["type", "owner", ...cx.attrIndex.keys()])}`,
      );
      return ZERO;
    }
    const width = cx.attrs.length;
    return {
      fn: (r) => {
        const p = of(r);
        return p < 0 ? -1 : (r.s.pattr[p * width + slot] as number);
      },
      kind: (cx.attrs[slot] as VariableInfo).kind,
    };
  },
  cell(cx, value, pointer) {
    return nameOf(cx, String(value), pointer, "cell");
  },
  at(cx, value, pointer) {
    const ops = list(cx, value, pointer, 2, 2);
    if (!ops) return ZERO;
    const x = sub(cx, ops[0], at(pointer, 0)).fn;
    const y = sub(cx, ops[1], at(pointer, 1)).fn;
    const w = cx.width;
    const h = cx.height;
    return {
      fn: (r) => {
        const a = x(r);
        const b = y(r);
        return a < 0 || b < 0 || a >= w || b >= h ? -1 : b * w + a;
      },
      kind: "cell",
    };
  },
  offset(cx, value, pointer, node) {
    const from = sub(cx, value, pointer, "cell").fn;
    const by = list(cx, node.by, pointer.replace(/\/offset$/, "/by"), 2, 2) ?? [0, 0];
    const dx = sub(cx, by[0], at(pointer.replace(/\/offset$/, "/by"), 0)).fn;
    const dy = sub(cx, by[1], at(pointer.replace(/\/offset$/, "/by"), 1)).fn;
    const w = cx.width;
    const h = cx.height;
    return {
      fn: (r) => {
        const c = from(r);
        if (c < 0) return -1;
        const x = (c % w) + dx(r);
        const y = ((c / w) | 0) + dy(r);
        return x < 0 || y < 0 || x >= w || y >= h ? -1 : y * w + x;
      },
      kind: "cell",
    };
  },
  mid: twoCells("cell", -1, (_r, p, q, w) => {
    const x = (p % w) + Math.trunc(((q % w) - (p % w)) / 2);
    const y = ((p / w) | 0) + Math.trunc((((q / w) | 0) - ((p / w) | 0)) / 2);
    return y * w + x;
  }),
  clear: twoCells("bool", 0, (r, p, q, w) => {
    const dx = (q % w) - (p % w);
    const dy = ((q / w) | 0) - ((p / w) | 0);
    // Only a row, a column or a diagonal has a path between its ends.
    if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy)) return 0;
    const n = Math.max(Math.abs(dx), Math.abs(dy));
    const step = Math.sign(dy) * w + Math.sign(dx);
    for (let k = 1, c = p + step; k < n; k++, c += step)
      if (r.g.playable[c] !== 1 || (r.s.cells[c] as number) >= 0) return 0;
    return 1;
  }),
  x(cx, value, pointer) {
    const c = sub(cx, value, pointer, "cell").fn;
    const w = cx.width;
    return {
      fn: (r) => {
        const v = c(r);
        return v < 0 ? -1 : v % w;
      },
      kind: "num",
    };
  },
  y(cx, value, pointer) {
    const c = sub(cx, value, pointer, "cell").fn;
    const w = cx.width;
    return {
      fn: (r) => {
        const v = c(r);
        return v < 0 ? -1 : (v / w) | 0;
      },
      kind: "num",
    };
  },
  pieceAt(cx, value, pointer) {
    const c = sub(cx, value, pointer, "cell").fn;
    return {
      fn: (r) => {
        const v = c(r);
        return v < 0 ? -1 : (r.s.cells[v] as number);
      },
      kind: "piece",
    };
  },
  cellOf(cx, value, pointer) {
    const p = sub(cx, value, pointer).fn;
    return {
      fn: (r) => {
        const v = p(r);
        return v < 0 ? -1 : (r.s.pcell[v] as number);
      },
      kind: "cell",
    };
  },
  empty(cx, value, pointer) {
    const c = sub(cx, value, pointer, "cell").fn;
    return {
      fn: (r) => {
        const v = c(r);
        return isOn(r, v) && r.s.cells[v] === -1 ? 1 : 0;
      },
      kind: "bool",
    };
  },
  onBoard(cx, value, pointer) {
    const c = sub(cx, value, pointer, "cell").fn;
    return { fn: (r) => (isOn(r, c(r)) ? 1 : 0), kind: "bool" };
  },
  is(cx, value, pointer) {
    const ops = list(cx, value, pointer, 2, 2);
    if (!ops) return ZERO;
    const p = sub(cx, ops[0], at(pointer, 0)).fn;
    const mask = typeMask(cx, ops[1], at(pointer, 1));
    return {
      fn: (r) => {
        const v = p(r);
        return v >= 0 && mask[r.s.ptype[v] as number] === 1 ? 1 : 0;
      },
      kind: "bool",
    };
  },
  friend(cx, value, pointer) {
    const p = sub(cx, value, pointer).fn;
    return {
      fn: (r) => {
        const v = p(r);
        return v >= 0 && r.s.powner[v] === r.b[MOVER] ? 1 : 0;
      },
      kind: "bool",
    };
  },
  enemy(cx, value, pointer) {
    const p = sub(cx, value, pointer).fn;
    return {
      fn: (r) => {
        const v = p(r);
        if (v < 0) return 0;
        const o = r.s.powner[v] as number;
        return o >= 0 && o !== r.b[MOVER] ? 1 : 0;
      },
      kind: "bool",
    };
  },
  and(cx, value, pointer) {
    const ops = variadic(cx, value, pointer, 0).map((c) => c.fn);
    if (ops.length === 2) {
      const [a, b] = ops as [Fn, Fn];
      return { fn: (r) => (a(r) !== 0 && b(r) !== 0 ? 1 : 0), kind: "bool" };
    }
    return {
      fn: (r) => {
        for (let i = 0; i < ops.length; i++) if ((ops[i] as Fn)(r) === 0) return 0;
        return 1;
      },
      kind: "bool",
    };
  },
  or(cx, value, pointer) {
    const ops = variadic(cx, value, pointer, 0).map((c) => c.fn);
    return {
      fn: (r) => {
        for (let i = 0; i < ops.length; i++) if ((ops[i] as Fn)(r) !== 0) return 1;
        return 0;
      },
      kind: "bool",
    };
  },
  not(cx, value, pointer) {
    const a = sub(cx, value, pointer).fn;
    return { fn: (r) => (a(r) === 0 ? 1 : 0), kind: "bool" };
  },
  if(cx, value, pointer) {
    const ops = list(cx, value, pointer, 3, 3);
    if (!ops) return ZERO;
    const c = sub(cx, ops[0], at(pointer, 0)).fn;
    const a = sub(cx, ops[1], at(pointer, 1));
    const b = sub(cx, ops[2], at(pointer, 2), a.kind);
    const fa = a.fn;
    const fb = b.fn;
    return { fn: (r) => (c(r) !== 0 ? fa(r) : fb(r)), kind: a.kind };
  },
  eq: binary((a, b) => (a === b ? 1 : 0)),
  ne: binary((a, b) => (a !== b ? 1 : 0)),
  lt: binary((a, b) => (a < b ? 1 : 0)),
  le: binary((a, b) => (a <= b ? 1 : 0)),
  gt: binary((a, b) => (a > b ? 1 : 0)),
  ge: binary((a, b) => (a >= b ? 1 : 0)),
  sub: binary((a, b) => (a - b) | 0, "num"),
  div: binary((a, b) => (b === 0 ? 0 : Math.trunc(a / b)), "num"),
  mod: binary((a, b) => (b === 0 ? 0 : ((a % b) + Math.abs(b)) % Math.abs(b)), "num"),
  add(cx, value, pointer) {
    const ops = variadic(cx, value, pointer, 1);
    if (ops.every((o) => o.constant !== undefined))
      return constant(ops.reduce((s, o) => (s + (o.constant as number)) | 0, 0));
    const fns = ops.map((o) => o.fn);
    if (fns.length === 2) {
      const [a, b] = fns as [Fn, Fn];
      return { fn: (r) => (a(r) + b(r)) | 0, kind: "num" };
    }
    return {
      fn: (r) => {
        let t = 0;
        for (let i = 0; i < fns.length; i++) t = (t + (fns[i] as Fn)(r)) | 0;
        return t;
      },
      kind: "num",
    };
  },
  mul(cx, value, pointer) {
    const ops = variadic(cx, value, pointer, 1);
    if (ops.every((o) => o.constant !== undefined))
      return constant(ops.reduce((s, o) => Math.imul(s, o.constant as number), 1));
    const fns = ops.map((o) => o.fn);
    return {
      fn: (r) => {
        let t = 1;
        for (let i = 0; i < fns.length; i++) t = Math.imul(t, (fns[i] as Fn)(r));
        return t;
      },
      kind: "num",
    };
  },
  neg(cx, value, pointer) {
    const a = sub(cx, value, pointer);
    if (a.constant !== undefined) return constant(-a.constant | 0);
    const f = a.fn;
    return { fn: (r) => -f(r) | 0, kind: "num" };
  },
  abs(cx, value, pointer) {
    const f = sub(cx, value, pointer).fn;
    return { fn: (r) => Math.abs(f(r)), kind: "num" };
  },
  min(cx, value, pointer) {
    const fns = variadic(cx, value, pointer, 1).map((o) => o.fn);
    return {
      fn: (r) => {
        let m = (fns[0] as Fn)(r);
        for (let i = 1; i < fns.length; i++) m = Math.min(m, (fns[i] as Fn)(r));
        return m;
      },
      kind: "num",
    };
  },
  max(cx, value, pointer) {
    const fns = variadic(cx, value, pointer, 1).map((o) => o.fn);
    return {
      fn: (r) => {
        let m = (fns[0] as Fn)(r);
        for (let i = 1; i < fns.length; i++) m = Math.max(m, (fns[i] as Fn)(r));
        return m;
      },
      kind: "num",
    };
  },
  attacked(cx, value, pointer, node) {
    const cell = sub(cx, value, pointer, "cell").fn;
    const by = node.by === undefined ? null : sub(cx, node.by, pointer.replace(/\/attacked$/, "/by")).fn;
    if (by === null)
      return { fn: (r) => (attacked(r, cell(r), r.b[MOVER] as number, -2) ? 1 : 0), kind: "bool" };
    return { fn: (r) => (attacked(r, cell(r), r.b[MOVER] as number, by(r)) ? 1 : 0), kind: "bool" };
  },
  count(cx, value, pointer) {
    const q = compileQuery(cx, value as PieceQuery, pointer);
    return {
      fn: (r) => {
        let n = 0;
        q(r, () => {
          n++;
          return false;
        });
        return n;
      },
      kind: "num",
    };
  },
  sum(cx, value, pointer) {
    const q = compileQuery(cx, value as PieceQuery, pointer);
    const v = sub(cx, (value as { value?: Expr })?.value ?? 0, at(pointer, "value")).fn;
    return {
      fn: (r) => {
        let n = 0;
        q(r, (p) => {
          const saved = r.b[IT] as number;
          r.b[IT] = p;
          n = (n + v(r)) | 0;
          r.b[IT] = saved;
          return false;
        });
        return n;
      },
      kind: "num",
    };
  },
  find(cx, value, pointer) {
    const fast = boardFinder(cx, value as PieceQuery, pointer);
    if (fast) return { fn: fast, kind: "piece" };
    const q = compileQuery(cx, value as PieceQuery, pointer);
    return {
      fn: (r) => {
        let found = -1;
        q(r, (p) => {
          found = p;
          return true;
        });
        return found;
      },
      kind: "piece",
    };
  },
  exists(cx, value, pointer) {
    const fast = boardFinder(cx, value as PieceQuery, pointer);
    if (fast) return { fn: (r) => (fast(r) >= 0 ? 1 : 0), kind: "bool" };
    const q = compileQuery(cx, value as PieceQuery, pointer);
    return {
      fn: (r) => {
        let found = 0;
        q(r, () => {
          found = 1;
          return true;
        });
        return found;
      },
      kind: "bool",
    };
  },
  size(cx, value, pointer) {
    const z = zoneRef(cx, value as ZoneRef, pointer);
    return { fn: (r) => r.s.zones[z(r)]?.length ?? 0, kind: "num" };
  },
  top(cx, value, pointer) {
    const z = zoneRef(cx, value as ZoneRef, pointer);
    return {
      fn: (r) => {
        const pile = r.s.zones[z(r)];
        return pile && pile.length > 0 ? (pile[pile.length - 1] as number) : -1;
      },
      kind: "piece",
    };
  },
  line(cx, value, pointer) {
    const spec = (value ?? {}) as { length?: unknown; owner?: unknown; type?: unknown };
    const length = spec.length;
    if (typeof length !== "number" || !Number.isInteger(length) || length < 2) {
      cx.error(at(pointer, "length"), "line-length", "expected a whole number of at least 2");
      return ZERO;
    }
    const owner = sub(cx, spec.owner, at(pointer, "owner")).fn;
    const types = typeMask(cx, spec.type, at(pointer, "type"));
    const w = cx.width;
    const h = cx.height;
    const dirs = [1, 0, 0, 1, 1, 1, 1, -1];
    return {
      fn: (r) => {
        const s = r.s;
        const o = owner(r);
        const mine = (x: number, y: number) => {
          if (x < 0 || y < 0 || x >= w || y >= h) return false;
          const p = s.cells[y * w + x] as number;
          return p >= 0 && s.powner[p] === o && types[s.ptype[p] as number] === 1;
        };
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            if (!mine(x, y)) continue;
            for (let d = 0; d < 8; d += 2) {
              const dx = dirs[d] as number;
              const dy = dirs[d + 1] as number;
              if (mine(x - dx, y - dy)) continue;
              let n = 1;
              while (mine(x + n * dx, y + n * dy)) n++;
              if (n >= length) return 1;
            }
          }
        return 0;
      },
      kind: "bool",
    };
  },
  full(cx, value, pointer) {
    if (value !== "board") cx.error(pointer, "full", 'expected "board"');
    return {
      fn: (r) => {
        const cells = r.s.cells;
        const playable = r.g.playable;
        for (let c = 0; c < cells.length; c++) if (playable[c] === 1 && cells[c] === -1) return 0;
        return 1;
      },
      kind: "bool",
    };
  },
  legalMoves() {
    return { fn: (r) => r.legalCount(), kind: "num" };
  },
  repetitions() {
    return { fn: (r) => r.repetitions(), kind: "num" };
  },
  ply() {
    return { fn: (r) => r.s.ply, kind: "num" };
  },
  seatCount(cx) {
    return constant(cx.seatCount);
  },
};

/**
 * The expression keys, for the validator and the docs.
 * Exported for the docs' tests, which check that the reference covers every key; not part of the public API.
 * @internal
 */
export const EXPRESSION_KEYS: readonly string[] = Object.keys(EXPRESSIONS);
