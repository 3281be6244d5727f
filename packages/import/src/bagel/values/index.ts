/**
 * Value references by `type`: `ctxPath`, `contextPath`, `gamePath`, `expression`, `relativeCoordinates`,
 * `coordinates`, `relativePath`, `parent`, `map`, `mapMax` (only as `winners`, see `end.ts`), `pick` and
 * `count`. Each resolves, at translation time, to a match expression or to what it names.
 * @module
 */
import type { Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import type { Tr } from "../api.js";
import { BagelContext } from "../context.js";
import { compileFormula } from "../expression/compile.js";
import { and, cellExpr, MOVER, neg, shift } from "../exprs.js";
import type { Env, Subject, Val } from "../model.js";
import { onePiece } from "../selectors.js";
import { prop } from "./props.js";

type ValueHandler = (
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
) => Val | undefined;

const get = BagelContext.get;

function pathOf(tr: Tr, node: Record<string, unknown>, pointer: string): unknown[] | undefined {
  const path = get(node, "path");
  if (!Array.isArray(path) || path.length > 32) {
    tr.cx.error(
      at(pointer, "path"),
      "expected-path",
      `expected a path (a list of at most 32 keys), found ${describe(path)}`,
    );
    return undefined;
  }
  return path;
}

/** The subject a reference's `target` names; `originalTarget` when it is left out. */
function targetSubject(
  tr: Tr,
  node: Record<string, unknown>,
  pointer: string,
  env: Env,
  depth: number,
): Subject | undefined {
  if (!Object.hasOwn(node, "target")) {
    if (env.original === undefined)
      tr.cx.error(pointer, "no-target", "no target here: the reference needs a `target`");
    return env.original;
  }
  const t = node.target;
  const p = at(pointer, "target");
  if (isRecord(t) && typeof get(t, "type") === "string") {
    const v = tr.value(t, p, env, depth + 1);
    return v === undefined ? undefined : tr.subject(v, p);
  }
  const sel = tr.select(t, p, env, depth + 1);
  if (sel === undefined) return undefined;
  if (sel.kind === "one") return sel.s;
  if (sel.kind === "pieces") {
    const piece = onePiece(tr, sel, p);
    return piece === undefined ? undefined : { kind: "piece", piece };
  }
  if (sel.kind === "zones" || sel.kind === "records") {
    // The first player's container or record that matches, in player order.
    let seat: Expr = -1;
    for (let k = tr.seats - 1; k >= 0; k--)
      seat = {
        if: [and(k < tr.cx.minPlayers ? true : { lt: [k, { seatCount: {} }] }, sel.pred(k)), k, seat],
      };
    tr.cx.reading(
      p,
      "first match",
      "A selector that is not `matchMultiple` picks the first entity that matches: among every player's containers or records, the first player's in player order.",
    );
    return sel.kind === "zones"
      ? { kind: "zone", zone: sel.zone, seat }
      : { kind: "record", entity: sel.entity, seat };
  }
  tr.cx.unsupported(p, "a target that selects several entities", "a single entity is expected here");
  return undefined;
}

const ctxPath: ValueHandler = (tr, node, pointer) => {
  const path = pathOf(tr, node, pointer);
  if (path === undefined) return undefined;
  const key = path.join(".");
  if (key === "currentPlayer") return { kind: "num", e: MOVER };
  if (key === "playOrder") return { kind: "seats" };
  if (key === "playOrder.length" || key === "numPlayers") return { kind: "num", e: { seatCount: {} } };
  tr.cx.unsupported(
    at(pointer, "path"),
    `the ctxPath ${JSON.stringify(path)}`,
    "expected currentPlayer, playOrder, playOrder.length or numPlayers",
  );
  return undefined;
};

const gamePath: ValueHandler = (tr, node, pointer, env) => {
  const path = pathOf(tr, node, pointer);
  if (path === undefined) return undefined;
  if (path.join(".") === "_meta.passedPlayers.length") {
    tr.cx.variables.passCount ??= { type: "int" };
    tr.cx.reading(
      pointer,
      "_meta.passedPlayers",
      "`_meta.passedPlayers.length` is read as the number of consecutive turns passed with `PassTurn` (any other move sets it back to 0). The engine keeps the players whose latest turn was a pass (taking a player off when their turn begins); with turns in rotation the two agree on `== numPlayers` (every player's latest turn a pass is the last turns all passes) and right after a pass, and may differ otherwise (engine 1, here 0, after a move that follows another player's pass).",
    );
    return { kind: "num", e: { var: "passCount" } };
  }
  if (
    path[0] === "_meta" &&
    path[1] === "previousPayloads" &&
    typeof path[2] === "string" &&
    path[3] === "arguments" &&
    path[4] === "entity" &&
    path.length === 5
  ) {
    // The piece the named move moved last: the same piece continues (a chain).
    env.chainOf?.add(path[2]);
    if (env.chainOf === undefined) {
      tr.cx.unsupported(
        pointer,
        "`_meta.previousPayloads` here",
        "it is read only as the entity of a move that continues another (a multi-jump)",
      );
      return undefined;
    }
    return { kind: "subject", s: { kind: "piece", piece: { get: "piece" } } };
  }
  tr.cx.unsupported(
    at(pointer, "path"),
    `the gamePath ${JSON.stringify(path)}`,
    "expected _meta.passedPlayers.length or _meta.previousPayloads.<move>.arguments.entity",
  );
  return undefined;
};

const contextPath: ValueHandler = (tr, node, pointer, env) => {
  const path = pathOf(tr, node, pointer);
  if (path === undefined) return undefined;
  const p = at(pointer, "path");
  const [head, ...rest] = path;
  const below = (v: Val | undefined, tail: unknown[]): Val | undefined => {
    if (v === undefined) {
      tr.cx.error(p, "no-context", `nothing is bound to ${JSON.stringify(head)} here`);
      return undefined;
    }
    if (tail.length === 0) return v;
    if (v.kind === "subject") return prop(tr, v.s, tail, pointer);
    if (v.kind === "num" && tail.length === 0) return v;
    tr.cx.unsupported(
      p,
      `the path ${JSON.stringify(path).slice(0, 120)}`,
      "it goes below a value that has no members",
    );
    return undefined;
  };
  const subj = (s: Subject | undefined): Val | undefined =>
    s === undefined ? undefined : { kind: "subject", s };
  if (head === "moveArguments" || head === "previousArguments") {
    if (rest[0] === "entity") return below(subj(env.moveEntity), rest.slice(1));
    tr.cx.unsupported(p, `the path ${JSON.stringify(path)}`, "only the move's `entity` argument can be read");
    return undefined;
  }
  if (head === "originalTarget") return below(subj(env.original), rest);
  if (head === "target") return below(subj(env.target), rest);
  if (head === "loopTarget") return below(env.loop, rest);
  if (head === "results") {
    const i = rest[0];
    const w = typeof i === "number" ? env.results?.[i] : undefined;
    if (w === undefined) {
      tr.cx.error(
        p,
        "no-result",
        `no condition result ${JSON.stringify(i)} to read here (a result path reads what a condition of this scenario found)`,
      );
      return undefined;
    }
    return w.resolve(rest.slice(1), p);
  }
  if (head === "moveConditionResults") {
    // moveConditionResults[0].conditionResults.argumentResults.<arg>.results[0].results[<i>]…
    const arg = rest[3];
    const i = rest[7];
    if (
      rest[0] === 0 &&
      rest[1] === "conditionResults" &&
      rest[2] === "argumentResults" &&
      typeof arg === "string" &&
      rest[4] === "results" &&
      rest[5] === 0 &&
      rest[6] === "results" &&
      typeof i === "number"
    ) {
      const w = env.moveResults?.[arg]?.[i];
      if (w !== undefined) return w.resolve(rest.slice(8), p);
    }
    tr.cx.unsupported(
      p,
      `the path ${JSON.stringify(path).slice(0, 160)}`,
      "expected a path to what a condition of the move's argument found (moveConditionResults[0].conditionResults.argumentResults.<argument>.results[0].results[<condition>]…)",
    );
    return undefined;
  }
  tr.cx.unsupported(
    p,
    `the contextPath ${JSON.stringify(head)}`,
    "expected moveArguments, previousArguments, originalTarget, target, loopTarget, results or moveConditionResults",
  );
  return undefined;
};

const relativePath: ValueHandler = (tr, node, pointer, env, depth) => {
  const s = targetSubject(tr, node, pointer, env, depth);
  const path = pathOf(tr, node, pointer);
  if (s === undefined || path === undefined) return undefined;
  return prop(tr, s, path, pointer);
};

const coordinates: ValueHandler = (tr, node, pointer, env, depth) => {
  const s = targetSubject(tr, node, pointer, env, depth);
  if (s === undefined) return undefined;
  const g = tr.cx.grid;
  if (s.kind !== "cell" || g === undefined) {
    tr.cx.error(pointer, "expected-space", "`coordinates` needs a space of a grid as its target");
    return undefined;
  }
  const c = cellExpr(s.cell);
  // B.A.G.E.L.'s rows count down from the top; the match board's up from the bottom.
  return { kind: "vec", items: [{ x: c }, { sub: [g.height - 1, { y: c }] }] };
};

const relativeCoordinates: ValueHandler = (tr, node, pointer, env, depth) => {
  const s = targetSubject(tr, node, pointer, env, depth);
  if (s === undefined) return undefined;
  if (s.kind !== "cell") {
    tr.cx.error(pointer, "expected-space", "`relativeCoordinates` needs a space of a grid as its target");
    return undefined;
  }
  const p = at(pointer, "location");
  const loc = tr.value(get(node, "location"), p, env, depth + 1);
  if (loc === undefined) return undefined;
  if (loc.kind !== "vec" || loc.items.length !== 2) {
    tr.cx.error(p, "expected-coordinates", "expected a location [dx, dy]");
    return undefined;
  }
  tr.cx.reading(
    pointer,
    "coordinates",
    "B.A.G.E.L. numbers spaces from the top left (index = row × width + column, row 0 on top) and `relativeCoordinates` [dx, dy] add dy to that row (observed with board-game-engine 2.1.0: connect-four's [0, 1] is the space below); the imported board keeps the picture, row 0 becoming the top rank.",
  );
  return {
    kind: "subject",
    s: { kind: "cell", cell: shift(s.cell, loc.items[0] as Expr, neg(loc.items[1] as Expr)) },
  };
};

const parent: ValueHandler = (tr, node, pointer, env, depth) => {
  const s = targetSubject(tr, node, pointer, env, depth);
  if (s === undefined) return undefined;
  if (s.kind === "cell") return { kind: "subject", s: { kind: "grid" } };
  tr.cx.unsupported(
    pointer,
    "`parent` of anything but a space as a value",
    "use it as an `Is` target in a selector",
  );
  return undefined;
};

const map: ValueHandler = (tr, node, pointer, env, depth) => {
  const p = at(pointer, "targets");
  const targets = get(node, "targets");
  const mp = at(pointer, "mapping");
  const mapping = get(node, "mapping");
  let set: Val | undefined;
  if (isRecord(targets) && typeof get(targets, "type") === "string")
    set = tr.value(targets, p, env, depth + 1);
  else {
    const sel = tr.select(targets, p, env, depth + 1);
    if (sel?.kind === "pieces") set = { kind: "pieces", set: sel.set };
    else if (sel?.kind === "cells") {
      // Spaces that hold a piece, found through the pieces on the board (the match format searches
      // pieces, not spaces): each maps with the space as its loop target.
      const cell = { base: { cellOf: { get: "it" } }, dx: 0, dy: 0 };
      const where = sel.pred(cell);
      if (where === undefined) return undefined;
      if (!JSON.stringify(where.e).includes('{"ge":[{"pieceAt":{"cellOf":{"get":"it"}}},0]}')) {
        tr.cx.unsupported(
          p,
          "a `map` over spaces that need not hold a piece",
          "map over spaces that Contain something",
        );
        return undefined;
      }
      tr.cx.reading(
        p,
        "map over spaces",
        "A `map` over the spaces that contain something is taken over the pieces on the board (the order of a ForEach over them does not matter to the rules it runs: setting a state).",
      );
      return {
        kind: "pieces",
        set: {
          scopes: [{ in: "board", where: where.e }],
          mapping: () =>
            tr.value(
              mapping,
              mp,
              { ...env, loop: { kind: "subject", s: { kind: "cell", cell } } },
              depth + 1,
            ) ?? { kind: "num", e: 0 },
        },
      };
    } else if (sel !== undefined) {
      tr.cx.unsupported(p, "this `map` target", "expected pieces or cards");
      return undefined;
    }
  }
  if (set === undefined) return undefined;
  if (set.kind !== "pieces") {
    tr.cx.unsupported(p, "a `map` over this", "expected pieces or cards");
    return undefined;
  }
  const inner = set.set;
  return {
    kind: "pieces",
    set: {
      ...inner,
      mapping: (it) => {
        const base = inner.mapping ? inner.mapping(it) : ({ kind: "subject", s: it } as Val);
        return tr.value(mapping, mp, { ...env, loop: base }, depth + 1) ?? { kind: "num", e: 0 };
      },
    },
  };
};

const pick: ValueHandler = (tr, node, pointer, env, depth) => {
  const s = targetSubject(tr, node, pointer, env, depth);
  const props = get(node, "properties");
  if (s === undefined) return undefined;
  if (!Array.isArray(props) || !props.every((x) => typeof x === "string")) {
    tr.cx.error(
      at(pointer, "properties"),
      "expected-properties",
      `expected a list of property names, found ${describe(props)}`,
    );
    return undefined;
  }
  return { kind: "pick", of: s, props: props as string[] };
};

const count: ValueHandler = (tr, node, pointer, env, depth) => {
  const sel = tr.select(
    { matchMultiple: true, conditions: get(node, "conditions") ?? [] },
    pointer,
    env,
    depth + 1,
  );
  if (sel === undefined) return undefined;
  if (sel.kind !== "pieces") {
    tr.cx.unsupported(pointer, "`count` of anything but pieces", "count pieces or cards");
    return undefined;
  }
  const sum = sel.set.scopes.map((q) => ({ count: q }) as Expr);
  return { kind: "num", e: sum.length === 1 ? (sum[0] as Expr) : { add: sum } };
};

const expression: ValueHandler = (tr, node, pointer, env, depth) =>
  compileFormula(tr, node, pointer, env, depth);

const mapMax: ValueHandler = (tr, _node, pointer) => {
  tr.cx.unsupported(pointer, "`mapMax` outside an end scenario's `winners`", "it names several players");
  return undefined;
};

export const VALUES: Record<string, ValueHandler> = {
  ctxPath,
  contextPath,
  gamePath,
  expression,
  relativeCoordinates,
  coordinates,
  relativePath,
  parent,
  map,
  mapMax,
  pick,
  count,
};
