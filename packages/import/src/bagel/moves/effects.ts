/**
 * Move rules run automatically (`initialMoves`, `then`, the body of `ForEach`), by move type, translated
 * into match effects. A rule's `conditions` guard it; its `then` follows it.
 * @module
 */
import type { Effect, Expr, PieceQuery, ZoneRef } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import type { Selection } from "../api.js";
import { BagelContext, MAX_DEPTH, seatNumber } from "../context.js";
import { when } from "../exprs.js";
import type { Subject, Val } from "../model.js";
import { onePiece } from "../selectors.js";
import { conditionsOf, moveTypeOf } from "../shorthand.js";
import type { EffectHandler, MoveScope } from "./api.js";

const get = BagelContext.get;

/** The most times a `ForEach` over a literal list is unrolled. */
const MAX_UNROLL = 64;

export const MOVE_TYPES = [
  "PlaceNew",
  "MoveEntity",
  "RemoveEntity",
  "TakeFrom",
  "SetState",
  "SetActivePlayers",
  "EndTurn",
  "PassTurn",
  "ForEach",
  "Shuffle",
  "Pass",
];

/** Translates one automatic move rule, with its conditions and `then`. */
export function runRule(scope: MoveScope, node: unknown, pointer: string): Effect[] | undefined {
  const cx = scope.tr.cx;
  if (scope.depth > MAX_DEPTH || scope.path.length > MAX_DEPTH) {
    cx.error(
      pointer,
      "too-deep",
      `move rules nest deeper than ${MAX_DEPTH} levels (a \`then\` chain too long or a cycle)`,
    );
    return undefined;
  }
  if (scope.path.includes(node)) {
    cx.error(pointer, "then-cycle", "this move rule is reached again from its own `then`: a cycle");
    return undefined;
  }
  if (!isRecord(node)) {
    cx.error(
      pointer,
      "expected-move",
      `expected a move rule (an object with a moveType), found ${describe(node)}`,
    );
    return undefined;
  }
  const type = moveTypeOf(node);
  if (typeof type !== "string" || !MOVE_TYPES.includes(type)) {
    cx.error(
      at(pointer, Object.hasOwn(node, "moveType") ? "moveType" : "type"),
      "unknown-move-type",
      `unknown moveType ${describe(type)}; expected one of ${MOVE_TYPES.join(", ")}`,
    );
    return undefined;
  }
  const inner: MoveScope = { ...scope, depth: scope.depth + 1, path: [...scope.path, node] };
  const flowOnNoMoves = isNoPossibleMoves(cx, node, pointer);
  let body: Effect[] | undefined;
  if (type === "SetActivePlayers") body = setActivePlayers(inner, node, pointer, flowOnNoMoves);
  else if (flowOnNoMoves) {
    cx.unsupported(
      at(pointer, "conditions"),
      `NoPossibleMoves on ${type} here`,
      "it is translated on SetActivePlayers and PassTurn among a turn's or stage's initialMoves",
    );
    return undefined;
  } else body = (EFFECTS[type] as EffectHandler)(inner, node, pointer);
  if (body === undefined) return undefined;
  const then = get(node, "then");
  if (then !== undefined) {
    const t = runList(inner, then, at(pointer, "then"));
    if (t === undefined) return undefined;
    body = [...body, ...t];
  }
  if (flowOnNoMoves || type === "SetActivePlayers") return body;
  const conds = scope.tr.conditions(node, pointer, scope.env, scope.depth + 1);
  if (conds === undefined) return undefined;
  if (conds.e === true) return body;
  if (conds.e === false) return [];
  return [when(conds.e, body)];
}

/** Whether a rule's only condition is NoPossibleMoves (a stage's "when nothing else is possible"). */
export function isNoPossibleMoves(cx: BagelContext, node: Record<string, unknown>, pointer: string): boolean {
  const list = conditionsOf(cx, node, pointer) ?? [];
  return (
    list.length === 1 &&
    isRecord(list[0]?.value) &&
    get(list[0]?.value, "conditionType") === "NoPossibleMoves"
  );
}

export function runList(scope: MoveScope, list: unknown, pointer: string): Effect[] | undefined {
  if (!Array.isArray(list)) {
    scope.tr.cx.error(pointer, "expected-moves", `expected a list of move rules, found ${describe(list)}`);
    return undefined;
  }
  const out: Effect[] = [];
  let ok = true;
  list.forEach((m, i) => {
    const e = runRule(scope, m, at(pointer, i));
    if (e === undefined) ok = false;
    else out.push(...e);
  });
  return ok ? out : undefined;
}

function setActivePlayers(
  scope: MoveScope,
  node: Record<string, unknown>,
  pointer: string,
  whenNoMoves: boolean,
): Effect[] | undefined {
  const cx = scope.tr.cx;
  const options = get(node, "options");
  const p = at(pointer, "options");
  const keys = isRecord(options) ? Object.keys(options) : [];
  const cp = isRecord(options) ? get(options, "currentPlayer") : undefined;
  if (keys.length !== 1 || !isRecord(cp) || typeof get(cp, "stage") !== "string") {
    cx.unsupported(
      p,
      "these SetActivePlayers options",
      'expected { "currentPlayer": { "stage": <name> } } (only the current player acts)',
    );
    return undefined;
  }
  const conds = conditionsOf(cx, node, pointer) ?? [];
  if (!whenNoMoves && conds.length > 0) {
    const c = scope.tr.conditions(node, pointer, scope.env, scope.depth + 1);
    const to = scope.flow.toStage(get(cp, "stage") as string, at(p, "currentPlayer", "stage"), false);
    if (c === undefined || to === undefined) return undefined;
    return [when(c.e, to)];
  }
  return scope.flow.toStage(get(cp, "stage") as string, at(p, "currentPlayer", "stage"), whenNoMoves);
}

/** The one zone a selector names. */
export function zoneOf(scope: MoveScope, sel: unknown, pointer: string): ZoneRef | undefined {
  const s = scope.tr.select(sel, pointer, scope.env, scope.depth + 1);
  if (s === undefined) return undefined;
  if (s.kind === "one" && s.s.kind === "zone")
    return s.s.seat === undefined ? s.s.zone : { zone: s.s.zone, seat: s.s.seat };
  scope.tr.cx.unsupported(pointer, "this destination", "expected one container (a Space off the grid)");
  return undefined;
}

/** The position a rule puts things at: First is the top of a match zone, else the bottom. */
function positionOf(node: Record<string, unknown>, dest: unknown): "top" | "bottom" {
  return get(node, "position") === "First" || get(dest, "position") === "First" ? "top" : "bottom";
}

/** Effects for each piece of a selection (once per seat for every player's containers). */
function forEachOf(sel: Selection, body: (it: Expr) => Effect[]): Effect[] | undefined {
  if (sel.kind !== "pieces") return undefined;
  const loops: Effect[] = sel.set.scopes.map((q: PieceQuery) => ({
    forEachPiece: q,
    do: body({ get: "it" }),
  }));
  return sel.set.perSeat ? [{ forEachSeat: loops }] : loops;
}

const PlaceNew: EffectHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const entity = get(node, "entity");
  const args = get(node, "arguments");
  const dest = zoneOf(scope, get(args, "destination"), at(pointer, "arguments", "destination"));
  if (dest === undefined) return undefined;
  const sel = scope.tr.select(entity, at(pointer, "entity"), scope.env, scope.depth + 1);
  if (sel === undefined) return undefined;
  const type = sel.kind === "pieces" ? sel.set.scopes[0]?.type : undefined;
  const t = typeof type === "string" ? cx.types.get(type) : undefined;
  if (t === undefined || get(node, "matchMultiple") !== true) {
    cx.unsupported(
      pointer,
      "this PlaceNew",
      "automatic PlaceNew puts every bank entity of one name (matchMultiple) into a container",
    );
    return undefined;
  }
  if (!Number.isFinite(t.count) || t.perPlayer) {
    cx.error(
      at(pointer, "entity"),
      "unbounded-enumeration",
      `PlaceNew with matchMultiple would place every "${t.name}" of an unbounded or per-player bank; give the entity a count`,
    );
    return undefined;
  }
  const out: Effect[] = [];
  for (const d of t.definitions)
    for (let n = 0; n < d.count; n++) {
      const each: Record<string, Expr[]> = {};
      for (const [k, v] of d.values) each[k] = [v];
      out.push({ create: { type: t.name, into: dest, each } });
    }
  cx.reading(
    pointer,
    "bank order",
    "Bank entities placed together keep the order of their definitions; only shuffles reorder them (the match game's own seeded shuffles, so a deal differs from board-game-engine's).",
  );
  return out;
};

const MoveEntity: EffectHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const entity = get(args, "entity");
  const destination = get(args, "destination");
  const sel =
    isRecord(entity) && typeof get(entity, "type") === "string"
      ? valueSelection(scope, entity, at(ap, "entity"))
      : scope.tr.select(entity, at(ap, "entity"), scope.env, scope.depth + 1);
  if (sel === undefined) return undefined;
  const dest = zoneOf(scope, destination, at(ap, "destination"));
  if (dest === undefined) return undefined;
  const position = positionOf(node, destination);
  if (get(entity, "matchMultiple") === true) {
    const out = forEachOf(sel, (it) => [{ put: { piece: it, into: dest, at: position } }]);
    if (out === undefined)
      cx.unsupported(at(ap, "entity"), "this entity selection", "expected pieces or cards");
    return out;
  }
  const piece = onePiece(scope.tr, sel, at(ap, "entity"));
  if (piece === undefined) return undefined;
  return [{ put: { piece, into: dest, at: position } }];
};

/** A value reference naming a piece, as a selection of one. */
function valueSelection(scope: MoveScope, v: unknown, pointer: string): Selection | undefined {
  const val = scope.tr.value(v, pointer, scope.env, scope.depth + 1);
  if (val === undefined) return undefined;
  const s = scope.tr.subject(val, pointer);
  return s === undefined ? undefined : { kind: "one", s };
}

function pieceOfValue(scope: MoveScope, v: unknown, pointer: string): Subject | undefined {
  if (isRecord(v) && typeof get(v, "type") === "string") {
    const val = scope.tr.value(v, pointer, scope.env, scope.depth + 1);
    return val === undefined ? undefined : scope.tr.subject(val, pointer);
  }
  const sel = scope.tr.select(v, pointer, scope.env, scope.depth + 1);
  if (sel === undefined) return undefined;
  if (sel.kind === "one") return sel.s;
  const p = onePiece(scope.tr, sel, pointer);
  return p === undefined ? undefined : { kind: "piece", piece: p };
}

const RemoveEntity: EffectHandler = (scope, node, pointer) => {
  const p = at(pointer, "arguments", "entity");
  const s = pieceOfValue(scope, get(get(node, "arguments"), "entity"), p);
  if (s === undefined) return undefined;
  if (s.kind !== "piece") {
    scope.tr.cx.unsupported(p, "removing anything but a piece or card", "spaces and containers stay");
    return undefined;
  }
  return [{ remove: s.piece }];
};

/** Sets a state property of a piece (an attribute) or a record (a seat variable) to a value. */
export function setStateEffect(
  scope: MoveScope,
  s: Subject,
  property: string,
  to: Expr,
  pointer: string,
): Effect[] | undefined {
  const cx = scope.tr.cx;
  if (s.kind === "piece") {
    if (property === "player") {
      cx.reading(
        pointer,
        "SetState player",
        "SetState of a piece's `player` gives the piece to that player (the match format's `setOwner`: a disc turned over).",
      );
      return [{ setOwner: { of: s.piece, to } }];
    }
    if (![...cx.types.values()].some((t) => t.attrs.has(property))) {
      cx.error(pointer, "unknown-property", `no piece or card has the state property "${property}"`);
      return undefined;
    }
    return [{ setAttr: { of: s.piece, attr: property, to } }];
  }
  if (s.kind === "record") {
    const p = cx.records.get(s.entity)?.props.get(property);
    if (p === undefined) {
      cx.error(pointer, "unknown-property", `the record "${s.entity}" has no state property "${property}"`);
      return undefined;
    }
    return [{ setSeatVar: { var: p.variable, seat: s.seat, to } }];
  }
  cx.unsupported(
    pointer,
    "setting the state of this entity",
    "expected a piece, a card or a per-player record",
  );
  return undefined;
}

const SetState: EffectHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const state = get(args, "state");
  const sp = at(ap, "state");
  const property = get(state, "property");
  if (typeof property !== "string" || !isRecord(state) || !Object.hasOwn(state, "value")) {
    cx.error(
      sp,
      "expected-state",
      `expected { "property": <name>, "value": <value> }, found ${describe(state)}`,
    );
    return undefined;
  }
  const literal = state.value;
  if (
    property === "player" &&
    (typeof literal === "boolean" || typeof literal === "string" || typeof literal === "number") &&
    seatNumber(literal) === undefined
  ) {
    cx.error(at(sp, "value"), "bad-player", `expected a player id ("0" to "7"), found ${describe(literal)}`);
    return undefined;
  }
  const s = pieceOfValue(scope, get(args, "entity"), at(ap, "entity"));
  if (s === undefined) return undefined;
  const v = scope.tr.value(state.value, at(sp, "value"), scope.env, scope.depth + 1);
  const to = v && scope.tr.num(v, at(sp, "value"));
  if (to === undefined) return undefined;
  return setStateEffect(scope, s, property, to, at(sp, "property"));
};

const ForEach: EffectHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const tp = at(pointer, "arguments", "targets");
  const targets = get(args, "targets");
  const move = get(node, "move");
  const mp = at(pointer, "move");
  const body = (loop: Val): Effect[] | undefined =>
    runRule({ ...scope, env: { ...scope.env, loop } }, move, mp);
  let val: Val | undefined;
  if (isRecord(targets) && typeof get(targets, "type") !== "string") {
    const sel = scope.tr.select(targets, tp, scope.env, scope.depth + 1);
    if (sel === undefined) return undefined;
    if (sel.kind !== "pieces") {
      cx.unsupported(tp, "ForEach over this selection", "expected pieces or cards");
      return undefined;
    }
    val = { kind: "pieces", set: sel.set };
  } else val = scope.tr.value(targets, tp, scope.env, scope.depth + 1);
  if (val === undefined) return undefined;
  if (val.kind === "vec" || val.kind === "list") {
    const items: Val[] = val.kind === "vec" ? val.items.map((e) => ({ kind: "num", e }) as Val) : val.items;
    if (items.length > MAX_UNROLL) {
      cx.error(
        tp,
        "too-many-targets",
        `a ForEach over ${items.length} listed targets; an import unrolls at most ${MAX_UNROLL}`,
      );
      return undefined;
    }
    const out: Effect[] = [];
    for (const item of items) {
      const b = body(item);
      if (b === undefined) return undefined;
      out.push(...b);
    }
    return out;
  }
  if (val.kind === "seats") {
    const b = body({ kind: "subject", s: { kind: "seat", seat: { get: "seat" } } });
    return b === undefined ? undefined : [{ forEachSeat: b }];
  }
  if (val.kind === "pieces") {
    if (val.set.repeats && !setsOneValue(move)) {
      cx.unsupported(
        mp,
        "a ForEach over entities its targets list more than once (the entity on a space every match shares) that does anything but set a state to one value",
        "the translation visits each entity once, which only a SetState of a fixed value (a literal or a ctxPath) cannot tell apart",
      );
      return undefined;
    }
    const mapping = val.set.mapping;
    let failed = false;
    const out = forEachOf({ kind: "pieces", set: val.set }, (it) => {
      const loop: Val = mapping
        ? mapping({ kind: "piece", piece: it })
        : { kind: "subject", s: { kind: "piece", piece: it } };
      const b = body(loop);
      if (b === undefined) failed = true;
      return b ?? [];
    });
    return failed ? undefined : out;
  }
  cx.unsupported(
    tp,
    "ForEach over this value",
    "expected a list, playOrder, pieces or what a condition found",
  );
  return undefined;
};

/** Whether a rule sets a state to a value that neither the board nor the loop's entity changes. */
function setsOneValue(move: unknown): boolean {
  if (!isRecord(move) || moveTypeOf(move) !== "SetState" || get(move, "then") !== undefined) return false;
  const value = get(get(get(move, "arguments"), "state"), "value");
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return true;
  return isRecord(value) && get(value, "type") === "ctxPath";
}

const Shuffle: EffectHandler = (scope, node, pointer) => {
  const z = zoneOf(scope, get(get(node, "arguments"), "target"), at(pointer, "arguments", "target"));
  return z === undefined ? undefined : [{ shuffle: z }];
};

/**
 * A TakeFrom's source zone and its effect: the source's first entity put last in the destination. A
 * player's TakeFrom and one that runs by itself read the same.
 */
export function takeFrom(
  scope: MoveScope,
  node: unknown,
  pointer: string,
): { from: ZoneRef; put: Effect } | undefined {
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const from = zoneOf(scope, get(args, "source"), at(ap, "source"));
  const to = zoneOf(scope, get(args, "destination"), at(ap, "destination"));
  if (from === undefined || to === undefined) return undefined;
  scope.tr.cx.reading(
    pointer,
    "TakeFrom",
    "TakeFrom takes the source's first entity (the top of the match zone) and puts it last in the destination (its bottom); from an empty source it takes nothing, and a player cannot choose it.",
  );
  return { from, put: { put: { piece: { top: from }, into: to, at: "bottom" } } };
}

const TakeFrom: EffectHandler = (scope, node, pointer) => {
  const taken = takeFrom(scope, node, pointer);
  return taken === undefined ? undefined : [taken.put];
};

const EndTurn: EffectHandler = (scope, _node, pointer) => scope.flow.endTurn(pointer, false);
const PassTurn: EffectHandler = (scope, _node, pointer) => scope.flow.endTurn(pointer, true);
const Pass: EffectHandler = () => [];
const SetActivePlayers: EffectHandler = (scope, node, pointer) =>
  setActivePlayers(scope, node, pointer, false);

export const EFFECTS: Record<string, EffectHandler> = {
  PlaceNew,
  MoveEntity,
  RemoveEntity,
  TakeFrom,
  SetState,
  SetActivePlayers,
  EndTurn,
  PassTurn,
  ForEach,
  Shuffle,
  Pass,
};
