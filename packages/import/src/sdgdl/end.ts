/**
 * `end_conditions`: the implementation's game files say how a game is won (the language's document
 * says nothing of it). Each condition is read once per role with `p` bound to it: `victory` makes that
 * role the winner, `defeat` the loser, `draw` a draw.
 * @module
 */
import type { EndCondition, Result } from "@gridponder/match/validate";
import { at, describe, type Findings, isRecord } from "../findings.js";
import { translate } from "./functions.js";
import type { Scope } from "./scope.js";
import { parseExpression } from "./syntax.js";
import { Cx, NOTHING, type Typed } from "./typed.js";

const RESULTS = ["victory", "defeat", "draw"] as const;

/** Why the game ended, in words, from the functions its condition calls. */
function reasonOf(text: string, index: number): string {
  if (/king_captured\(/.test(text)) return "king captured";
  if (/get_all_legal_moves_for\(/.test(text)) return "no move left";
  if (/entities_of_player\(/.test(text)) return "no pieces left";
  return `end condition ${index + 1}`;
}

/** The end conditions of the file, or null when it states none. */
export function readEndConditions(
  root: Record<string, unknown>,
  scope: Scope,
  f: Findings,
): EndCondition[] | null {
  const section = root.end_conditions;
  if (section === undefined) return null;
  if (!isRecord(section) || !Array.isArray(section.conditions)) {
    f.error(
      "/end_conditions",
      "end-conditions",
      "expected end_conditions.conditions: a list of { type, for, condition }",
    );
    return [];
  }
  const out: EndCondition[] = [];
  for (const [i, c] of section.conditions.slice(0, 100).entries()) {
    const p = at("/end_conditions/conditions", i);
    if (!isRecord(c)) {
      f.error(p, "expected-object", `expected an end condition, found ${describe(c)}`);
      continue;
    }
    const type = c.type;
    if (!RESULTS.includes(type as (typeof RESULTS)[number])) {
      f.error(
        at(p, "type"),
        "unknown-result",
        `unknown end type ${describe(type)}; expected ${RESULTS.join(", ")}`,
      );
      continue;
    }
    const binding = c.for === undefined ? null : /^\s*player\(\s*([A-Za-z_]\w*)\s*\)\s*$/.exec(String(c.for));
    if (c.for !== undefined && !binding) {
      f.error(at(p, "for"), "end-for", `expected for as "player(p)", found ${describe(c.for)}`);
      continue;
    }
    if (type !== "draw" && !binding) {
      f.error(p, "end-for", `a ${String(type)} needs "for": "player(p)" to say whose it is`);
      continue;
    }
    if (typeof c.condition !== "string") {
      f.error(
        at(p, "condition"),
        "expected-string",
        `expected the condition as a string, found ${describe(c.condition)}`,
      );
      continue;
    }
    const parsed = parseExpression(c.condition);
    if ("fault" in parsed) {
      f.error(
        at(p, "condition"),
        "expression-syntax",
        `${parsed.fault.message} (at character ${parsed.fault.at + 1} of the expression)`,
      );
      continue;
    }
    const seats = binding ? scope.seats.map((_, s) => s) : [-1];
    for (const seat of seats) {
      const locals = new Map<string, Typed>(
        binding ? [[binding[1] as string, { e: seat, kind: "seat" }]] : [],
      );
      const cond = translate(new Cx(scope, f, at(p, "condition"), c.condition, locals, "end"), parsed.tree);
      if (cond === NOTHING) break;
      const result: Result =
        type === "victory" ? { winner: seat } : type === "defeat" ? { loser: seat } : { draw: true };
      out.push({ if: cond.e, result, reason: reasonOf(c.condition, i) });
    }
  }
  return out;
}
