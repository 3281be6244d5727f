import { jsonEqual } from "../../board/json.js";
import type { GameEvent } from "../../contract/events.js";
import { condition } from "./define.js";

/** Reads a field of an event: its own payload field first, then its entity params. */
function eventField(event: GameEvent, field: string): unknown {
  if (Object.hasOwn(event, field)) return event[field];
  const params = event.params;
  if (params && typeof params === "object" && Object.hasOwn(params, field))
    return (params as Record<string, unknown>)[field];
  return undefined;
}

/** `event`: the event is about a kind, and/or one of its fields (or entity params) equals a value. */
export const eventMatch = condition<{ kind?: string; param?: string; equals?: unknown }>({
  type: "event",
  compile(_pack, m) {
    return (_d, e) => {
      if (!e) return false;
      if (m.kind !== undefined && e.kind !== m.kind) return false;
      if (m.param !== undefined && !jsonEqual(eventField(e, m.param), m.equals)) return false;
      return true;
    };
  },
});
