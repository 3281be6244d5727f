import type { TileTeleportConfig } from "@gridponder/schema";
import type { Pos } from "../contract/model.js";
import type { SystemBehaviour } from "../contract/runtime.js";

const TELEPORT_TAG = "teleport";

/**
 * `tile_teleport` (NPC phase): teleport-tagged entities on the other layers are paired by their
 * `channel` param; a channel counts only with exactly two ends. For each pair, in the order its first
 * end appears (layer order, then row-major), an entity on `layer` at one end moves to the other end
 * when that end is empty (first end checked first). It runs every turn, so a tile left on a portal
 * whose partner is free keeps bouncing between the two ends, as the traces show.
 */
export const tileTeleport: SystemBehaviour<Required<TileTeleportConfig>> = {
  type: "tile_teleport",
  search: {
    layersMoved: (config) => [config.layer],
    avatarReach: 0,
    freeTurns: false,
    // Moves (or removes) entities; changes no entity's kind.
    kindsCreated: () => [],
  },
  npc(ctx) {
    const { config, draft, pack } = ctx;
    const layer = pack.layerIndex.get(config.layer);
    if (layer === undefined) return;
    const channels = new Map<string, Pos[]>();
    for (let li = 0; li < pack.layers.length; li++) {
      if (li === layer) continue;
      const cells = draft.layerCells(li);
      for (let i = 0; i < cells.length; i++) {
        const e = cells[i];
        if (!e?.info.tags.has(TELEPORT_TAG)) continue;
        const channel = e.params?.channel;
        if (channel === undefined || channel === null) continue;
        const key = JSON.stringify(channel);
        const ends = channels.get(key);
        const pos: Pos = [i % draft.width, Math.floor(i / draft.width)];
        if (ends) ends.push(pos);
        else channels.set(key, [pos]);
      }
    }
    const layerId = pack.layers[layer]?.id;
    for (const ends of channels.values()) {
      if (ends.length !== 2) continue;
      const [a, b] = ends as [Pos, Pos];
      const atA = draft.get(layer, a[0], a[1]);
      const atB = draft.get(layer, b[0], b[1]);
      let from: Pos;
      let to: Pos;
      if (atA && !atB) [from, to] = [a, b];
      else if (atB && !atA) [from, to] = [b, a];
      else continue;
      const entity = (atA ?? atB) as NonNullable<typeof atA>;
      draft.set(layer, from[0], from[1], null);
      draft.set(layer, to[0], to[1], entity);
      // `toPosition`, `fromPosition` and `teleport` let a view show one object jumping, not a removal
      // and an unrelated placement.
      ctx.emit({ type: "object_removed", position: from, kind: entity.kind, layer: layerId, toPosition: to });
      ctx.emit({
        type: "object_placed",
        position: to,
        kind: entity.kind,
        params: entity.params ?? {},
        layer: layerId,
        fromPosition: from,
        teleport: true,
      });
    }
  },
};
