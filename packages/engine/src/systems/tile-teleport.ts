import type { TileTeleportConfig } from "@gridponder/schema";
import type { Entity, Pos } from "../contract/model.js";
import type { SystemBehaviour } from "../contract/runtime.js";
import type { Draft } from "../contract/state.js";

const TELEPORT_TAG = "teleport";

/** A teleport-tagged entity with a channel: its cell and its channel as a key. */
interface End {
  readonly pos: Pos;
  readonly key: string;
}
type Pair = readonly [Pos, Pos];
const NO_PAIRS: readonly Pair[] = [];

/**
 * A committed layer's teleport ends, by the layer's cells: committed layers never change, and the
 * portals of a level mostly stand on a layer no turn writes, so the board is scanned once, not per turn.
 */
const endsOfLayer = new WeakMap<readonly (Entity | null)[], readonly End[]>();
/** The pairs of one list of ends (the usual case: every portal on one layer). */
const pairsOfEnds = new WeakMap<readonly End[], readonly Pair[]>();

/** A layer's teleport ends in row-major order. */
function endsOf(draft: Draft, cellsOf: readonly Pos[], layer: number): readonly End[] {
  const cells = draft.layerCells(layer);
  // A layer this turn wrote to is still changing: scanned, not remembered.
  const fixed = !draft.ownsLayer(layer);
  if (fixed) {
    const known = endsOfLayer.get(cells);
    if (known !== undefined) return known;
  }
  const ends: End[] = [];
  for (let i = 0; i < cells.length; i++) {
    const e = cells[i];
    if (!e?.info.tags.has(TELEPORT_TAG)) continue;
    const channel = e.params?.channel;
    if (channel === undefined || channel === null) continue;
    ends.push({ pos: cellsOf[i] as Pos, key: JSON.stringify(channel) });
  }
  if (fixed) endsOfLayer.set(cells, ends);
  return ends;
}

/** The channels with exactly two ends, in the order their first ends appear. */
function pairsOf(lists: readonly (readonly End[])[]): readonly Pair[] {
  const channels = new Map<string, Pos[]>();
  for (const ends of lists) {
    for (const { pos, key } of ends) {
      const found = channels.get(key);
      if (found) found.push(pos);
      else channels.set(key, [pos]);
    }
  }
  const pairs: Pair[] = [];
  for (const ends of channels.values()) if (ends.length === 2) pairs.push(ends as unknown as Pair);
  return pairs;
}

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
    let only: readonly End[] | null = null;
    let lists: (readonly End[])[] | null = null;
    for (let li = 0; li < pack.layers.length; li++) {
      if (li === layer) continue;
      const ends = endsOf(draft, ctx.level.cells, li);
      if (ends.length === 0) continue;
      if (only === null) only = ends;
      else if (lists === null) lists = [only, ends];
      else lists.push(ends);
    }
    let pairs: readonly Pair[] = NO_PAIRS;
    if (lists !== null) pairs = pairsOf(lists);
    else if (only !== null) {
      const known = pairsOfEnds.get(only);
      pairs = known ?? pairsOf([only]);
      if (known === undefined) pairsOfEnds.set(only, pairs);
    }
    const layerId = pack.layers[layer]?.id;
    for (const [a, b] of pairs) {
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
