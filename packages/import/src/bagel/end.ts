/**
 * End scenarios (`endIf`, or the legacy `endConditions`): each becomes an end condition of the match
 * game, its `result` a winner (a player expression, or what a condition found: `ownerOfFirstResultEntity`),
 * a draw, or several winners. A phase's scenario with a result counts only while that phase is on.
 * @module
 */
import type { EndCondition, Expr, Result } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../findings.js";
import type { Tr } from "./api.js";
import { BagelContext } from "./context.js";
import { and } from "./exprs.js";
import type { Env } from "./model.js";
import { endIfOf } from "./shorthand.js";

const get = BagelContext.get;

/** The long path `ownerOfFirstResultEntity` stands for. */
const OWNER_OF_FIRST = ["results", 0, "matches", 0, 0, "entities", 0, "attributes", "player"];

function scenario(tr: Tr, sc: unknown, pointer: string, gate: Expr): EndCondition | undefined {
  const cx = tr.cx;
  if (!isRecord(sc)) {
    cx.error(
      pointer,
      "expected-scenario",
      `expected an end scenario (conditions and a result), found ${describe(sc)}`,
    );
    return undefined;
  }
  const env: Env = { where: "end" };
  const conds = tr.conditions(sc, pointer, env, 0);
  if (conds === undefined) return undefined;
  const types = (
    Array.isArray(get(sc, "conditions")) ? (get(sc, "conditions") as unknown[]) : [get(sc, "conditions")]
  )
    .map((c) => (isRecord(c) ? String(get(c, "conditionType") ?? "Is") : String(c)))
    .join(", ");
  const reason = `end scenario ${pointer} (${types.slice(0, 60) || "always"})`;
  const result = get(sc, "result");
  const rp = at(pointer, "result");
  const withResults: Env = { ...env, results: conds.each.map((c) => c.witness) };
  let out: Result | undefined;
  if (result === undefined) {
    cx.reading(pointer, "end without result", "An end scenario without a result ends the game as a draw.");
    out = { draw: true };
  } else if (!isRecord(result)) {
    cx.error(rp, "expected-result", `expected a result object, found ${describe(result)}`);
    return undefined;
  } else if (get(result, "draw") === true) out = { draw: true };
  else if (Object.hasOwn(result, "winner")) {
    const w = result.winner;
    const wp = at(rp, "winner");
    let v: ReturnType<Tr["value"]>;
    if (w === "ownerOfFirstResultEntity")
      v = tr.value({ type: "contextPath", path: OWNER_OF_FIRST }, wp, withResults, 0);
    else if (typeof w === "string" && /^[0-7]$/.test(w)) v = { kind: "num", e: Number(w) };
    else if (typeof w === "string")
      cx.error(
        wp,
        "unknown-result",
        `unknown winner shorthand ${JSON.stringify(w.slice(0, 40))}; expected "ownerOfFirstResultEntity", a player id or a value reference`,
      );
    else v = tr.value(w, wp, withResults, 0);
    const e = v && tr.num(v, wp);
    if (e === undefined) return undefined;
    out = { winner: e };
  } else if (Object.hasOwn(result, "winners")) {
    cx.unsupported(
      at(rp, "winners"),
      "several winners (`winners`)",
      "a match game's result names one winner, a draw, or a ranking by a score kept in a seat variable",
    );
    return undefined;
  } else {
    cx.error(rp, "expected-result", 'expected a result with "winner", "winners" or "draw"');
    return undefined;
  }
  return { if: and(gate, conds.e), result: out, reason };
}

/** The game's end conditions: the top level's scenarios, then each phase's with a result. */
export function compileEnd(tr: Tr, phaseNames: string[]): EndCondition[] | undefined {
  const cx = tr.cx;
  const out: EndCondition[] = [];
  let ok = true;
  const read = (node: Record<string, unknown>, pointer: string, gate: Expr, onlyResults: boolean) => {
    const list = endIfOf(node, pointer);
    if (list === undefined) return;
    if (!Array.isArray(list.value)) {
      cx.error(
        list.pointer,
        "expected-list",
        `expected a list of end scenarios, found ${describe(list.value)}`,
      );
      ok = false;
      return;
    }
    if (list.value.length > 64) {
      cx.error(list.pointer, "too-many", "more than 64 end scenarios");
      ok = false;
      return;
    }
    list.value.forEach((sc, i) => {
      if (onlyResults && !(isRecord(sc) && Object.hasOwn(sc, "result"))) return;
      const e = scenario(tr, sc, at(list.pointer, i), gate);
      if (e === undefined) ok = false;
      else out.push(e);
    });
  };
  read(cx.root, "", true, false);
  const phases = get(cx.root, "phases");
  if (isRecord(phases))
    phaseNames.forEach((name, i) => {
      const node = get(phases, name);
      if (isRecord(node))
        read(
          node,
          at("/phases", name),
          phaseNames.length > 1 ? { eq: [{ var: "bagelPhase" }, i] } : true,
          true,
        );
    });
  return ok ? out : undefined;
}
