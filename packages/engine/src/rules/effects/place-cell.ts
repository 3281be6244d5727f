import type { SetCellParams } from "@gridponder/schema";
import { placeEntity } from "../../board/ops.js";
import type { EffectRunner, Pack } from "../../contract/runtime.js";
import { compileValue } from "../refs.js";
import { layerOf, paramsReader, posReader } from "./fields.js";

/**
 * What `spawn` and `set_cell` share: put an entity of a kind (with params from the extra fields) on a
 * cell. `overwrite` (set_cell) reports replacing a non-default entity as `cell_transformed`.
 */
export function compilePlacement(pack: Pack, f: SetCellParams, overwrite: boolean): EffectRunner {
  const layer = layerOf(pack, f.layer);
  const pos = posReader(pack, f.position);
  const kind = compileValue(pack, f.kind);
  const params = paramsReader(pack, f as Record<string, unknown>, ["position", "layer", "kind"]);
  return (ctx, e) => {
    const p = pos(ctx, e);
    const k = kind(ctx.draft, e);
    if (!p || typeof k !== "string" || !pack.kinds.has(k)) return;
    const previous = ctx.draft.get(layer, p[0], p[1]);
    const entity = pack.entity(k, params(ctx, e));
    if (overwrite && previous && previous !== pack.layers[layer]?.fill) {
      ctx.draft.set(layer, p[0], p[1], entity);
      ctx.emit({
        type: "cell_transformed",
        position: p,
        fromKind: previous.kind,
        toKind: k,
        layer: f.layer,
      });
    } else {
      placeEntity(ctx, layer, p, entity);
    }
  };
}
