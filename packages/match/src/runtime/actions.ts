/**
 * Moves as JSON actions (what players, agents and share links send) and back. A board move names its
 * cells (`{ "move": "push", "from": "e2", "to": "e4" }`); a move from a zone names its piece by id; a
 * chain lists its later steps under `chain`; choices are given by option name.
 * @module
 */
import { cellName, parseCell } from "../compile/cells.js";
import type { CompiledGame, CompiledMove } from "../contract.js";
import type { Move, Step } from "./runtime.js";

/** A later step of a chained move: the same piece goes on. */
export interface MatchActionStep {
  move: string;
  to?: string;
  choices?: Record<string, string>;
}

/** A move as JSON. */
export interface MatchAction {
  move: string;
  from?: string;
  to?: string;
  /** The piece moved out of a zone (a card played), by id. */
  piece?: number;
  choices?: Record<string, string>;
  chain?: MatchActionStep[];
}

function choicesOf(g: CompiledGame, step: Step): Record<string, string> | undefined {
  const def = g.moves[step.def] as CompiledMove;
  if (def.choices.length === 0) return undefined;
  const out: Record<string, string> = {};
  def.choices.forEach((c, i) => {
    const k = c.values.indexOf(step.choices[i] as number);
    if (k >= 0) out[c.name] = c.options[k] as string;
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The JSON action of a move. */
export function actionOf(g: CompiledGame, move: Move): MatchAction {
  const [head, ...rest] = move.steps;
  const first = head as Step;
  const def = g.moves[first.def] as CompiledMove;
  const action: MatchAction = { move: def.id };
  if (first.from >= 0) action.from = cellName(first.from, g.width);
  if (first.to >= 0) action.to = cellName(first.to, g.width);
  if (def.source === "zone" && first.piece >= 0) action.piece = first.piece;
  const choices = choicesOf(g, first);
  if (choices) action.choices = choices;
  if (rest.length > 0)
    action.chain = rest.map((step) => {
      const s: MatchActionStep = { move: (g.moves[step.def] as CompiledMove).id };
      if (step.to >= 0) s.to = cellName(step.to, g.width);
      const c = choicesOf(g, step);
      if (c) s.choices = c;
      return s;
    });
  return action;
}

function choiceKey(choices: Record<string, string> | undefined): string {
  if (!choices) return "";
  const keys = Object.keys(choices).sort();
  return keys.length === 0 ? "" : `=${keys.map((k) => choices[k]).join(",")}`;
}

/**
 * A move's short text, the same for equal actions: `push@e2>e4`, `jump@c3>e5;jump>g7`, `play#17=hearts`.
 * Share links and logs carry these.
 */
export function actionKey(action: MatchAction): string {
  let key = action.move;
  if (action.from !== undefined) key += `@${action.from}`;
  if (action.to !== undefined) key += `>${action.to}`;
  if (action.piece !== undefined) key += `#${action.piece}`;
  key += choiceKey(action.choices);
  for (const step of action.chain ?? [])
    key += `;${step.move}${step.to !== undefined ? `>${step.to}` : ""}${choiceKey(step.choices)}`;
  return key;
}

/** Reads an action key back into an action; null when it is not one. */
export function parseActionKey(key: string, g: CompiledGame): MatchAction | null {
  const parts = key.split(";");
  const head =
    /^([A-Za-z0-9_-]+)(?:@([a-z][0-9]+))?(?:>([a-z][0-9]+))?(?:#([0-9]+))?(?:=([A-Za-z0-9_,-]+))?$/.exec(
      parts[0] as string,
    );
  if (!head) return null;
  const moveIndex = g.moveIndex.get(head[1] as string);
  if (moveIndex === undefined) return null;
  const named = (defIndex: number, text: string | undefined): Record<string, string> | undefined => {
    if (text === undefined) return undefined;
    const values = text.split(",");
    const names = (g.moves[defIndex] as CompiledMove).choices.map((c) => c.name).sort();
    const out: Record<string, string> = {};
    values.forEach((v, i) => {
      const name = names[i];
      if (name !== undefined) out[name] = v;
    });
    return out;
  };
  const action: MatchAction = { move: head[1] as string };
  if (head[2]) action.from = head[2];
  if (head[3]) action.to = head[3];
  if (head[4]) action.piece = Number(head[4]);
  const choices = named(moveIndex, head[5]);
  if (choices) action.choices = choices;
  const chain: MatchActionStep[] = [];
  for (const part of parts.slice(1)) {
    const m = /^([A-Za-z0-9_-]+)(?:>([a-z][0-9]+))?(?:=([A-Za-z0-9_,-]+))?$/.exec(part);
    if (!m) return null;
    const d = g.moveIndex.get(m[1] as string);
    if (d === undefined) return null;
    const step: MatchActionStep = { move: m[1] as string };
    if (m[2]) step.to = m[2];
    const c = named(d, m[3]);
    if (c) step.choices = c;
    chain.push(step);
  }
  if (chain.length > 0) action.chain = chain;
  return action;
}

/** Whether a cell name in an action is a cell of this board. */
export function validCell(g: CompiledGame, name: string | undefined): boolean {
  return name === undefined || parseCell(name, g.width, g.height) >= 0;
}
