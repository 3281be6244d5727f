import { isPos } from "../../board/geometry.js";
import type { GameEvent } from "../../contract/events.js";

let lastEvent: GameEvent | null = null;
let lastPos: readonly [number, number] | null = null;

/**
 * The event's position, if it has a valid one. Several rules test the same event in a row, so the
 * last answer is kept (events are not changed once emitted).
 */
export function eventPos(event: GameEvent | null): readonly [number, number] | null {
  if (event === lastEvent && event !== null) return lastPos;
  const p = event?.position;
  lastEvent = event;
  lastPos = isPos(p) ? p : null;
  return lastPos;
}
