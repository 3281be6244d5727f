import type { DestroyParams } from "@gridponder/schema";
import { removeEntity } from "../../board/ops.js";
import { effect, layerOf, posReader } from "./fields.js";

/** `destroy`: removes the entity on a cell. Emits `object_removed` (and `cell_cleared`). */
export const destroy = effect<DestroyParams>({
  type: "destroy",
  compile(pack, f) {
    const layer = layerOf(pack, f.layer);
    const pos = posReader(pack, f.position);
    const animation = typeof f.animation === "string" ? f.animation : undefined;
    return (ctx, e) => {
      const p = pos(ctx, e);
      if (p) removeEntity(ctx, layer, p, animation);
    };
  },
});
