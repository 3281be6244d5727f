/**
 * The allowed actions as match moves: what each may move (the entity kinds its conditions require),
 * where it may go (a pattern from its geometric conditions), its remaining conditions with the
 * precedence of earlier actions (Section 4.1), its effects, its priority and its chain.
 * @module
 */
import type { Effect, Expr, MoveDefinition, Pattern } from "@gridponder/match/validate";
import { at, type Findings } from "../findings.js";
import { wordsOf } from "../pack.js";
import { redundantEffects, translateEffect } from "./effects.js";
import { translate } from "./functions.js";
import { geometryOf, isGeometric, type Offset, raysOf } from "./geometry.js";
import { idOf, type Scope } from "./scope.js";
import type { InteractionSpec } from "./spec.js";
import { printSyntax, type Syntax } from "./syntax.js";
import { Cx, NOTHING } from "./typed.js";

export interface ParsedItem {
  tree: Syntax;
  pointer: string;
  text: string;
}

export interface Parsed {
  spec: InteractionSpec;
  conditions: ParsedItem[];
  effects: ParsedItem[];
}

/** What the report says a source lacks is read from what its actions do. */
export interface Facts {
  movesTwo: boolean;
  remembers: boolean;
  promotions: Set<string>;
}

interface Condition {
  item: ParsedItem;
  expr: Expr;
  owner: boolean;
  /** For `eq(entity.<kind>, 'value')`: the piece types it allows. */
  kinds: string[] | null;
}

const OWNER = ["entity.owner", "state.current_player"].sort().join();

function isOwnerTest(n: Syntax): boolean {
  return (
    n.kind === "call" &&
    n.fn === "eq" &&
    n.args.length === 2 &&
    n.args
      .map((a) => printSyntax(a))
      .sort()
      .join() === OWNER
  );
}

function kindTest(n: Syntax, scope: Scope): string[] | null {
  if (n.kind !== "call" || n.fn !== "eq" || n.args.length !== 2) return null;
  const [a, b] = n.args as [Syntax, Syntax];
  const [m, s] = a.kind === "string" ? [b, a] : [a, b];
  if (m.kind !== "member" || !scope.kindAttrs.has(m.key) || s.kind !== "string") return null;
  if (m.of.kind !== "name" || m.of.name !== "entity") return null;
  const types = scope.typesOf(m.key, s.value);
  return types.length > 0 ? types : null;
}

const and = (list: Expr[]): Expr => (list.length === 1 ? (list[0] as Expr) : { and: list });

/** Per-seat offsets as the match format writes them: numbers, or seat attributes when seats differ. */
function offsetsFor(
  perSeat: readonly (readonly Offset[])[],
  id: string,
  seatAttrs: Map<string, number[]>,
): [Expr, Expr][] | null {
  const first = perSeat[0] ?? [];
  const same = perSeat.every(
    (o) => o.length === first.length && o.every((v, i) => v[0] === first[i]?.[0] && v[1] === first[i]?.[1]),
  );
  if (same) return first.map(([x, y]) => [x, y]);
  if (!perSeat.every((o) => o.length === first.length)) return null;
  // Seats move differently (a pawn's forward): each offset is read from seat attributes of its own.
  return first.map((_, k) => {
    const names = [`${id}-${k + 1}-x`, `${id}-${k + 1}-y`] as const;
    seatAttrs.set(
      names[0],
      perSeat.map((o) => (o[k] as Offset)[0]),
    );
    seatAttrs.set(
      names[1],
      perSeat.map((o) => (o[k] as Offset)[1]),
    );
    return [{ seatAttr: names[0] }, { seatAttr: names[1] }];
  });
}

/** The moves of the allowed actions, in order. `seatAttrs` gains the attributes of per-seat offsets. */
export function buildMoves(
  order: readonly Parsed[],
  scope: Scope,
  f: Findings,
  board: { width: number; height: number },
  facts: Facts,
  seatAttrs: Map<string, number[]>,
): MoveDefinition[] {
  const ids = new Map<Parsed, string>();
  for (const p of order) {
    let id = idOf(p.spec.name);
    while ([...ids.values()].includes(id)) id = `${id}-2`;
    ids.set(p, id);
  }
  const firstNonChain = order.findIndex((p) => !p.spec.chainable);
  const forced = new Set(firstNonChain > 0 ? order.slice(0, firstNonChain) : []);
  const chainables = order.filter((p) => p.spec.chainable).map((p) => ids.get(p) as string);
  const conditions = new Map<Parsed, Condition[]>();
  /** Each action's exact offsets per seat, when its pattern selects exactly what its conditions allow. */
  const reach = new Map<Parsed, Set<string>[]>();
  const attrNames = new Set(scope.seatAttrs.keys());

  return order.map((p) => {
    const id = ids.get(p) as string;
    const conds: Condition[] = [];
    for (const item of p.conditions) {
      const t = translate(new Cx(scope, f, item.pointer, item.text), item.tree);
      if (t === NOTHING) continue;
      conds.push({ item, expr: t.e, owner: isOwnerTest(item.tree), kinds: kindTest(item.tree, scope) });
      if (item.text.includes("state.") && !/state\.current_player/.test(item.text)) facts.remembers = true;
    }
    conditions.set(p, conds);
    if (!p.conditions.some((c) => isOwnerTest(c.tree)))
      f.error(
        at(p.spec.pointer, "conditions"),
        "owner-test",
        `interaction "${p.spec.name}" does not require eq(entity.owner, state.current_player)`,
        "a match moves only the pieces of the player to move; an action on another player's entity cannot be imported",
      );
    const kinds = conds.find((c) => c.kinds)?.kinds ?? null;

    // Where it may go: the geometric conditions that depend on the displacement alone.
    const fixed = conds.filter(
      (c) =>
        isGeometric(c.item.tree, attrNames) &&
        geometryOf([c.item.tree], scope.seatAttrs, scope.seats.length, board.width, board.height) !== null,
    );
    const geometry =
      fixed.length === 0
        ? null
        : geometryOf(
            fixed.map((c) => c.item.tree),
            scope.seatAttrs,
            scope.seats.length,
            board.width,
            board.height,
          );
    let pattern: Pattern = { place: "any" };
    let patterned = false;
    if (geometry?.offsets.every((o) => o.length > 0 && !o.some(([x, y]) => x === 0 && y === 0))) {
      const clear = p.conditions.some((c) => /^\s*path_clear\(\s*start\s*,\s*target\s*\)\s*$/.test(c.text));
      const rays = clear ? geometry.offsets.map((o) => raysOf(o, board.width, board.height)) : [];
      const slide =
        rays.length > 0 && rays.every((r) => r !== null)
          ? offsetsFor(rays as Offset[][], id, seatAttrs)
          : null;
      const step = slide ? null : offsetsFor(geometry.offsets, id, seatAttrs);
      if (slide) pattern = { slide };
      else if (step) pattern = { step };
      patterned = slide !== null || step !== null;
    }
    if (patterned && geometry?.exact)
      reach.set(
        p,
        geometry.offsets.map((o) => new Set(o.map((v) => `${v[0]},${v[1]}`))),
      );
    const implied = (c: Condition) =>
      c.owner ||
      (c.kinds !== null && c.kinds === kinds) ||
      (patterned && geometry?.exact === true && fixed.includes(c));
    const own = conds.filter((c) => !implied(c)).map((c) => c.expr);

    // An earlier action that matches the same start and target is the one taken (Section 4.1).
    const exclusions: Expr[] = [];
    for (const q of order.slice(0, order.indexOf(p))) {
      const theirs = conditions.get(q) ?? [];
      const theirKinds = theirs.find((c) => c.kinds)?.kinds ?? null;
      if (kinds && theirKinds && !theirKinds.some((t) => kinds.includes(t))) continue;
      // Actions that never reach the same cells from the same start cannot both match.
      const mine = reach.get(p);
      const their = reach.get(q);
      if (mine && their && mine.every((set, seat) => ![...set].some((o) => their[seat]?.has(o)))) continue;
      const sameKinds = kinds !== null && theirKinds?.every((t) => kinds.includes(t)) === true;
      const rest = theirs
        .filter((c) => !c.owner && !(sameKinds && c.kinds === theirKinds))
        .map((c) => c.expr);
      exclusions.push(rest.length === 0 ? false : { not: and(rest) });
    }

    const skip = redundantEffects(p.effects.map((e) => e.tree));
    const effects: Effect[] = [];
    let writes = 0;
    p.effects.forEach((e, i) => {
      if (/^\s*set\(\s*board\[/.test(e.text) && !/,\s*null\s*\)\s*$/.test(e.text)) writes++;
      for (const m of e.text.matchAll(/set\(\s*entity\.\w+\s*,\s*'([^']*)'\s*\)/g))
        facts.promotions.add(m[1] as string);
      if (skip.has(i)) return;
      const out = translateEffect(new Cx(scope, f, e.pointer, e.text), e.tree);
      if (out) effects.push(out);
    });
    if (writes >= 2) facts.movesTwo = true;
    const all = [...own, ...exclusions];
    return {
      id,
      label: wordsOf(p.spec.name),
      piece: kinds ? { type: kinds.length === 1 ? (kinds[0] as string) : kinds } : {},
      pattern,
      ...(all.length > 0 ? { if: and(all) } : {}),
      do: effects,
      ...(forced.has(p) ? { priority: 1 } : {}),
      ...(p.spec.chainable ? { chain: { with: chainables, optional: true } } : {}),
    };
  });
}
