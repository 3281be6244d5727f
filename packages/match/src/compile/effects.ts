/**
 * Compiles effects into closures that change the state through its logged setters, so every effect a
 * move runs can be taken back. One entry per effect key in `EFFECTS`.
 * @module
 */
import type { CompiledZone, Fn, Run, VariableInfo } from "../contract.js";
import { IT, MOVER, PIECE, SEAT } from "../contract.js";
import type { MatchState } from "../runtime/state.js";
import type { Effect, Expr, PieceQuery, ZoneRef } from "../types/index.js";
import { at, CompileContext } from "./context.js";
import { compileExpr, compileQuery, seatOf, zoneRef } from "./expressions.js";

type EffectCompiler = (
  cx: CompileContext,
  value: unknown,
  pointer: string,
  node: Record<string, unknown>,
) => Run;

const NOTHING: Run = () => {};

/** Compiles a list of effects into one closure; `null` for none. */
export function compileEffects(cx: CompileContext, effects: unknown, pointer: string): Run | null {
  if (effects === undefined) return null;
  if (!Array.isArray(effects)) {
    cx.error(pointer, "effects", "expected a list of effects");
    return null;
  }
  const runs = effects.map((e, i) => compileEffect(cx, e as Effect, at(pointer, i)));
  if (runs.length === 0) return null;
  if (runs.length === 1) return runs[0] as Run;
  return (r) => {
    for (let i = 0; i < runs.length; i++) (runs[i] as Run)(r);
  };
}

function compileEffect(cx: CompileContext, effect: Effect, pointer: string): Run {
  if (effect === null || typeof effect !== "object" || Array.isArray(effect)) {
    cx.error(pointer, "effect", "expected an effect: an object with one key");
    return NOTHING;
  }
  const keys = Object.keys(effect);
  const key = keys.find((k) => Object.hasOwn(EFFECTS, k));
  if (key === undefined) {
    cx.error(
      pointer,
      "unknown-effect",
      `unknown effect ${keys.map((k) => `"${k}"`).join(", ") || "{}"}; ${CompileContext.options(Object.keys(EFFECTS))}`,
    );
    return NOTHING;
  }
  return (EFFECTS[key] as EffectCompiler)(
    cx,
    (effect as unknown as Record<string, unknown>)[key],
    at(pointer, key),
    effect as unknown as Record<string, unknown>,
  );
}

function expr(
  cx: CompileContext,
  value: unknown,
  pointer: string,
  kind?: Parameters<typeof compileExpr>[3],
): Fn {
  return compileExpr(cx, value as Expr, pointer, kind).fn;
}

function field(value: unknown, name: string): unknown {
  return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
}

/** Takes a piece off the board (or out of its zone), logging every change. */
export function lift(s: MatchState, piece: number): void {
  const cell = s.pcell[piece] as number;
  if (cell >= 0) {
    s.setCell(cell, -1);
    s.setWhere(piece, -1);
  }
  const zone = s.pzone[piece] as number;
  if (zone >= 0) {
    const pile = s.zones[zone] as number[];
    s.setZone(
      zone,
      pile.filter((p) => p !== piece),
    );
    s.setZoned(piece, -1);
  }
}

/** Puts a piece on a cell, capturing what stands there. */
export function land(s: MatchState, piece: number, cell: number): void {
  const there = s.cells[cell] as number;
  if (there >= 0 && there !== piece) {
    s.setWhere(there, -1);
  }
  s.setCell(cell, piece);
  s.setWhere(piece, cell);
}

/** Puts a piece on top (or at the bottom) of a zone slot. */
export function stack(s: MatchState, piece: number, slot: number, bottom = false): void {
  const pile = s.zones[slot] as number[];
  s.setZone(slot, bottom ? [piece, ...pile] : [...pile, piece]);
  s.setZoned(piece, slot);
}

/** The next random whole number from 0 (inclusive) to `n`, from the state's seeded generator. */
export function randomBelow(s: MatchState, n: number): number {
  // mulberry32: small, fast and the same in every JavaScript engine.
  let t = (s.rng + 0x6d2b79f5) | 0;
  s.setRng(t);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  return Math.floor(u * n);
}

const EFFECTS: Record<string, EffectCompiler> = {
  move(cx, value, pointer) {
    const piece =
      field(value, "piece") === undefined ? null : expr(cx, field(value, "piece"), at(pointer, "piece"));
    const to = expr(cx, field(value, "to"), at(pointer, "to"), "cell");
    return (r) => {
      const p = piece === null ? (r.b[PIECE] as number) : piece(r);
      const c = to(r);
      if (p < 0 || c < 0) return;
      const s = r.s;
      if ((s.pzone[p] as number) >= 0) lift(s, p);
      else if ((s.pcell[p] as number) >= 0) {
        if (s.pcell[p] === c) return;
        s.setCell(s.pcell[p] as number, -1);
      }
      land(s, p, c);
    };
  },
  remove(cx, value, pointer) {
    const piece = expr(cx, value, pointer);
    return (r) => {
      const p = piece(r);
      if (p >= 0) lift(r.s, p);
    };
  },
  place(cx, value, pointer) {
    const type = cx.lookup(
      cx.typeIndex,
      field(value, "type"),
      at(pointer, "type"),
      "unknown-type",
      "piece type",
    );
    const cell = expr(cx, field(value, "at"), at(pointer, "at"), "cell");
    const owner = seatOf(cx, field(value, "owner"), at(pointer, "owner"));
    const attrs = attributeSetters(cx, field(value, "attributes"), at(pointer, "attributes"));
    return (r) => {
      const c = cell(r);
      if (c < 0 || type === undefined) return;
      const s = r.s;
      const p = s.allocate(type, owner(r));
      for (const [slot, fn] of attrs) s.setAttr(p, slot, fn(r));
      land(s, p, c);
    };
  },
  setAttr(cx, value, pointer) {
    const of = expr(cx, field(value, "of"), at(pointer, "of"));
    const name = field(value, "attr");
    const slot = cx.lookup(cx.attrIndex, name, at(pointer, "attr"), "unknown-attribute", "piece attribute");
    if (slot === undefined) {
      return NOTHING;
    }
    const to = expr(cx, field(value, "to"), at(pointer, "to"), (cx.attrs[slot] as VariableInfo).kind);
    return (r) => {
      const p = of(r);
      if (p >= 0) r.s.setAttr(p, slot, to(r));
    };
  },
  setType(cx, value, pointer) {
    const of = expr(cx, field(value, "of"), at(pointer, "of"));
    const target = compileExpr(cx, field(value, "to") as Expr, at(pointer, "to"), "type");
    // A choice whose options are not all piece types (a misspelt "qeen") binds option numbers, not types.
    if (target.kind !== "type" && target.constant === undefined)
      cx.error(
        at(pointer, "to"),
        "not-a-type",
        "expected a piece type: a type's name, or a choice whose options are all piece types",
      );
    const to = target.fn;
    const count = cx.typeIndex.size;
    return (r) => {
      const p = of(r);
      const t = to(r);
      if (p >= 0 && t >= 0 && t < count) r.s.setType(p, t);
    };
  },
  setOwner(cx, value, pointer) {
    const of = expr(cx, field(value, "of"), at(pointer, "of"));
    const to = expr(cx, field(value, "to"), at(pointer, "to"), "seat");
    const n = cx.seatCount;
    return (r) => {
      const p = of(r);
      const seat = to(r);
      if (p >= 0 && seat >= -1 && seat < n) r.s.setOwner(p, seat);
    };
  },
  set(cx, value, pointer) {
    const name = field(value, "var");
    const v = cx.lookup(cx.varIndex, name, at(pointer, "var"), "unknown-variable", "variable");
    if (v === undefined) {
      return NOTHING;
    }
    const to = expr(cx, field(value, "to"), at(pointer, "to"), (cx.vars[v] as VariableInfo).kind);
    return (r) => r.s.setVar(v, to(r));
  },
  setSeatVar(cx, value, pointer) {
    const name = field(value, "var");
    const v = cx.lookup(cx.seatVarIndex, name, at(pointer, "var"), "unknown-seat-variable", "seat variable");
    if (v === undefined) {
      return NOTHING;
    }
    const seat = seatOf(cx, field(value, "seat"), at(pointer, "seat"));
    const to = expr(cx, field(value, "to"), at(pointer, "to"), (cx.seatVars[v] as VariableInfo).kind);
    return (r) => r.s.setSeatVar(seat(r), v, to(r));
  },
  if(cx, value, pointer, node) {
    const cond = expr(cx, value, pointer);
    const base = pointer.replace(/\/if$/, "");
    const then = compileEffects(cx, node.then ?? [], at(base, "then")) ?? NOTHING;
    const otherwise = compileEffects(cx, node.else, at(base, "else")) ?? NOTHING;
    return (r) => (cond(r) !== 0 ? then(r) : otherwise(r));
  },
  forEachSeat(cx, value, pointer) {
    const run = compileEffects(cx, value, pointer) ?? NOTHING;
    const n = cx.seatCount;
    return (r) => {
      const saved = r.b[SEAT] as number;
      for (let seat = 0; seat < n; seat++) {
        r.b[SEAT] = seat;
        run(r);
      }
      r.b[SEAT] = saved;
    };
  },
  forEachPiece(cx, value, pointer, node) {
    const q = compileQuery(cx, value as PieceQuery, pointer);
    const run =
      compileEffects(cx, node.do ?? [], at(pointer.replace(/\/forEachPiece$/, ""), "do")) ?? NOTHING;
    return (r) => {
      const found: number[] = [];
      q(r, (p) => {
        found.push(p);
        return false;
      });
      const saved = r.b[IT] as number;
      for (const p of found) {
        r.b[IT] = p;
        run(r);
      }
      r.b[IT] = saved;
    };
  },
  create(cx, value, pointer) {
    const type = cx.lookup(
      cx.typeIndex,
      field(value, "type"),
      at(pointer, "type"),
      "unknown-type",
      "piece type",
    );
    const into = zoneRef(cx, field(value, "into") as ZoneRef, at(pointer, "into"));
    const each = field(value, "each");
    const axes: { slot: number; values: Fn[] }[] = [];
    if (each !== null && typeof each === "object")
      for (const [name, values] of Object.entries(each)) {
        const slot = cx.attrIndex.get(name);
        const p = at(at(pointer, "each"), name);
        if (slot === undefined) {
          cx.error(
            p,
            "unknown-attribute",
            `no piece attribute "${name}"; ${CompileContext.options(cx.attrIndex.keys())}`,
          );
          continue;
        }
        if (!Array.isArray(values)) {
          cx.error(p, "values", "expected a list of values");
          continue;
        }
        axes.push({
          slot,
          values: values.map((v, i) => expr(cx, v, at(p, i), (cx.attrs[slot] as VariableInfo).kind)),
        });
      }
    return (r) => {
      if (type === undefined) return;
      const s = r.s;
      const slot = into(r);
      const made: number[] = [];
      const walk = (axis: number, set: [number, number][]) => {
        if (axis === axes.length) {
          const p = s.allocate(type, -1);
          for (const [a, v] of set) s.setAttr(p, a, v);
          s.setZoned(p, slot);
          made.push(p);
          return;
        }
        const { slot: a, values } = axes[axis] as (typeof axes)[number];
        for (const v of values) walk(axis + 1, [...set, [a, v(r)]]);
      };
      walk(0, []);
      s.setZone(slot, [...(s.zones[slot] as number[]), ...made]);
    };
  },
  put(cx, value, pointer) {
    const piece = expr(cx, field(value, "piece"), at(pointer, "piece"));
    const into = zoneRef(cx, field(value, "into") as ZoneRef, at(pointer, "into"));
    const bottom = field(value, "at") === "bottom";
    return (r) => {
      const p = piece(r);
      if (p < 0) return;
      lift(r.s, p);
      stack(r.s, p, into(r), bottom);
    };
  },
  moveTop(cx, value, pointer) {
    const from = zoneRef(cx, field(value, "from") as ZoneRef, at(pointer, "from"));
    const to = zoneRef(cx, field(value, "to") as ZoneRef, at(pointer, "to"));
    const count =
      field(value, "count") === undefined ? null : expr(cx, field(value, "count"), at(pointer, "count"));
    return (r) => {
      const s = r.s;
      const a = from(r);
      const b = to(r);
      if (a === b) return;
      const n = count === null ? (s.zones[a] as number[]).length : count(r);
      const source = (s.zones[a] as number[]).slice();
      const target = (s.zones[b] as number[]).slice();
      for (let i = 0; i < n && source.length > 0; i++) {
        const p = source.pop() as number;
        target.push(p);
        s.setZoned(p, b);
      }
      s.setZone(a, source);
      s.setZone(b, target);
    };
  },
  shuffle(cx, value, pointer) {
    const zone = zoneRef(cx, value as ZoneRef, pointer);
    return (r) => {
      const s = r.s;
      const slot = zone(r);
      const pile = (s.zones[slot] as number[]).slice();
      for (let i = pile.length - 1; i > 0; i--) {
        const j = randomBelow(s, i + 1);
        const t = pile[i] as number;
        pile[i] = pile[j] as number;
        pile[j] = t;
      }
      s.setZone(slot, pile);
    };
  },
  deal(cx, value, pointer) {
    const from = zoneRef(cx, field(value, "from") as ZoneRef, at(pointer, "from"));
    const toId = field(value, "to");
    const z = typeof toId === "string" ? cx.zoneIndex.get(toId) : undefined;
    if (z === undefined || !(cx.zones[z] as CompiledZone).perSeat) {
      cx.error(
        at(pointer, "to"),
        "deal-zone",
        `expected a per-seat zone; ${CompileContext.options(cx.zones.filter((x) => x.perSeat).map((x) => x.id))}`,
      );
      return NOTHING;
    }
    const slots = (cx.zones[z] as CompiledZone).slots;
    const count = expr(cx, field(value, "count"), at(pointer, "count"));
    const n = cx.seatCount;
    return (r) => {
      const s = r.s;
      const a = from(r);
      const source = (s.zones[a] as number[]).slice();
      const hands = slots.map((slot) => (s.zones[slot] as number[]).slice());
      const k = count(r);
      const first = ((r.b[MOVER] as number) + 1) % n;
      for (let round = 0; round < k; round++)
        for (let i = 0; i < n && source.length > 0; i++) {
          const seat = (first + i) % n;
          const p = source.pop() as number;
          (hands[seat] as number[]).push(p);
          s.setZoned(p, slots[seat] as number);
        }
      s.setZone(a, source);
      slots.forEach((slot, seat) => {
        s.setZone(slot, hands[seat] as number[]);
      });
    };
  },
  again() {
    return (r) => r.s.setAgain(1);
  },
  reverse() {
    return (r) => r.s.setDirection(-r.s.direction);
  },
  skip() {
    return (r) => r.s.setSkip(r.s.skip + 1);
  },
  goto(cx, value, pointer) {
    const phase = cx.lookup(cx.phaseIndex, value, pointer, "unknown-phase", "phase");
    if (phase === undefined) {
      return NOTHING;
    }
    return (r) => r.s.setGoto(phase);
  },
};

/** Setters for a placement's attributes, by slot. */
export function attributeSetters(cx: CompileContext, attrs: unknown, pointer: string): [number, Fn][] {
  if (attrs === undefined) return [];
  if (attrs === null || typeof attrs !== "object") {
    cx.error(pointer, "attributes", "expected an object of attribute values");
    return [];
  }
  const out: [number, Fn][] = [];
  for (const [name, v] of Object.entries(attrs)) {
    const slot = cx.attrIndex.get(name);
    if (slot === undefined) {
      cx.error(
        at(pointer, name),
        "unknown-attribute",
        `no piece attribute "${name}"; ${CompileContext.options(cx.attrIndex.keys())}`,
      );
      continue;
    }
    out.push([slot, expr(cx, v, at(pointer, name), (cx.attrs[slot] as VariableInfo).kind)]);
  }
  return out;
}

/**
 * The effect keys, for the validator and the docs.
 * Exported for the docs' tests, which check that the reference covers every key; not part of the public API.
 * @internal
 */
export const EFFECT_KEYS: readonly string[] = Object.keys(EFFECTS);
