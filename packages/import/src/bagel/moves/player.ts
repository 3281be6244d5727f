/**
 * Move rules a player chooses (`moves`, a stage's `moves`), by move type, translated into match moves:
 * a `PlaceNew` onto a chosen space is a placement, a `MoveEntity` of a chosen piece onto a chosen space
 * a board move (any empty cell, the destination's conditions its `if`), a chosen card moved to a
 * container a zone move, `TakeFrom` and `SetState` with `possibleValues` moves without a target.
 * @module
 */
import type { Choice, Effect, Expr } from "@gridponder/match/validate";
import { at, describe, isRecord } from "../../findings.js";
import { BagelContext, seatNumber } from "../context.js";
import { and, cellRef, MOVER } from "../exprs.js";
import type { Env, Witness } from "../model.js";
import { conditionsOf, expandCondition } from "../shorthand.js";
import type { MoveScope, PlayerHandler, PlayerMove } from "./api.js";
import { setStateEffect, takeFrom, zoneOf } from "./effects.js";

const get = BagelContext.get;
const TO = cellRef({ get: "to" });

/** Whether a destination's conditions say the space must be empty (`isEmpty`, Not Contains). */
function requiresEmpty(scope: MoveScope, dest: Record<string, unknown>, pointer: string): boolean {
  for (const c of conditionsOf(scope.tr.cx, dest, pointer) ?? []) {
    const r = expandCondition(scope.tr.cx, c.value, c.pointer);
    if (r?.type !== "Not" || Object.hasOwn(r.node, "target")) continue;
    const inner = conditionsOf(scope.tr.cx, r.node, r.pointer) ?? [];
    if (
      inner.length === 1 &&
      isRecord(inner[0]?.value) &&
      get(inner[0]?.value, "conditionType") === "Contains" &&
      !Object.hasOwn(inner[0]?.value as object, "target") &&
      !Object.hasOwn(inner[0]?.value as object, "conditions")
    )
      return true;
  }
  return false;
}

/** The conditions of a chosen destination space, with its witnesses for `moveConditionResults`. */
function destinationOnGrid(
  scope: MoveScope,
  dest: Record<string, unknown>,
  pointer: string,
  env: Env,
): { e: Expr; witnesses: (Witness | undefined)[] } | undefined {
  const cx = scope.tr.cx;
  if (cx.grid === undefined) {
    cx.unsupported(
      pointer,
      "a chosen destination without a grid",
      "destinations chosen by the player are spaces of the grid",
    );
    return undefined;
  }
  if (!requiresEmpty(scope, dest, pointer)) {
    cx.unsupported(
      pointer,
      "a destination space that may hold something already",
      "a match cell holds one piece: add `isEmpty` (Not Contains) to the destination's conditions",
    );
    return undefined;
  }
  const c = scope.tr.conditions(
    dest,
    pointer,
    { ...env, target: { kind: "cell", cell: TO }, original: { kind: "cell", cell: TO } },
    scope.depth + 1,
  );
  if (c === undefined) return undefined;
  return { e: c.e, witnesses: c.each.map((x) => x.witness) };
}

/** A capture sink: values computed from what conditions found, kept in variables before the move. */
function captures(scope: MoveScope): {
  before: Effect[];
  capture: (e: Expr, type?: "piece" | "int") => Expr;
} {
  const before: Effect[] = [];
  return {
    before,
    capture: (e, type = "piece") => {
      const name = scope.tr.cx.variable("found", { type, position: false });
      before.push({ set: { var: name, to: e } });
      return { var: name };
    },
  };
}

/** The type and owner of the entity a PlaceNew takes from the bank. */
function bankEntity(
  scope: MoveScope,
  entity: unknown,
  pointer: string,
): { type: string; owner: Expr; attributes: Record<string, Expr> } | undefined {
  const cx = scope.tr.cx;
  if (!isRecord(entity)) {
    cx.error(
      pointer,
      "expected-entity",
      `expected the entity to place (an object with conditions), found ${describe(entity)}`,
    );
    return undefined;
  }
  let type: string | undefined;
  let owner: Expr | undefined;
  const attributes: Record<string, Expr> = {};
  const fields = (m: Record<string, unknown>, p: string): boolean => {
    for (const [k, v] of Object.entries(m)) {
      const vp = at(p, k);
      if (k === "name") {
        if (typeof v !== "string" || !cx.types.has(v)) {
          cx.error(
            vp,
            "unknown-entity",
            `no piece named ${describe(v)}; expected one of ${[...cx.types.keys()].join(", ") || "(none)"}`,
          );
          return false;
        }
        type = v;
        continue;
      }
      const val =
        seatNumber(v) !== undefined && k === "player"
          ? { kind: "num" as const, e: seatNumber(v) as number }
          : scope.tr.value(v, vp, scope.env, scope.depth + 1);
      const e = val && scope.tr.num(val, vp);
      if (e === undefined) return false;
      if (k === "player") owner = e;
      else attributes[k] = e;
    }
    return true;
  };
  for (const c of conditionsOf(cx, entity, pointer) ?? []) {
    const r = expandCondition(cx, c.value, c.pointer);
    const m = r && get(r.node, "matcher");
    if (
      r?.type !== "Is" ||
      !isRecord(m) ||
      Object.hasOwn(r.node, "target") ||
      Object.hasOwn(r.node, "entity")
    ) {
      cx.unsupported(
        c.pointer,
        "this condition on the entity to place",
        "expected Is matchers naming the bank entity, its player and state",
      );
      return undefined;
    }
    if (!fields(m, at(c.pointer, "matcher"))) return undefined;
  }
  const state = get(entity, "state");
  if (state !== undefined && (!isRecord(state) || !fields(state, at(pointer, "state")))) return undefined;
  if (type === undefined) {
    // The engine's own per-player marker, when no name is given (tic-tac-toe's isCurrentPlayer).
    const per = [...cx.types.values()].filter((t) => t.perPlayer);
    if (per.length === 1) type = (per[0] as { name: string }).name;
    else if (!cx.types.has("playerMarker")) {
      cx.types.set("playerMarker", {
        name: "playerMarker",
        pointer,
        perPlayer: true,
        rulePlayer: "yes",
        count: Number.POSITIVE_INFINITY,
        attrs: new Map(),
        definitions: [],
        displayProperties: [],
      });
      cx.reading(
        pointer,
        "playerMarker",
        "An entity to place named by its player only is the engine's built-in per-player `playerMarker`, an unbounded bank.",
      );
      type = "playerMarker";
    } else type = "playerMarker";
  }
  const t = cx.types.get(type);
  for (const k of Object.keys(attributes))
    if (!t?.attrs.has(k)) {
      cx.error(pointer, "unknown-property", `"${type}" has no state property "${k}"`);
      return undefined;
    }
  if (owner === undefined && t?.perPlayer) owner = MOVER;
  return { type, owner: owner ?? -1, attributes };
}

const PlaceNew: PlayerHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const dest = get(args, "destination");
  if (!isRecord(dest) || get(dest, "playerChoice") !== true) {
    cx.unsupported(
      at(ap, "destination"),
      "a PlaceNew move whose destination the player does not choose",
      "a player's PlaceNew picks a space (playerChoice: true)",
    );
    return undefined;
  }
  const bank = bankEntity(scope, get(node, "entity") ?? get(args, "entity"), at(pointer, "entity"));
  if (bank === undefined) return undefined;
  const sink = captures(scope);
  const env: Env = { ...scope.env, capture: sink.capture };
  const d = destinationOnGrid(scope, dest, at(ap, "destination"), env);
  if (d === undefined) return undefined;
  const t = cx.types.get(bank.type);
  const effects: Effect[] = [];
  let cond: Expr = d.e;
  if (t !== undefined && Number.isFinite(t.count)) {
    // A bank of a counted size: a seat variable (or game variable) of what is left.
    const left = `${t.name}_left`;
    if (t.perPlayer) cx.seatVariables[left] = { type: "int", initial: t.count };
    else cx.variables[left] = { type: "int", initial: t.count };
    cond = and(t.perPlayer ? { gt: [{ seatVar: left }, 0] } : { gt: [{ var: left }, 0] }, cond);
    effects.push(
      t.perPlayer
        ? { setSeatVar: { var: left, to: { sub: [{ seatVar: left }, 1] } } }
        : { set: { var: left, to: { sub: [{ var: left }, 1] } } },
    );
  }
  const place: Effect = {
    place: {
      type: bank.type,
      at: { get: "to" },
      owner: bank.owner,
      ...(Object.keys(bank.attributes).length > 0 ? { attributes: bank.attributes } : {}),
    },
  };
  return {
    pattern: { place: "empty" },
    if: cond,
    do: [place, ...effects],
    before: sink.before,
    thenEnv: { ...env, original: { kind: "cell", cell: TO }, moveResults: { destination: d.witnesses } },
  };
};

const MoveEntity: PlayerHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const entity = get(args, "entity");
  const dest = get(args, "destination");
  if (!isRecord(entity) || !isRecord(dest)) {
    cx.error(ap, "expected-arguments", "expected arguments with an entity and a destination");
    return undefined;
  }
  const piece = { get: "piece" };
  const sink = captures(scope);
  const env: Env = { ...scope.env, capture: sink.capture, moveEntity: { kind: "piece", piece } };
  const ep = at(ap, "entity");
  const sel = scope.tr.select(
    entity,
    ep,
    { ...env, chainOf: scope.env.chainOf ?? new Set() },
    scope.depth + 1,
  );
  if (sel === undefined) return undefined;
  const chained = scope.env.chainOf !== undefined && scope.env.chainOf.size > 0;
  if (sel.kind !== "pieces" || sel.set.scopes.length !== 1 || sel.set.perSeat) {
    cx.unsupported(
      ep,
      "this entity to move",
      "the player chooses one of their pieces on the grid, or a card in one container",
    );
    return undefined;
  }
  const q = sel.set.scopes[0] as NonNullable<(typeof sel.set.scopes)[number]>;
  const where = JSON.parse(
    JSON.stringify(q.where ?? true).replaceAll('{"get":"it"}', '{"get":"piece"}'),
  ) as Expr;
  if (q.in === "board" || q.in === undefined) {
    if (get(dest, "playerChoice") !== true) {
      cx.unsupported(
        at(ap, "destination"),
        "moving a piece on the grid to a destination not chosen",
        "the player picks the destination space (playerChoice: true)",
      );
      return undefined;
    }
    const mine = JSON.stringify({ eq: [{ attr: "owner", of: piece }, MOVER] });
    if (!chained && !JSON.stringify(where).includes(mine)) {
      cx.unsupported(
        ep,
        "moving pieces that need not be the current player's",
        "a match move moves the mover's own pieces: match the entity's player with the current player",
      );
      return undefined;
    }
    const d = destinationOnGrid(scope, dest, at(ap, "destination"), env);
    if (d === undefined) return undefined;
    return {
      piece: { ...(q.type === undefined ? {} : { type: q.type }) },
      pattern: { place: "empty" },
      if: and(where, d.e),
      do: [{ move: { to: { get: "to" } } }],
      before: sink.before,
      thenEnv: { ...env, original: { kind: "cell", cell: TO }, moveResults: { destination: d.witnesses } },
    };
  }
  if (get(entity, "playerChoice") !== true) {
    cx.unsupported(
      ep,
      "a card move whose card the player does not choose",
      "the player picks the card (playerChoice: true)",
    );
    return undefined;
  }
  const to = zoneOf(scope, dest, at(ap, "destination"));
  if (to === undefined) return undefined;
  const position = get(node, "position") === "First" || get(dest, "position") === "First" ? "top" : "bottom";
  return {
    piece: { from: q.in, ...(q.type === undefined ? {} : { type: q.type }) },
    pattern: { none: true },
    if: where,
    do: [{ put: { piece, into: to, at: position } }],
    before: sink.before,
    thenEnv: env,
  };
};

const TakeFrom: PlayerHandler = (scope, node, pointer) => {
  const taken = takeFrom(scope, node, pointer);
  if (taken === undefined) return undefined;
  return {
    pattern: { none: true },
    if: { gt: [{ size: taken.from }, 0] },
    do: [taken.put],
    before: [],
    thenEnv: scope.env,
    undoable: false,
  };
};

const SetState: PlayerHandler = (scope, node, pointer) => {
  const cx = scope.tr.cx;
  const args = get(node, "arguments");
  const ap = at(pointer, "arguments");
  const state = get(args, "state");
  const sp = at(ap, "state");
  const property = get(state, "property");
  const values = get(state, "possibleValues");
  if (
    typeof property !== "string" ||
    get(state, "playerChoice") !== true ||
    !Array.isArray(values) ||
    values.length === 0 ||
    values.length > 64 ||
    !values.every((v) => typeof v === "string")
  ) {
    cx.unsupported(
      sp,
      "a player's SetState without a choice",
      'a player\'s SetState chooses among "possibleValues" (strings, playerChoice: true)',
    );
    return undefined;
  }
  if (property === "player") {
    cx.unsupported(
      at(sp, "property"),
      "a player's choice of a piece's `player`",
      "the choices are names, not players",
    );
    return undefined;
  }
  const sel = scope.tr.select(get(args, "entity"), at(ap, "entity"), scope.env, scope.depth + 1);
  if (sel === undefined) return undefined;
  let subject: Expr | undefined;
  if (sel.kind === "one" && sel.s.kind === "piece") subject = sel.s.piece;
  else if (sel.kind === "pieces" && sel.set.scopes.length === 1) {
    const q = sel.set.scopes[0] as NonNullable<(typeof sel.set.scopes)[number]>;
    subject =
      q.in !== "board" &&
      q.in !== undefined &&
      JSON.stringify(q.where) === JSON.stringify({ eq: [{ get: "it" }, { top: q.in }] })
        ? { top: q.in }
        : { find: q };
  }
  if (subject === undefined) {
    cx.unsupported(at(ap, "entity"), "this entity", "expected one piece or card");
    return undefined;
  }
  const choice: Choice = { name: `${property}Choice`, options: values as string[] };
  const set = setStateEffect(
    scope,
    { kind: "piece", piece: subject },
    property,
    { get: choice.name },
    at(sp, "property"),
  );
  if (set === undefined) return undefined;
  const attr = [...cx.types.values()].map((t) => t.attrs.get(property)).find((a) => a !== undefined);
  for (const v of values as string[])
    if (attr?.type === "enum" && !attr.labels.includes(v)) attr.labels.push(v);
  return { pattern: { none: true }, if: true, choose: [choice], do: set, before: [], thenEnv: scope.env };
};

export const PLAYER_MOVES: Record<string, PlayerHandler> = { PlaceNew, MoveEntity, TakeFrom, SetState };

/** The move's own `conditions` (checked before it is offered). */
export function moveConditions(
  scope: MoveScope,
  node: Record<string, unknown>,
  pointer: string,
): Expr | undefined {
  return scope.tr.conditions(node, pointer, scope.env, scope.depth + 1)?.e;
}

export type { PlayerMove };
