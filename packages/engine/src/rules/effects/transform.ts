import type { TransformParams } from "@gridponder/schema";
import type { GameEvent } from "../../contract/events.js";
import { compileValue } from "../refs.js";
import { effect, layerOf, posReader } from "./fields.js";

/** `transform`: turns the entity on a cell into another kind, keeping its params. Emits `cell_transformed`. */
export const transform = effect<TransformParams>({
  type: "transform",
  compile(pack, f) {
    const layer = layerOf(pack, f.layer);
    const pos = posReader(pack, f.position);
    const toKind = compileValue(pack, f.toKind);
    const animation = typeof f.animation === "string" ? f.animation : undefined;
    return (ctx, e) => {
      const p = pos(ctx, e);
      const k = toKind(ctx.draft, e);
      if (!p || typeof k !== "string" || !pack.kinds.has(k)) return;
      const previous = ctx.draft.get(layer, p[0], p[1]);
      ctx.draft.set(layer, p[0], p[1], pack.entity(k, previous?.params ?? null));
      const event: Record<string, unknown> = {
        type: "cell_transformed",
        position: p,
        fromKind: previous?.kind ?? null,
        toKind: k,
        layer: f.layer,
      };
      if (animation !== undefined) event.animation = animation;
      ctx.emit(event as GameEvent);
      // An animated transform also reports the old entity as removed, carrying the animation, so a
      // renderer can play it on the entity that goes away (the traces show this event).
      if (previous && animation !== undefined)
        ctx.emit({ type: "object_removed", position: p, kind: previous.kind, layer: f.layer, animation });
    };
  },
});
