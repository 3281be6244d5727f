import { condition } from "./define.js";
import { eventPos } from "./event-position.js";

/** `position_has_tag`: the entity on a layer at the event's cell carries a tag. */
export const positionHasTag = condition<{ layer: string; tag: string }>({
  type: "position_has_tag",
  compile(pack, { layer, tag }) {
    const li = pack.layerIndex.get(layer) ?? -1;
    // By kind index, whether the kind has the tag: rules test this on most events of most turns.
    const tagged = new Uint8Array(pack.kinds.size);
    for (const info of pack.kinds.values()) if (info.tags.has(tag)) tagged[info.index] = 1;
    return (d, e) => {
      const p = eventPos(e);
      if (p === null || li < 0) return false;
      const entity = d.get(li, p[0], p[1]);
      return entity !== null && tagged[entity.info.index] === 1;
    };
  },
});
