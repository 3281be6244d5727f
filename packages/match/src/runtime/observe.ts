/**
 * What one seat sees: the board, every zone with the pieces that seat may see (a hidden piece is only
 * `{ "hidden": true }`, with no id, type or attribute), variables, scores, whose turn it is, and its
 * legal moves when it is that seat's turn. A hidden piece never reaches a seat's observation, so it
 * cannot reach its page or its agent.
 * @module
 */
import { cellName } from "../compile/cells.js";
import type { CompiledGame, CompiledPhase, CompiledZone, ValueKind, VariableInfo } from "../contract.js";
import { actionOf, type MatchAction } from "./actions.js";
import type { MatchRuntime, Outcome } from "./runtime.js";

/** A value as a seat reads it: labels for enums, names for cells, booleans, numbers. */
export type ObservedValue = number | boolean | string | null;

/** A piece a seat can see. */
export interface SeenPiece {
  id: number;
  type: string;
  owner: number | null;
  attributes: Record<string, ObservedValue>;
}

/** A piece on the board as a seat sees it. */
export interface BoardPiece extends SeenPiece {
  at: string;
}

export interface ObservedZone {
  id: string;
  label: string;
  kind: "stack" | "row" | "hand";
  /** The seat whose zone it is, for per-seat zones. */
  seat: number | null;
  visibility: "public" | "hidden" | "owner" | "top";
  count: number;
  /** Bottom first; a piece the seat may not see is `{ hidden: true }`. */
  pieces: (SeenPiece | { hidden: true })[];
}

export interface Observation {
  /** The seat observing; null for a spectator, who sees what every seat may see. */
  seat: number | null;
  /** The seat to move. */
  current: number;
  phase: string;
  ply: number;
  seats: { name: string; variables: Record<string, ObservedValue> }[];
  variables: Record<string, ObservedValue>;
  board: { width: number; height: number; playable: "all" | "dark" | "light"; pieces: BoardPiece[] } | null;
  zones: ObservedZone[];
  outcome: Outcome | null;
  /** The observing seat's legal moves, when it is to move and the game goes on. */
  legal?: MatchAction[];
}

/** A number as a seat reads it, by its kind. */
export function readValue(g: CompiledGame, kind: ValueKind, v: number): ObservedValue {
  if (kind === "bool") return v !== 0;
  if (kind === "cell") return v < 0 ? null : cellName(v, g.width);
  if (kind === "type") return g.typeNames[v] ?? null;
  if (kind.startsWith("enum:")) return g.enums.get(kind.slice(5))?.[v] ?? null;
  return v;
}

function seen(r: MatchRuntime, p: number): SeenPiece {
  const g = r.g;
  const s = r.s;
  const type = s.ptype[p] as number;
  const attributes: Record<string, ObservedValue> = {};
  for (const slot of g.typeAttrs[type] ?? []) {
    const a = g.attrs[slot] as VariableInfo;
    attributes[a.name] = readValue(g, a.kind, s.attr(p, slot));
  }
  const owner = s.powner[p] as number;
  return { id: p, type: g.typeNames[type] as string, owner: owner < 0 ? null : owner, attributes };
}

/** What `seat` (null: a spectator) sees of the runtime's position. */
export function observe(r: MatchRuntime, seat: number | null, outcome: Outcome | null): Observation {
  const g = r.g;
  const s = r.s;
  const variables: Record<string, ObservedValue> = {};
  for (const v of g.vars) variables[v.name] = readValue(g, v.kind, s.vars[v.index] as number);
  const seats = g.seatNames.map((name, i) => {
    const vars: Record<string, ObservedValue> = {};
    for (const v of g.seatVars) vars[v.name] = readValue(g, v.kind, s.seatVar(i, v.index));
    return { name, variables: vars };
  });
  const pieces: BoardPiece[] = [];
  for (let c = 0; c < s.cells.length; c++) {
    const p = s.cells[c] as number;
    if (p >= 0) pieces.push({ ...seen(r, p), at: cellName(c, g.width) });
  }
  const zones: ObservedZone[] = [];
  for (let slot = 0; slot < g.slotZone.length; slot++) {
    const zone = g.zones[g.slotZone[slot] as number] as CompiledZone;
    const owner = g.slotSeat[slot] as number;
    const pile = s.zones[slot] as number[];
    const visible = (i: number) =>
      zone.visibility === "public" ||
      (zone.visibility === "top" && i === pile.length - 1) ||
      (zone.visibility === "owner" && seat !== null && owner === seat);
    zones.push({
      id: zone.id,
      label: zone.label,
      kind: zone.kind,
      seat: owner < 0 ? null : owner,
      visibility: zone.visibility,
      count: pile.length,
      pieces: pile.map((p, i) => (visible(i) ? seen(r, p) : { hidden: true as const })),
    });
  }
  const observation: Observation = {
    seat,
    current: s.current,
    phase: (g.phases[s.phase] as CompiledPhase).id,
    ply: s.ply,
    seats,
    variables,
    board:
      g.width > 0
        ? { width: g.width, height: g.height, playable: g.def.board?.playable ?? "all", pieces }
        : null,
    zones,
    outcome,
  };
  if (seat !== null && seat === s.current && outcome === null)
    observation.legal = r.legal().map((m) => actionOf(g, m));
  return observation;
}
