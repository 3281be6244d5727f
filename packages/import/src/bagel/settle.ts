/**
 * Whether a move's rules settle how its turn goes on. In a `turn` without `maxMoves` the engine lets the
 * player move again until a move's rules run EndTurn or PassTurn (or send the player to a stage); the
 * translation puts a marker where a rule does, finds on which paths of the move's effects one is
 * reached, and then takes the markers out again.
 * @module
 */
import type { Effect, Expr } from "@gridponder/match/validate";

/** The marker (never left in a pack): a `goto` to a phase no pack can have. */
export const SETTLED = "§settled";
const MARKER: Effect = { goto: SETTLED };

export function settledMarker(): Effect {
  return { ...MARKER };
}

const isMarker = (e: Effect): boolean => "goto" in e && e.goto === SETTLED;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** On how many paths through the effects a marker is reached. */
export type Settles = "always" | "never" | "sometimes";

/** Effects that change nothing a condition reads: the turn's course only. */
function inert(list: readonly Effect[]): boolean {
  return list.every(
    (e) =>
      "again" in e ||
      "goto" in e ||
      ("if" in e && "then" in e && inert(e.then) && inert((e as { else?: Effect[] }).else ?? [])),
  );
}

/** Whether two conditions are each other's negation, as written. */
function opposite(a: Expr, b: Expr): boolean {
  const neg = (x: Expr): Expr | undefined =>
    typeof x === "object" && x !== null && "not" in x ? (x as { not: Expr }).not : undefined;
  return same(neg(a), b) || same(neg(b), a);
}

export function settles(list: readonly Effect[]): Settles {
  let some = false;
  // The condition of an `if` before, with no else, whose branch always settles and changes nothing
  // read since: a later `if` on its negation whose branch always settles makes both paths settle.
  let guard: Expr | undefined;
  for (const e of list) {
    if (isMarker(e)) return "always";
    if ("if" in e && "then" in e) {
      const a = settles(e.then);
      const elseList = (e as { else?: Effect[] }).else ?? [];
      const b = settles(elseList);
      if (a === "always" && b === "always") return "always";
      if (a === "always" && elseList.length === 0 && guard !== undefined && opposite(guard, e.if))
        return "always";
      if (a !== "never" || b !== "never") some = true;
      if (a === "always" && elseList.length === 0 && inert(e.then)) {
        guard = guard === undefined ? e.if : guard;
        continue;
      }
      if (!inert([e])) guard = undefined;
      continue;
    }
    if ("forEachSeat" in e) {
      if (settles(e.forEachSeat) !== "never") some = true;
    } else if ("forEachPiece" in e) {
      if (settles(e.do) !== "never") some = true;
    }
    if (!inert([e])) guard = undefined;
  }
  return some ? "sometimes" : "never";
}

/** The effects with every marker replaced by `by`. */
export function replaceMarkers(list: readonly Effect[], by: readonly Effect[]): Effect[] {
  const out: Effect[] = [];
  for (const e of list) {
    if (isMarker(e)) out.push(...by);
    else if ("if" in e && "then" in e) {
      const elseList = (e as { else?: Effect[] }).else;
      out.push({
        ...e,
        // biome-ignore lint/suspicious/noThenProperty: the match format's conditional effect has a `then` list.
        then: replaceMarkers(e.then, by),
        ...(elseList ? { else: replaceMarkers(elseList, by) } : {}),
      });
    } else if ("forEachSeat" in e) out.push({ forEachSeat: replaceMarkers(e.forEachSeat, by) });
    else if ("forEachPiece" in e) out.push({ ...e, do: replaceMarkers(e.do, by) });
    else out.push(e);
  }
  return out;
}
