import { condition } from "./define.js";
import { eventPos } from "./event-position.js";

/** `position`: the event happened at this cell. */
export const position = condition<readonly [number, number]>({
  type: "position",
  compile(_pack, [x, y]) {
    return (_d, e) => {
      const p = eventPos(e);
      return p !== null && p[0] === x && p[1] === y;
    };
  },
});
