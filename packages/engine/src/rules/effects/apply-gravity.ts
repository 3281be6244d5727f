import type { ApplyGravityParams } from "@gridponder/schema";
import { stepOf } from "../../board/geometry.js";
import type { Entity } from "../../contract/model.js";
import type { TurnContext } from "../../contract/runtime.js";
import type { Draft } from "../../contract/state.js";
import { effect } from "./fields.js";

/** Which entities fall: by kind, by tag, or both (an entity must then match both). */
export interface GravitySelector {
  readonly kind?: string;
  readonly tag?: string;
}

function selected(e: Entity, selector: GravitySelector): boolean {
  return (
    (selector.kind === undefined || e.kind === selector.kind) &&
    (selector.tag === undefined || e.info.tags.has(selector.tag))
  );
}

/**
 * Whether an entity of `layer` can fall into a cell: on the board, nothing on its own layer, no void
 * or `solid` entity on another layer (ground walls, pipes), and not the avatar's cell.
 */
function open(ctx: TurnContext, draft: Draft, layer: number, x: number, y: number): boolean {
  if (!draft.inBounds(x, y) || draft.get(layer, x, y) !== null) return false;
  const avatar = draft.avatar.enabled ? draft.avatar.position : null;
  if (avatar && avatar[0] === x && avatar[1] === y) return false;
  for (let li = 0; li < ctx.pack.layers.length; li++) {
    if (li === layer) continue;
    const e = draft.get(li, x, y);
    if (e && (e.kind === "void" || e.info.tags.has("void") || e.info.tags.has("solid"))) return false;
  }
  return true;
}

/**
 * The `apply_gravity` effect: every selected entity on a `zero_or_one` layer falls in `direction`
 * (any of the eight) until the next cell is not open (see {@link open}). Entities nearest the side they
 * fall toward move first, so a column settles as a stack with no gaps; unselected entities stay and
 * hold up what rests on them. Emits `object_settled` for each entity that moved, in that order.
 */
export function applyGravity(ctx: TurnContext, selector: GravitySelector, direction: string): void {
  const { draft, pack } = ctx;
  const delta = stepOf(direction);
  if (!delta) return;
  const [dx, dy] = delta;
  const { width, height } = draft;
  // Walk rows and columns from the side the entities fall toward.
  const y0 = dy > 0 ? height - 1 : 0;
  const x0 = dx > 0 ? width - 1 : 0;
  const sy = dy > 0 ? -1 : 1;
  const sx = dx > 0 ? -1 : 1;
  for (let layer = 0; layer < pack.layers.length; layer++) {
    const info = pack.layers[layer];
    if (!info || info.exactlyOne) continue;
    for (let y = y0; y >= 0 && y < height; y += sy) {
      for (let x = x0; x >= 0 && x < width; x += sx) {
        const entity = draft.get(layer, x, y);
        if (!entity || !selected(entity, selector)) continue;
        let tx = x;
        let ty = y;
        while (open(ctx, draft, layer, tx + dx, ty + dy)) {
          tx += dx;
          ty += dy;
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
          layer: info.id,
        });
      }
    }
  }
}

/** `apply_gravity`: the selected entities fall in a direction until they rest (see `applyGravity`). */
export const applyGravityEffect = effect<ApplyGravityParams>({
  type: "apply_gravity",
  compile(_pack, f) {
    const selector = (f.selector ?? {}) as GravitySelector;
    const direction = String(f.direction);
    return (ctx) => applyGravity(ctx, selector, direction);
  },
});
