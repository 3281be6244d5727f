import { DIRECTION_DELTAS } from "./model.js";
import type { TurnContext } from "./systems/types.js";

/**
 * Lets every entity matching the selector fall in `direction` until the next cell is off the board,
 * occupied on its layer, or void ground. Cells nearest the fall side move first, so a column settles
 * like a stack. Emits `object_settled` for each entity that moved.
 */
export function applyGravity(
  ctx: TurnContext,
  selector: { kind?: string; tag?: string },
  direction: string,
): void {
  const { draft, pack } = ctx;
  const delta = DIRECTION_DELTAS[direction];
  if (!delta) return;
  const [dx, dy] = delta;
  const ground = pack.layerIndex.get("ground");
  const xs = [...Array(draft.width).keys()];
  const ys = [...Array(draft.height).keys()];
  if (dx > 0) xs.reverse();
  if (dy > 0) ys.reverse();
  for (let layer = 0; layer < pack.layers.length; layer++) {
    if (pack.layers[layer]?.exactlyOne) continue;
    for (const y of ys) {
      for (const x of xs) {
        const entity = draft.get(layer, x, y);
        if (!entity) continue;
        if (selector.kind !== undefined && entity.kind !== selector.kind) continue;
        if (selector.tag !== undefined && !entity.info.tags.has(selector.tag)) continue;
        let tx = x;
        let ty = y;
        while (true) {
          const nx = tx + dx;
          const ny = ty + dy;
          if (!draft.inBounds(nx, ny) || draft.get(layer, nx, ny) !== null) break;
          if (ground !== undefined && draft.get(ground, nx, ny)?.kind === "void") break;
          tx = nx;
          ty = ny;
        }
        if (tx === x && ty === y) continue;
        draft.set(layer, x, y, null);
        draft.set(layer, tx, ty, entity);
        ctx.emit({
          type: "object_settled",
          kind: entity.kind,
          fromKind: entity.kind,
          position: [tx, ty],
          fromPosition: [x, y],
          layer: pack.layers[layer]?.id,
        });
      }
    }
  }
}
