import { condition } from "./define.js";

/** `avatar`: the avatar stands on a cell, and/or holds an item (any, none, or a kind). */
export const avatar = condition<{ at?: [number, number]; hasItem?: string | boolean }>({
  type: "avatar",
  compile(_pack, m) {
    return (d) => {
      const a = d.avatar;
      if (
        m.at !== undefined &&
        !(a.enabled && a.position && a.position[0] === m.at[0] && a.position[1] === m.at[1])
      ) {
        return false;
      }
      if (m.hasItem === true && a.item === null) return false;
      if (m.hasItem === false && a.item !== null) return false;
      if (typeof m.hasItem === "string" && a.item !== m.hasItem) return false;
      return true;
    };
  },
});
