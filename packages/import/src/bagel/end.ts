/**
 * End scenarios (`endIf`, or the legacy `endConditions`): each becomes an end condition of the match
 * game, its `result` a winner (a player expression, or what a condition found: `ownerOfFirstResultEntity`),
 * a draw, or several winners (`mapMax` over the players: a ranking by the mapping, per seat). A phase's
 * scenario with a result counts only while that phase is on.
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
    const r = winners(tr, result.winners, at(rp, "winners"), withResults);
    if (r === undefined) return undefined;
    out = r;
  } else {
    cx.error(rp, "expected-result", 'expected a result with "winner", "winners" or "draw"');
    return undefined;
  }
  return { if: and(gate, conds.e), result: out, reason };
}

/**
 * Several winners: `mapMax` over the players (`ctxPath playOrder`) names those whose mapping is the
 * greatest, which is a ranking by that mapping worked out for each seat (`loopTarget` the seat).
 */
function winners(tr: Tr, w: unknown, pointer: string, env: Env): Result | undefined {
  const cx = tr.cx;
  if (!isRecord(w) || get(w, "type") !== "mapMax") {
    cx.unsupported(
      pointer,
      `winners given as ${isRecord(w) && typeof get(w, "type") === "string" ? `a ${JSON.stringify(String(get(w, "type")).slice(0, 40))} reference` : describe(w)}`,
      "translated is `mapMax` over the players (the players whose mapping is the greatest)",
    );
    return undefined;
  }
  const tp = at(pointer, "targets");
  const targets = get(w, "targets");
  const over =
    isRecord(targets) && typeof get(targets, "type") === "string" ? tr.value(targets, tp, env, 0) : undefined;
  if (over?.kind !== "seats") {
    if (over !== undefined || !isRecord(targets) || typeof get(targets, "type") !== "string")
      cx.unsupported(
        tp,
        "`mapMax` winners over anything but the players",
        'the winners are players: expected { "type": "ctxPath", "path": ["playOrder"] }',
      );
    return undefined;
  }
  const mp = at(pointer, "mapping");
  if (!Object.hasOwn(w, "mapping")) {
    cx.error(mp, "expected-mapping", "`mapMax` needs a `mapping`: the value the greatest of which wins");
    return undefined;
  }
  const v = tr.value(
    w.mapping,
    mp,
    { ...env, loop: { kind: "subject", s: { kind: "seat", seat: { get: "seat" } } } },
    0,
  );
  const score = v && tr.num(v, mp);
  if (score === undefined) return undefined;
  cx.reading(
    pointer,
    "winners mapMax",
    '`winners` by `mapMax` over the players is a ranking by the mapping worked out for each player (`loopTarget` that player): the players with the greatest value win and the others lose; when every player has it, the engine names them all winners, which the match format calls a draw (observed with board-game-engine 2.1.0: a reversi game ending 3–3 gives winners ["0", "1"]).',
  );
  return { ranking: { score } };
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
