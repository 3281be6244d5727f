/**
 * Quantifiers: `Some` and `Every` over a selector's entities, each checked with `loopTarget` bound.
 * Over spaces they are translated where the match format has the construct: a line anywhere (`Some`
 * space `InLine`) and a full board (`Every` space `Contains`).
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at } from "../../findings.js";
import { BagelContext } from "../context.js";
import { and, not, or } from "../exprs.js";
import type { Cond, Env, Subject } from "../model.js";
import { type ConditionHandler, seatWitness } from "./basic.js";

const get = BagelContext.get;

function quantifier(all: boolean): ConditionHandler {
  return (tr, node, pointer, env, depth) => {
    const p = at(pointer, "target");
    const sel = tr.select(get(node, "target"), p, env, depth + 1);
    if (sel === undefined) return undefined;
    const each = (s: Subject, extra: Partial<Env> = {}) =>
      tr.conditions(node, pointer, { ...env, target: s, loop: { kind: "subject", s }, ...extra }, depth + 1);
    if (sel.kind === "cells") {
      const probe: Subject = { kind: "cell", cell: { base: { get: "§cell" }, dx: 0, dy: 0 } };
      const c = each(probe, { everyCell: true });
      if (c === undefined) return undefined;
      const text = JSON.stringify(c.e);
      if (!all && !text.includes("§cell") && sel.pred(probe.cell)?.e === true)
        return { e: c.e, ...(c.each[0]?.witness ? { witness: c.each[0].witness } : {}) };
      if (
        all &&
        text === JSON.stringify({ ge: [{ pieceAt: { get: "§cell" } }, 0] }) &&
        sel.pred(probe.cell)?.e === true
      )
        return { e: { full: "board" } };
      tr.cx.unsupported(
        pointer,
        `${all ? "Every" : "Some"} over spaces with these conditions`,
        "translated are a line anywhere (Some space InLine of one player's pieces) and a full grid (Every space Contains)",
      );
      return undefined;
    }
    if (sel.kind === "zones" || sel.kind === "records") {
      const subject = (k: Expr): Subject =>
        sel.kind === "zones"
          ? { kind: "zone", zone: sel.zone, seat: k }
          : { kind: "record", entity: sel.entity, seat: k };
      const holds = (k: Expr): Expr => {
        const c = each(subject(k));
        return c === undefined ? false : and(sel.pred(k), c.e);
      };
      if (each(subject(0)) === undefined) return undefined;
      const seats = Array.from({ length: tr.seats }, (_, k) => ({ k, e: holds(k) }));
      const inGame = (k: number): Expr => ({ lt: [k, { seatCount: {} }] });
      if (all) return { e: and(...seats.map(({ k, e }) => or(not(inGame(k)), not(sel.pred(k)), e))) };
      return {
        e: or(...seats.map(({ k, e }) => and(inGame(k), e))),
        witness: seatWitness(tr, subject, holds),
      };
    }
    if (sel.kind === "pieces" && !sel.set.perSeat) {
      const c = each({ kind: "piece", piece: { get: "it" } });
      if (c === undefined) return undefined;
      const parts = sel.set.scopes.map((q) => {
        const where = q.where === undefined ? c.e : and(q.where, c.e);
        const none = q.where === undefined ? not(c.e) : and(q.where, not(c.e));
        return all
          ? ({ not: { exists: { ...q, where: none } } } as Expr)
          : ({ exists: { ...q, where } } as Expr);
      });
      return { e: all ? and(...parts) : or(...parts) } satisfies Cond;
    }
    tr.cx.unsupported(
      p,
      `${all ? "Every" : "Some"} over this selection`,
      "expected spaces, pieces, or every player's container or record",
    );
    return undefined;
  };
}

export const QUANTIFIERS: Record<string, ConditionHandler> = {
  Some: quantifier(false),
  Every: quantifier(true),
};
