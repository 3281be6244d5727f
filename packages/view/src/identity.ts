/**
 * Visual identity across a turn: which drawn thing of the previous scene became which of the next.
 * A turn's events are walked in order, moving ids with the objects they name (pushes, slides, merges,
 * teleports, falls, region swaps); the new scene is then matched against where the ids ended up.
 * @module
 */
import type { GameEvent, Pack } from "@gridponder/engine";
import { pieceChange, Walk } from "./event-walk.js";
import type { TracedChange, TracedMerge, TracedMotion, TracedRemoval, TracedSite } from "./traced.js";
import type { Cell, Piece, Scene } from "./types.js";

export { directionDelta } from "./event-walk.js";

export type {
  MotionPhase,
  MoveMode,
  TracedChange,
  TracedMerge,
  TracedMotion,
  TracedRemoval,
  TracedSite,
} from "./traced.js";

/** A new object, and the cell it comes out of when it has one (an emitter's exit). */
export interface TracedSpawn {
  readonly id: string;
  readonly origin: Cell | null;
}

/** What a turn did to identities: everything a timeline animates. */
export interface TurnTrace {
  readonly motions: readonly TracedMotion[];
  readonly merges: readonly TracedMerge[];
  readonly changes: readonly TracedChange[];
  readonly removals: readonly TracedRemoval[];
  readonly spawns: readonly TracedSpawn[];
}

/** The outcome of {@link trackIdentities}: the next scene with carried ids, and the trace. */
export interface IdentityResult {
  readonly scene: Scene;
  readonly trace: TurnTrace;
}

/**
 * The largest serial of the fresh ids (`<layer>#<n>`) a scene holds; fresh ids continue after it, so
 * a chain of scenes never hands out the same id twice while the first holder is on the board.
 */
const serials = new WeakMap<Scene, number>();

function serialOf(scene: Scene): number {
  const known = serials.get(scene);
  if (known !== undefined) return known;
  let max = 0;
  for (const p of scene.pieces) {
    const hash = p.id.lastIndexOf("#");
    if (hash < 0) continue;
    const n = Number(p.id.slice(hash + 1));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return max;
}

/**
 * Carries visual ids from `prev` through a turn's events onto `next` (a scene of the turn's new state
 * with positional ids, from `buildScene`) and records what moved, merged, changed, left and appeared.
 *
 * A piece of `next` keeps the id the walk left on its cell when the kinds agree (or an event changed
 * the kind there); otherwise it gets a fresh id `<layer>#<n>` (a spawn), with `n` counting on from the
 * largest fresh id of the chain. Ground pieces (`exactly_one` layers), multi-cell objects and the
 * avatar keep their positional ids. Ids of `prev` missing from the result leave.
 */
export function trackIdentities(
  pack: Pack,
  prev: Scene,
  events: readonly GameEvent[],
  next: Scene,
  withIds: (scene: Scene, idOf: (piece: Piece) => string) => Scene,
): IdentityResult {
  const walk = new Walk(pack, prev);
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as GameEvent;
    walk.event = i;
    if (pieceChange(pack, e) === "fall") {
      let j = i;
      while (j + 1 < events.length && pieceChange(pack, events[j + 1] as GameEvent) === "fall") j++;
      walk.settlePushes();
      walk.settle(events.slice(i, j + 1));
      i = j;
      continue;
    }
    walk.handle(e, events[i - 1]);
  }
  walk.finish();

  let serial = serialOf(prev);
  const assigned = new Map<string, string>();
  const used = new Set<string>();
  const spawns: TracedSpawn[] = [];
  for (const piece of next.pieces) {
    let id: string | null = null;
    if (piece.role !== "entity") {
      id = piece.id;
    } else {
      const k = walk.key(piece.layerIndex, piece.cell);
      const entry = walk.at.get(k);
      if (entry && (entry.kind === null || entry.kind === piece.kind) && !used.has(entry.id)) id = entry.id;
      else {
        if (entry && !used.has(entry.id)) walk.remove(entry, null);
        serial++;
        id = `${piece.layer}#${serial}`;
        spawns.push({ id, origin: walk.origins.get(k) ?? null });
      }
    }
    used.add(id);
    assigned.set(piece.id, id);
  }
  const scene = withIds(next, (piece) => assigned.get(piece.id) ?? piece.id);
  serials.set(scene, serial);
  const prevIds = new Set(prev.pieces.map((p) => p.id));
  // Pieces that keep positional ids can appear too (ground where there was void, an avatar shown).
  const spawned = new Set(spawns.map((s) => s.id));
  for (const id of used) if (!prevIds.has(id) && !spawned.has(id)) spawns.push({ id, origin: null });

  // Everything of `prev` that is not in the new scene leaves: with the removal the walk recorded for
  // it when there is one (an animation, a multi-cell exit), else plainly; merged ids leave by merging.
  const merged = new Set(walk.merges.map((m) => m.absorbed));
  const byId = new Map<string, TracedRemoval>();
  for (const r of walk.removals) if (!used.has(r.id) && !merged.has(r.id)) byId.set(r.id, r);
  // A piece whose change took it off the drawing (ground turned void) plays the change's animation.
  const animatedChange = new Map<string, TracedChange>();
  for (const c of walk.changes)
    if (c.animation !== null && !animatedChange.has(c.id)) animatedChange.set(c.id, c);
  for (const p of prev.pieces) {
    if (used.has(p.id) || merged.has(p.id) || byId.has(p.id)) continue;
    const change = animatedChange.get(p.id);
    byId.set(p.id, {
      id: p.id,
      kind: change?.kind ?? p.kind,
      animation: change?.animation ?? null,
      exitDirection: null,
      cell: change?.cell ?? null,
      event: change?.event ?? null,
      makesWayFor: null,
    });
  }
  // Motions stay in event order and unfiltered: `together` and `makesWayFor` refer to them by index.
  const motions = walk.motions;
  const linked = <T extends TracedSite & { readonly id: string }>(site: T): T => ({
    ...site,
    makesWayFor: moverAfter(motions, site),
  });
  const removals = [...byId.values()].filter((r) => prevIds.has(r.id)).map(linked);
  const merges = walk.merges.filter((m) => prevIds.has(m.absorbed) && used.has(m.into));
  const changes = walk.changes.filter((c) => used.has(c.id) && prevIds.has(c.id)).map(linked);
  return { scene, trace: { motions, merges, changes, removals, spawns } };
}

/**
 * The first motion, after the event that removed or changed `site`, whose path enters the site's cell:
 * the mover that must not arrive before the removal or change has played. `null` when none does.
 */
function moverAfter(
  motions: readonly TracedMotion[],
  site: TracedSite & { readonly id: string },
): number | null {
  const { cell, event } = site;
  if (cell === null || event === null) return null;
  for (let i = 0; i < motions.length; i++) {
    const m = motions[i] as TracedMotion;
    if (m.event <= event || m.id === site.id) continue;
    for (let j = 1; j < m.path.length; j++) {
      const c = m.path[j] as Cell;
      if (c[0] === cell[0] && c[1] === cell[1]) return i;
    }
  }
  return null;
}
