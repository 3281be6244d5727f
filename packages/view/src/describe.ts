/**
 * Turn descriptions: what the player did and what it caused, in words, from the engine's events. For
 * screen readers and terminals alike; no DOM.
 * @module
 */
import type { ActionInput, GameEvent, Pack } from "@gridponder/engine";
import { displayName } from "./names.js";

/** An event's kind field named for the player; an event without one names "something". */
function kindName(pack: Pack, kind: unknown): string {
  return typeof kind === "string" ? displayName(pack, kind) : "something";
}

function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1);
}

function cellWords(position: unknown): string {
  if (!Array.isArray(position) || position.length < 2) return "";
  return ` at column ${Number(position[0]) + 1}, row ${Number(position[1]) + 1}`;
}

/** The action the player took, in words ("Moved right", "Tapped column 2, row 3", "Fill red"). */
export function describeAction(pack: Pack, action: ActionInput): string {
  const def = pack.actions.get(action.action);
  const direction = typeof action.direction === "string" ? action.direction.replace(/_/g, " ") : null;
  if (action.action === "move" && direction) return `Moved ${direction}`;
  const label = def?.label ?? action.action.replace(/_/g, " ");
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

/** What the turn's notable events did, as short sentences (at most a few, in order). */
export function describeEvents(pack: Pack, events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const add = (text: string): void => {
    if (!out.includes(text)) out.push(text);
  };
  // A blocked step that still ended in a move or a push (a pending move settling) was no block.
  const progressed = events.some((e) => e.type === "avatar_entered" || e.type === "object_pushed");
  for (const e of events) {
    switch (e.type) {
      case "object_pushed":
        add(`Pushed ${kindName(pack, e.kind)}.`);
        break;
      case "move_blocked":
        if (!progressed) add(e.blockerKind ? `Blocked by ${kindName(pack, e.blockerKind)}.` : "Blocked.");
        break;
      case "inventory_changed":
        if (e.newItem) add(`Picked up ${kindName(pack, e.newItem)}.`);
        else if (e.oldItem) add(`Let go of ${kindName(pack, e.oldItem)}.`);
        break;
      case "cell_transformed":
        add(`${capitalise(kindName(pack, e.fromKind))} became ${kindName(pack, e.toKind)}.`);
        break;
      case "object_removed":
        add(`${capitalise(kindName(pack, e.kind))} is gone.`);
        break;
      case "tiles_merged":
        add(`Merged into ${String(e.resultValue)}.`);
        break;
      case "boxes_merged":
        add(`${capitalise(kindName(pack, e.kind))} merged.`);
        break;
      case "cells_flooded":
        add(`Flooded ${Array.isArray(e.positions) ? e.positions.length : 0} cells.`);
        break;
      case "region_rotated":
        add("Rotated the region.");
        break;
      case "region_flipped":
        add("Flipped the region.");
        break;
      case "cells_swapped":
        add("Swapped cells.");
        break;
      case "cell_claimed":
        add(`Claimed${cellWords(e.position)}.`);
        break;
      case "actor_blocked":
        add(`${capitalise(kindName(pack, e.kind))} is blocked.`);
        break;
      case "goal_step_completed":
        add("A goal step is done.");
        break;
      default:
        break;
    }
    if (out.length >= 4) break;
  }
  return out;
}

/** Events that mean something on the board moved. */
const MOTION_EVENTS: ReadonlySet<string> = new Set([
  "avatar_entered",
  "object_pushed",
  "tiles_slid",
  "tile_moved",
  "actor_moved",
  "actor_entered",
  "multi_cell_object_moved",
  "overlay_moved",
  "cells_swapped",
  "region_rotated",
  "region_flipped",
  "region_transformed",
  "npc_moved",
]);

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
  const moved = result.events.some((e) => MOTION_EVENTS.has(e.type));
  const parts =
    happened.length === 0 && !moved && typeof action.direction === "string"
      ? [failed]
      : [`${describeAction(pack, action)}.`, ...happened];
  if (result.won) parts.push(`Level solved in ${moves} ${moves === 1 ? "move" : "moves"}.`);
  else if (result.lost) parts.push(loseText ? `Level lost: ${loseText}` : "Level lost.");
  return parts.join(" ");
}
