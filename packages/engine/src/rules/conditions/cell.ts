import { condition } from "./define.js";

/** `cell`: a fixed cell of a layer holds a kind, is empty or not, or holds an entity with a tag. */
export const cell = condition<{
  position: [number, number];
  layer: string;
  kind?: string;
  isEmpty?: boolean;
  hasTag?: string;
}>({
  type: "cell",
  compile(pack, m) {
    const li = pack.layerIndex.get(m.layer) ?? -1;
    const [x, y] = m.position;
    return (d) => {
      const entity = li >= 0 ? d.get(li, x, y) : null;
      if (m.kind !== undefined) return entity?.kind === m.kind;
      if (m.isEmpty !== undefined) return (entity === null) === m.isEmpty;
      if (m.hasTag !== undefined) return entity?.info.tags.has(m.hasTag) ?? false;
      return false;
    };
  },
});
