import type { MoveEntityParams } from "@gridponder/schema";
import { placeEntity, removeEntity } from "../../board/ops.js";
import { effect, layerOf, posReader } from "./fields.js";

/** `move_entity`: moves an entity to another cell of its layer. Emits `object_removed`, `object_placed`. */
export const moveEntity = effect<MoveEntityParams>({
  type: "move_entity",
  compile(pack, f) {
    const layer = layerOf(pack, f.layer);
    const from = posReader(pack, f.from);
    const to = posReader(pack, f.to);
    return (ctx, e) => {
      const a = from(ctx, e);
      const b = to(ctx, e);
      if (!a || !b) return;
      const entity = removeEntity(ctx, layer, a);
      if (entity) placeEntity(ctx, layer, b, entity, a);
    };
  },
});
