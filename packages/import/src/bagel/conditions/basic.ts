/**
 * Conditions about one entity: `Is` (a matcher, or identity with `entity`), `Not`, `Or`, `Contains`,
 * `IsFull`, `Evaluate` and `Position`.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import type { Tr } from "../api.js";
import { BagelContext, seatNumber } from "../context.js";
import { and, cellExpr, eq, not, or, pieceAt, sameCell } from "../exprs.js";
import type { Cond, Env, Subject, Val } from "../model.js";
import { describeSubject } from "../values/props.js";

export type ConditionHandler = (
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
) => Cond | undefined;

const get = BagelContext.get;

/** The subject a condition is checked against: its own `target`, else the context's. */
export function targetOf(
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
): { s?: Subject; many?: Cond; ok: boolean; guard?: Expr } {
  if (!Object.hasOwn(node, "target")) return { ok: true, ...(env.target ? { s: env.target } : {}) };
  const t = node.target;
  const p = at(pointer, "target");
  if (isRecord(t) && typeof get(t, "type") === "string") {
    const v = tr.value(t, p, env, depth + 1);
    if (v === undefined) return { ok: false };
    const s = tr.subject(v, p);
    // A condition whose own target is a space off the grid fails (observed with board-game-engine:
    // connect-four's "Not (target: the space below) Not Contains" holds on the bottom row).
    return s === undefined ? { ok: false } : { ok: true, s, guard: onBoard(s) };
  }
  const sel = tr.select(t, p, env, depth + 1);
  if (sel === undefined) return { ok: false };
  if (sel.kind === "one") return { ok: true, s: sel.s };
  return { ok: true, many: exists(tr, sel, p) };
}

/** Whether a selection finds anything. */
function exists(tr: Tr, sel: NonNullable<ReturnType<Tr["select"]>>, pointer: string): Cond | undefined {
  if (sel.kind === "pieces" && !sel.set.perSeat)
    return { e: or(...sel.set.scopes.map((q) => ({ exists: q }) as Expr)) };
  if (sel.kind === "zones" || sel.kind === "records") {
    const seats = Array.from({ length: tr.seats }, (_, k) =>
      and({ lt: [k, { seatCount: {} }] }, sel.pred(k)),
    );
    return {
      e: or(...seats),
      witness: seatWitness(
        tr,
        sel.kind === "zones"
          ? (s) => ({ kind: "zone", zone: sel.zone, seat: s })
          : (s) => ({ kind: "record", entity: sel.entity, seat: s }),
        sel.pred,
      ),
    };
  }
  tr.cx.unsupported(pointer, "this target", "it selects entities this condition cannot look through");
  return undefined;
}

/** A witness of "some seat's container or record matches": the first such seat. */
export function seatWitness(tr: Tr, subject: (seat: Expr) => Subject, pred: (seat: Expr) => Expr) {
  return {
    resolve(path: readonly unknown[], pointer: string): Val | undefined {
      let seat: Expr = -1;
      for (let k = tr.seats - 1; k >= 0; k--)
        seat = { if: [and({ lt: [k, { seatCount: {} }] }, pred(k)), k, seat] };
      // results[i].result… and results[i].matches… both name the entity found.
      const rest = path[0] === "result" || path[0] === "target" ? path.slice(1) : path;
      return tr.value(
        { type: "relativePath", target: { type: "§subject" }, path: rest },
        pointer,
        { where: "end", target: subject(seat), original: subject(seat) },
        0,
      );
    },
  };
}

/** Matches a subject against a matcher (lodash-style: every member equal). */
export function matchSubject(
  tr: Tr,
  m: Record<string, unknown>,
  s: Subject,
  pointer: string,
  env: Env,
  depth: number,
): Expr | undefined {
  const cx = tr.cx;
  if (get(m, "type") !== undefined && typeof get(m, "type") === "string" && get(m, "type") !== "Space") {
    // A value reference used as the whole matcher (a `pick`).
    const v = tr.value(m, pointer, env, depth + 1);
    if (v === undefined) return undefined;
    if (v.kind !== "pick") {
      cx.unsupported(
        pointer,
        `a matcher of type ${JSON.stringify(get(m, "type"))}`,
        "only `pick` gives attributes to match",
      );
      return undefined;
    }
    const parts: Expr[] = [];
    for (const p of v.props) {
      const a = tr.value(
        { type: "relativePath", target: { type: "§subject" }, path: [p] },
        pointer,
        { ...env, target: v.of },
        depth + 1,
      );
      const b = tr.value(
        { type: "relativePath", target: { type: "§subject" }, path: [p] },
        pointer,
        { ...env, target: s },
        depth + 1,
      );
      const an = a && tr.num(a, pointer);
      const bn = b && tr.num(b, pointer);
      if (an === undefined || bn === undefined) return undefined;
      parts.push(eq(bn, an));
    }
    return and(...parts);
  }
  const parts: Expr[] = [];
  for (const [key, raw] of Object.entries(m)) {
    const p = at(pointer, "matcher", key);
    if (key === "entityType" || key === "type") {
      if (raw !== "Space" && raw !== "Grid") {
        cx.error(p, "bad-matcher", `expected "Space" or "Grid", found ${describe(raw)}`);
        return undefined;
      }
      parts.push(raw === "Space" ? s.kind === "cell" || s.kind === "zone" : s.kind === "grid");
      continue;
    }
    if (key === "name") {
      if (typeof raw !== "string" || !cx.entityNames().includes(raw)) {
        cx.error(
          p,
          "unknown-entity",
          `no entity named ${describe(raw)}; expected one of ${cx.entityNames().join(", ") || "(none)"}`,
        );
        return undefined;
      }
      if (s.kind === "piece") parts.push(cx.types.has(raw) ? { is: [s.piece, raw] } : false);
      else if (s.kind === "zone") parts.push(s.zone === raw);
      else if (s.kind === "record") parts.push(s.entity === raw);
      else if (s.kind === "grid") parts.push(cx.grid?.name === raw);
      else parts.push(false);
      continue;
    }
    if (key === "index" && s.kind === "cell") {
      const cell = typeof raw === "number" ? cx.cellOfIndex(raw) : undefined;
      if (cell === undefined) {
        cx.error(p, "bad-index", `expected a space index of the grid, found ${describe(raw)}`);
        return undefined;
      }
      parts.push(sameCell(s.cell, { base: { cell }, dx: 0, dy: 0 }));
      continue;
    }
    const want =
      seatNumber(raw) !== undefined && key === "player"
        ? ({ kind: "num", e: seatNumber(raw) as number } as Val)
        : (literal(raw) ?? tr.value(raw, p, env, depth + 1));
    if (want === undefined) return undefined;
    const wantE = tr.num(want, p);
    if (wantE === undefined) return undefined;
    if (s.kind === "cell") {
      cx.unsupported(p, `matching a space's "${key}"`, "spaces have no state");
      return undefined;
    }
    const have = tr.value(
      { type: "relativePath", target: { type: "§subject" }, path: [key] },
      pointer,
      { ...env, target: s },
      depth + 1,
    );
    if (have === undefined) return undefined;
    const haveE = tr.num(have, p);
    if (haveE === undefined) return undefined;
    parts.push(s.kind === "piece" ? and({ ge: [s.piece, 0] }, eq(haveE, wantE)) : eq(haveE, wantE));
  }
  return and(...parts);
}

function literal(v: unknown): Val | undefined {
  if (typeof v === "number" && Number.isInteger(v)) return { kind: "num", e: v };
  if (typeof v === "boolean") return { kind: "num", e: v };
  if (typeof v === "string") return { kind: "str", s: v };
  return undefined;
}

/** Whether two subjects are one entity. */
function same(tr: Tr, a: Subject, b: Subject, pointer: string): Expr | undefined {
  if (a.kind === "cell" && b.kind === "cell") return sameCell(a.cell, b.cell);
  if (a.kind === "piece" && b.kind === "piece") return and({ ge: [a.piece, 0] }, eq(a.piece, b.piece));
  if (a.kind === "piece" && b.kind === "cell") return eq(a.piece, pieceAt(b.cell));
  if (a.kind === "cell" && b.kind === "piece") return false;
  if (a.kind === "zone" && b.kind === "zone") return a.zone === b.zone ? eq(a.seat ?? 0, b.seat ?? 0) : false;
  tr.cx.unsupported(
    pointer,
    `comparing ${describeSubject(a)} with ${describeSubject(b)}`,
    "identity is checked between spaces, pieces and containers",
  );
  return undefined;
}

const Is: ConditionHandler = (tr, node, pointer, env, depth) =>
  guarded(tr, node, pointer, env, depth, isCond);

/** A condition with its own target off the grid fails. */
function guarded(
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
  h: ConditionHandler,
): Cond | undefined {
  const out = h(tr, node, pointer, env, depth);
  if (out === undefined || !Object.hasOwn(node, "target")) return out;
  const t = targetOf(tr, node, pointer, env, depth);
  return t.guard === undefined || t.guard === true ? out : { ...out, e: and(t.guard, out.e) };
}

const isCond: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  const m = get(node, "matcher");
  if (m !== undefined && !isRecord(m)) {
    tr.cx.error(at(pointer, "matcher"), "bad-matcher", `expected a matcher object, found ${describe(m)}`);
    return undefined;
  }
  if (t.many) {
    if (m !== undefined) {
      tr.cx.unsupported(
        pointer,
        "an Is condition with a matcher on a target that selects several entities",
        "put the matcher in the target's conditions",
      );
      return undefined;
    }
    return t.many;
  }
  let s = t.s;
  if (Object.hasOwn(node, "entity")) {
    const v = tr.value(node.entity, at(pointer, "entity"), env, depth + 1);
    const e = v && tr.subject(v, at(pointer, "entity"));
    if (e === undefined) return undefined;
    if (m === undefined) {
      if (s === undefined) {
        tr.cx.error(pointer, "no-target", "nothing to compare the entity with here");
        return undefined;
      }
      tr.cx.reading(
        pointer,
        "Is with entity",
        "`Is` with an `entity` and no matcher is read as identity: the target is that very entity (the piece moving, the space chosen).",
      );
      const r = same(tr, s, e, pointer);
      return r === undefined ? undefined : { e: r };
    }
    s = e;
  }
  if (s === undefined) {
    tr.cx.error(pointer, "no-target", "this condition has no target here");
    return undefined;
  }
  if (m === undefined) return { e: true };
  const r = matchSubject(tr, m, s, pointer, env, depth);
  return r === undefined ? undefined : { e: r };
};

const Not: ConditionHandler = (tr, node, pointer, env, depth) =>
  guarded(tr, node, pointer, env, depth, notCond);
const notCond: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  if (t.many) {
    tr.cx.unsupported(pointer, "Not on a target that selects several entities", "select one entity");
    return undefined;
  }
  const inner = tr.conditions(node, pointer, { ...env, ...(t.s ? { target: t.s } : {}) }, depth + 1);
  if (inner === undefined) return undefined;
  // "passes when all fail"
  return { e: and(...inner.each.map((c) => not(c.e))) };
};

const Or: ConditionHandler = (tr, node, pointer, env, depth) =>
  guarded(tr, node, pointer, env, depth, orCond);
const orCond: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  const inner = tr.conditions(node, pointer, { ...env, ...(t.s ? { target: t.s } : {}) }, depth + 1);
  if (inner === undefined) return undefined;
  return { e: or(...inner.each.map((c) => c.e)) };
};

const Contains: ConditionHandler = (tr, node, pointer, env, depth) =>
  guarded(tr, node, pointer, env, depth, containsCond);
const containsCond: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  const s = t.s;
  if (s === undefined || t.many) {
    tr.cx.error(pointer, "no-target", "Contains needs one space or container as its target");
    return undefined;
  }
  if (s.kind === "cell") {
    const p = pieceAt(s.cell);
    const inner = tr.conditions(node, pointer, { ...env, target: { kind: "piece", piece: p } }, depth + 1);
    if (inner === undefined) return undefined;
    return { e: and({ ge: [p, 0] }, inner.e) };
  }
  if (s.kind === "zone") {
    const zone = s.seat === undefined ? s.zone : { zone: s.zone, seat: s.seat };
    const inner = tr.conditions(
      node,
      pointer,
      { ...env, target: { kind: "piece", piece: { get: "it" } }, container: zone },
      depth + 1,
    );
    if (inner === undefined) return undefined;
    return { e: inner.e === true ? { gt: [{ size: zone }, 0] } : { exists: { in: zone, where: inner.e } } };
  }
  tr.cx.unsupported(pointer, `Contains on ${describeSubject(s)}`, "expected a space or a container");
  return undefined;
};

const IsFull: ConditionHandler = (tr, node, pointer, env, depth) => {
  const t = targetOf(tr, node, pointer, env, depth);
  if (!t.ok) return undefined;
  if (t.s?.kind !== "grid") {
    tr.cx.unsupported(pointer, "IsFull on anything but the grid", "containers have no size limit");
    return undefined;
  }
  return { e: { full: "board" } };
};

const Evaluate: ConditionHandler = (tr, node, pointer, env, depth) => {
  const v = tr.value({ ...node, type: "expression" }, pointer, env, depth + 1);
  if (v === undefined) return undefined;
  const e = tr.num(v, at(pointer, "expression"));
  return e === undefined ? undefined : { e };
};

const Position: ConditionHandler = (tr, node, pointer, env) => {
  const pos = get(node, "position");
  if (pos !== "First") {
    tr.cx.unsupported(at(pointer, "position"), `the position ${describe(pos)}`, 'expected "First"');
    return undefined;
  }
  if (env.target?.kind !== "piece" || env.container === undefined) {
    tr.cx.unsupported(
      pointer,
      "Position outside a selector of a container's cards",
      "it counts places in a container",
    );
    return undefined;
  }
  tr.cx.reading(
    pointer,
    "Position First",
    "B.A.G.E.L.'s position First (index 0 of a container) is the top of the match zone: cards put at First are put on top, and dealing or drawing takes the top card.",
  );
  return { e: eq(env.target.piece, { top: env.container }) };
};

const NoPossibleMoves: ConditionHandler = (tr, _node, pointer) => {
  tr.cx.unsupported(
    pointer,
    "NoPossibleMoves here",
    "it is translated only as the condition of a SetActivePlayers or PassTurn among a turn's or stage's initialMoves, or of a SetActivePlayers in a continuing move's `then`",
  );
  return undefined;
};

const Would: ConditionHandler = (tr, _node, pointer) => {
  tr.cx.unsupported(pointer, "Would", "it is a user-interface query of the engine, not a rule");
  return undefined;
};

/** A cell subject's on-board test, for conditions checked on a space that may be off the grid. */
export function onBoard(s: Subject | undefined): Expr {
  if (s?.kind !== "cell" || (s.cell.dx === 0 && s.cell.dy === 0)) return true;
  return { onBoard: cellExpr(s.cell) };
}

export const BASIC: Record<string, ConditionHandler> = {
  Is,
  Not,
  Or,
  Contains,
  IsFull,
  Evaluate,
  Position,
  NoPossibleMoves,
  Would,
};
