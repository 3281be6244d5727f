/**
 * Turn descriptions: what the player did and what it caused, in words, from the engine's events. For
 * screen readers and terminals alike; no DOM.
 * @module
 */
import type { ActionInput, GameEvent, Pack } from "@gridponder/engine";
import { pieceChange } from "./event-walk.js";
import { displayName } from "./names.js";

/** An event's kind field named for the player; an event without one names "something". */
function kindName(pack: Pack, kind: unknown): string {
  return typeof kind === "string" ? displayName(pack, kind) : "something";
}

function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1);
}

function cellWords(position: unknown, preposition = "at"): string {
  if (!Array.isArray(position) || position.length < 2) return "";
  return ` ${preposition} column ${Number(position[0]) + 1}, row ${Number(position[1]) + 1}`;
}

/** The action the player took, in words ("Moved right", "Tapped column 2, row 3", "Fill red"). */
export function describeAction(pack: Pack, action: ActionInput): string {
  const def = pack.actions.get(action.action);
  const direction = typeof action.direction === "string" ? action.direction.replace(/_/g, " ") : null;
  if (action.action === "move" && direction) return `Moved ${direction}`;
  // An action from outside (a host's `act`) may be malformed: the engine refuses it, and words still come.
  const name = typeof action.action === "string" ? action.action : "unknown action";
  const label = def?.label ?? name.replace(/_/g, " ");
  const extras = Object.entries(action)
    .filter(([key]) => key !== "action")
    .map(([key, value]) =>
      key === "position" || key === "tap_position"
        ? cellWords(value).trim()
        : `${typeof value === "string" ? value.replace(/_/g, " ") : JSON.stringify(value)}`,
    )
    .filter((s) => s.length > 0);
  return capitalise([label, ...extras].join(" "));
}

/** A saying's template with the event's fields filled in (see `EventSaying`). */
function fill(pack: Pack, text: string, event: GameEvent): string {
  return text.replace(
    /\{(?:(kind|count|cell|to):)?([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_, how: string | undefined, field: string) => {
      const value = event[field];
      if (how === "kind") return kindName(pack, value);
      if (how === "count") return String(Array.isArray(value) ? value.length : 0);
      if (how === "cell") return cellWords(value);
      if (how === "to") return cellWords(value, "to");
      return String(value);
    },
  );
}

/** Whether the avatar moved or pushed this turn: a block reported before it gave way. */
function progressed(pack: Pack, events: readonly GameEvent[]): boolean {
  return events.some((e) => {
    const change = pieceChange(pack, e);
    return change === "avatar_move" || change === "push";
  });
}

/**
 * What the turn's notable events did, as short sentences (at most a few, in order), as their registry
 * entries say them (`EventDefinition.says`).
 */
export function describeEvents(pack: Pack, events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const moved = progressed(pack, events);
  for (const e of events) {
    const def = pack.registry.events.get(e.type);
    if (def?.says === undefined || (def.unsaidAfterProgress === true && moved)) continue;
    const saying = def.says.find((s) => s.when === undefined || Boolean(e[s.when]));
    if (saying === undefined) continue;
    const text = capitalise(fill(pack, saying.text, e));
    if (!out.includes(text)) out.push(text);
    if (out.length >= 4) break;
  }
  return out;
}

/** A turn in words: the action, what happened, and the outcome ("Moved right. Pushed crate."). */
export function describeTurn(
  pack: Pack,
  action: ActionInput,
  result: { accepted: boolean; events: readonly GameEvent[]; won: boolean; lost: boolean },
  moves: number,
  loseText: string | null,
): string {
  const failed =
    action.action === "move" && typeof action.direction === "string"
      ? `Could not move ${action.direction.replace(/_/g, " ")}.`
      : `${describeAction(pack, action)}: not possible.`;
  if (!result.accepted) return failed;
  const happened = describeEvents(pack, result.events);
  const moved = result.events.some((e) => pack.registry.events.get(e.type)?.moves === true);
  // Where the avatar ended up, so a player who cannot see the board knows where it is.
  const arrived = result.events.find((e) => pack.registry.events.get(e.type)?.pieces === "avatar_move");
  const where = arrived ? cellWords(arrived.position, "to") : "";
  const parts =
    happened.length === 0 && !moved && typeof action.direction === "string"
      ? [failed]
      : [`${describeAction(pack, action)}${where}.`, ...happened];
  if (result.won) parts.push(`Level solved in ${moves} ${moves === 1 ? "move" : "moves"}.`);
  else if (result.lost) parts.push(loseText ? `Level lost: ${loseText}` : "Level lost.");
  return parts.join(" ");
}
