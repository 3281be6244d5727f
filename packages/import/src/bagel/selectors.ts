/**
 * Selectors: `{ matchMultiple?, conditions }` objects and names that pick entities. The condition that
 * says what kind of entity is wanted (a name, `entityType: Space`, `target: { type: parent }`) decides
 * the kind; the rest become a predicate on each candidate.
 * @module
 */
import type { Expr, PieceQuery, ZoneRef } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import type { Selection, Tr } from "./api.js";
import { BagelContext } from "./context.js";
import { and, eq } from "./exprs.js";
import type { CellRef, Env, Subject } from "./model.js";
import { conditionsOf, expandCondition, type RawCondition } from "./shorthand.js";

const get = BagelContext.get;

/** The element a piece selector binds: `it` inside queries, or the move's own piece. */
export const IT: Expr = { get: "it" };

function isParentTarget(c: RawCondition): boolean {
  const t = get(c.node, "target");
  return isRecord(t) && get(t, "type") === "parent" && !Object.hasOwn(t, "target");
}

function matcherOf(c: RawCondition): Record<string, unknown> | undefined {
  const m = get(c.node, "matcher");
  return isRecord(m) ? m : undefined;
}

function isSpaceMatcher(m: Record<string, unknown>): boolean {
  return get(m, "entityType") === "Space" || get(m, "type") === "Space";
}

/** A seat predicate from a matcher's `player` (every seat when it has none). */
function seatPred(
  tr: Tr,
  m: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
): ((seat: Expr) => Expr) | undefined {
  if (!Object.hasOwn(m, "player")) return () => true;
  const v = tr.value(m.player, at(pointer, "matcher", "player"), env, depth + 1);
  if (v === undefined) return undefined;
  const n = tr.num(v, at(pointer, "matcher", "player"));
  if (n === undefined) return undefined;
  return (seat) => eq(seat, n);
}

/** Whether the selector reads only a player: a fixed seat, when the matcher's `player` is one. */
function fixedSeat(pred: (seat: Expr) => Expr): Expr | undefined {
  const probe = pred({ get: "§" });
  if (isRecord(probe) && Array.isArray((probe as { eq?: unknown }).eq)) {
    const [a, b] = (probe as { eq: Expr[] }).eq;
    if (JSON.stringify(a) === '{"get":"§"}') return b;
  }
  return undefined;
}

/** Resolves a selector; `element` is what a piece selection binds (`it` by default). */
export function select(
  tr: Tr,
  sel: unknown,
  pointer: string,
  env: Env,
  depth: number,
  element: Expr = IT,
): Selection | undefined {
  const cx = tr.cx;
  if (typeof sel === "string")
    return select(
      tr,
      { conditions: [{ conditionType: "Is", matcher: { name: sel } }] },
      pointer,
      env,
      depth,
      element,
    );
  if (!isRecord(sel)) {
    cx.error(
      pointer,
      "expected-selector",
      `expected a selector (an object with conditions, or a name), found ${describe(sel)}`,
    );
    return undefined;
  }
  const raw = conditionsOf(cx, sel, pointer);
  if (raw === undefined) return undefined;
  const conds: RawCondition[] = [];
  for (const r of raw) {
    const c = expandCondition(cx, r.value, r.pointer);
    if (c === undefined) return undefined;
    conds.push(c);
  }
  // The condition that says what kind of entity is wanted.
  const kindIndex = (() => {
    const parent = conds.findIndex((c) => c.type === "Is" && isParentTarget(c) && matcherOf(c) !== undefined);
    if (parent >= 0) return parent;
    return conds.findIndex((c) => {
      const m = matcherOf(c);
      return (
        c.type === "Is" &&
        !Object.hasOwn(c.node, "target") &&
        !Object.hasOwn(c.node, "entity") &&
        m !== undefined &&
        (typeof get(m, "name") === "string" || isSpaceMatcher(m))
      );
    });
  })();
  const rest = conds.filter((_, i) => i !== kindIndex);
  const kind = kindIndex >= 0 ? (conds[kindIndex] as RawCondition) : undefined;
  const m = kind ? (matcherOf(kind) as Record<string, unknown>) : undefined;
  const name = m ? get(m, "name") : undefined;

  const piecesIn = (
    scopes: PieceQuery[],
    perSeat: boolean,
    container: ZoneRef | undefined,
    type?: string,
  ): Selection | undefined => {
    const preds: Expr[] = [];
    for (const c of rest) {
      const e = tr.condition(
        c.node,
        c.pointer,
        { ...env, target: { kind: "piece", piece: element }, ...(container ? { container } : {}) },
        depth + 1,
      );
      if (e === undefined) return undefined;
      preds.push(e.e);
    }
    if (kind && m) {
      // Other members of the kind's matcher (a card's suit) are part of the predicate too.
      const extra: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(m))
        if (k !== "name" && !(container && k === "player")) extra[k] = v;
      if (Object.keys(extra).length > 0 && !isParentTarget(kind)) {
        const e = tr.condition(
          { conditionType: "Is", matcher: extra },
          kind.pointer,
          { ...env, target: { kind: "piece", piece: element } },
          depth + 1,
        );
        if (e === undefined) return undefined;
        preds.push(e.e);
      }
    }
    const where = and(...preds);
    return {
      kind: "pieces",
      set: {
        scopes: scopes.map((q) => ({
          ...q,
          ...(type ? { type } : {}),
          ...(where === true ? {} : { where }),
        })),
        perSeat,
      },
    };
  };

  if (kind && isParentTarget(kind) && typeof name === "string") {
    const z = cx.zone(name);
    if (z !== undefined) {
      const pred = seatPred(tr, m as Record<string, unknown>, kind.pointer, env, depth);
      if (pred === undefined) return undefined;
      if (!z.perSeat) return piecesIn([{ in: name }], false, name);
      const seat = fixedSeat(pred);
      if (seat !== undefined) return piecesIn([{ in: { zone: name, seat } }], false, { zone: name, seat });
      if (Object.hasOwn(m as object, "player")) {
        cx.unsupported(
          kind.pointer,
          "a parent matcher with a computed player",
          "expected a player id or the current player",
        );
        return undefined;
      }
      return piecesIn([{ in: { zone: name, seat: { get: "seat" } } }], true, {
        zone: name,
        seat: { get: "seat" },
      });
    }
    if (cx.grid?.name === name) return cellsOf(tr, rest, env, depth);
    cx.error(
      at(kind.pointer, "matcher", "name"),
      "unknown-entity",
      `no container or grid named ${JSON.stringify(name)}; expected one of ${[...cx.zones.keys(), ...(cx.grid ? [cx.grid.name] : [])].join(", ") || "(none)"}`,
    );
    return undefined;
  }
  if (kind && m && isSpaceMatcher(m) && name === undefined) return cellsOf(tr, rest, env, depth);
  if (typeof name === "string") {
    const z = cx.zone(name);
    const predRest = (subject: (seat: Expr) => Subject) => (seat: Expr) => {
      const ps: Expr[] = [];
      for (const c of rest) {
        const e = tr.condition(c.node, c.pointer, { ...env, target: subject(seat) }, depth + 1);
        ps.push(e === undefined ? false : e.e);
      }
      return and(...ps);
    };
    if (z !== undefined) {
      const pred = seatPred(tr, m as Record<string, unknown>, (kind as RawCondition).pointer, env, depth);
      if (pred === undefined) return undefined;
      if (!z.perSeat) {
        if (rest.length > 0) {
          cx.unsupported(
            rest[0]?.pointer ?? pointer,
            "further conditions on a shared container in a selector",
            "name the container alone",
          );
          return undefined;
        }
        return { kind: "one", s: { kind: "zone", zone: name } };
      }
      const seat = fixedSeat(pred);
      if (seat !== undefined && rest.length === 0)
        return { kind: "one", s: { kind: "zone", zone: name, seat } };
      const more = predRest((s) => ({ kind: "zone", zone: name, seat: s }));
      return { kind: "zones", zone: name, pred: (s) => and(pred(s), more(s)) };
    }
    if (cx.records.has(name)) {
      const pred = seatPred(tr, m as Record<string, unknown>, (kind as RawCondition).pointer, env, depth);
      if (pred === undefined) return undefined;
      const seat = fixedSeat(pred);
      if (seat !== undefined && rest.length === 0)
        return { kind: "one", s: { kind: "record", entity: name, seat } };
      const more = predRest((s) => ({ kind: "record", entity: name, seat: s }));
      return { kind: "records", entity: name, pred: (s) => and(pred(s), more(s)) };
    }
    if (cx.grid?.name === name) return { kind: "one", s: { kind: "grid" } };
    if (cx.types.has(name))
      return piecesIn(
        allScopes(tr),
        cx.zones.size > 0 && [...cx.zones.values()].some((z2) => z2.perSeat),
        undefined,
        name,
      );
    cx.error(
      at((kind as RawCondition).pointer, "matcher", "name"),
      "unknown-entity",
      `no entity named ${JSON.stringify(name)}; expected one of ${cx.entityNames().join(", ") || "(none)"}`,
    );
    return undefined;
  }
  // No kind: pieces of any type wherever they are.
  return piecesIn(allScopes(tr), false, undefined);
}

/** Every place pieces may be: the board and each shared container (per-player ones need a seat). */
function allScopes(tr: Tr): PieceQuery[] {
  const out: PieceQuery[] = [];
  if (tr.cx.grid) out.push({ in: "board" });
  for (const z of tr.cx.zones.values())
    out.push({ in: z.perSeat ? { zone: z.name, seat: { get: "seat" } } : z.name });
  return out;
}

function cellsOf(tr: Tr, rest: RawCondition[], env: Env, depth: number): Selection {
  return {
    kind: "cells",
    pred: (cell: CellRef) => {
      const ps: Expr[] = [];
      for (const c of rest) {
        const e = tr.condition(
          c.node,
          c.pointer,
          { ...env, target: { kind: "cell", cell }, original: { kind: "cell", cell } },
          depth + 1,
        );
        if (e === undefined) return undefined;
        ps.push(e.e);
      }
      return { e: and(...ps) };
    },
  };
}

/** One piece of a piece selection: the top of a container for `Position: First`, else the first found. */
export function onePiece(tr: Tr, sel: Selection, pointer: string): Expr | undefined {
  if (sel.kind === "one" && sel.s.kind === "piece") return sel.s.piece;
  if (sel.kind !== "pieces" || sel.set.scopes.length !== 1 || sel.set.perSeat) {
    tr.cx.unsupported(
      pointer,
      "this selector as one entity",
      "it may pick entities in several places; name one container",
    );
    return undefined;
  }
  const q = sel.set.scopes[0] as PieceQuery;
  if (
    q.in !== undefined &&
    q.in !== "board" &&
    isRecord(q.where) &&
    JSON.stringify(q.where) === JSON.stringify({ eq: [IT, { top: q.in }] })
  )
    return { top: q.in };
  tr.cx.reading(
    pointer,
    "first match",
    "A selector that is not `matchMultiple` picks the first entity that matches: the top card of a container (B.A.G.E.L.'s position First), or on the board the first from the top-left space.",
  );
  return { find: q };
}
