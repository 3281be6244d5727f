import type { Entity, GameState, LevelRuntime, Pack } from "@gridponder/engine";
import { avatarTargetOf, cellTargetsOf, markerCheckOf } from "../goal-declarations.js";
import { creatableKinds } from "./creatable-kinds.js";
import { reachTargetKinds, targetLocks } from "./target-locks.js";

export { creatableKinds } from "./creatable-kinds.js";

/**
 * What the goals of a level need on the board, against what its turns can supply. An entity kind that
 * no system, rule or layer fill can bring onto the board only ever grows rarer (entities move, merge
 * or go away), so once the board holds fewer of it than a goal needs, that goal is out of reach for
 * good: no action sequence from there wins. So is a goal whose target sits on a cell that never
 * changes without what it wants, or whose every target cell is walled off by an object only a tool
 * that is gone could remove (see `targetLocks`).
 */
export interface GoalSupply {
  /** The kinds that are needed and cannot be created (tools included), for reports. */
  readonly kinds: readonly string[];
  /** Whether some goal can no longer be met, as above: a dead state. */
  short(state: GameState): boolean;
}

/** A goal's target cell that names a kind (a `board_match` cell): its layer, cell (row-major) and kind index. */
interface Target {
  readonly layer: number;
  readonly cell: number;
  readonly kind: number;
}

/** The target cells a goal names (`cellTargets`) that want a kind of their own layer. */
function kindTargets(pack: Pack, level: LevelRuntime, goal: LevelRuntime["goals"][number]): Target[] {
  const targets: Target[] = [];
  for (const t of cellTargetsOf(pack, level, goal) ?? []) {
    const layer = pack.layerIndex.get(t.layerId);
    const info = t.kind === null ? undefined : pack.kinds.get(t.kind);
    // A target naming a kind of another layer never matches: it is the goal's own problem.
    if (layer === undefined || info === undefined || info.layerIndex !== layer) continue;
    targets.push({ layer, cell: t.cell, kind: info.index });
  }
  return targets;
}

/** Effects that write no layer. */
const LAYERLESS = new Set(["set_variable", "increment_variable", "set_inventory", "clear_inventory"]);
/** Effects that write one cell, named by their `position`. */
const CELL_WRITES = new Set(["destroy", "transform", "spawn", "set_cell"]);

/**
 * Whether a rule's effect leaves void cells alone when the systems do: it writes no layer, or writes
 * only the cell the avatar just entered (which is never void, the systems keeping the avatar off void).
 */
function keepsVoid(on: string, effect: object): boolean {
  const [type, raw] = Object.entries(effect)[0] as [string, { position?: unknown } | null];
  if (LAYERLESS.has(type)) return true;
  return CELL_WRITES.has(type) && on === "avatar_entered" && raw?.position === "$event.position";
}

/**
 * The cells nothing in the level can ever change, on any layer: the void cells of the start (but the
 * avatar's), when every system keeps void cells (`keepsVoidCells`) and every rule effect does (it
 * writes no layer, or only the cell the avatar just entered; void ground is then never written
 * either). `null` when there are none to tell.
 */
export function fixedCells(pack: Pack, level: LevelRuntime, start: GameState): Uint8Array | null {
  for (const { behaviour, config } of level.systems) {
    const keeps = behaviour.search?.keepsVoidCells;
    if (keeps !== true && (typeof keeps !== "function" || !keeps(config as never, pack, start))) return null;
  }
  if (level.rules.all.some((rule) => rule.source.then.some((effect) => !keepsVoid(rule.source.on, effect))))
    return null;
  const ground = pack.layerIndex.get("ground");
  if (ground === undefined) return null;
  const cells = start.layers[ground] as readonly (Entity | null)[];
  const at = start.avatar.position;
  const avatar = at ? at[1] * level.width + at[0] : -1;
  const fixed = new Uint8Array(cells.length);
  let any = false;
  cells.forEach((e, i) => {
    if (e?.kind === "void" && i !== avatar) {
      fixed[i] = 1;
      any = true;
    }
  });
  return any ? fixed : null;
}

/**
 * Whether some goal with a marker check (`markerCheck`, as `param_match` declares) can never be met:
 * one of its markers stands on a fixed cell (see
 * `fixedCells`) beside an entity that does not match, and neither can ever change.
 */
function pinnedMismatch(pack: Pack, level: LevelRuntime, fixed: Uint8Array, start: GameState): boolean {
  return level.goals.some((goal) => {
    const c = markerCheckOf(pack, goal);
    if (c === null) return false;
    const markers = start.layers[pack.layerIndex.get(c.markerLayer) ?? -1];
    const checked = start.layers[pack.layerIndex.get(c.checkLayer) ?? -1];
    if (markers === undefined) return false;
    return markers.some((m, i) => {
      if (m?.kind !== c.markerKind || !fixed[i]) return false;
      return !c.accepts(checked?.[i]);
    });
  });
}

/**
 * How many of each kind the goals need on the board at once, as groups: a group is met when the board
 * holds at least `count` entities of its kinds together outside the fixed cells. A target cell a goal
 * names (`cellTargets`) outside them needs its kind; a goal with an avatar target (`avatarTarget`)
 * needs one cell of its kind or tag.
 * Other goals need no kind.
 */
function goalNeeds(
  pack: Pack,
  level: LevelRuntime,
  fixed: Uint8Array | null,
): { kinds: number[]; count: number }[] {
  const needs: { kinds: number[]; count: number }[] = [];
  for (const goal of level.goals) {
    if (cellTargetsOf(pack, level, goal) !== null) {
      // Per goal, as two goals may want the same cells.
      const wanted = new Map<number, number>();
      for (const t of kindTargets(pack, level, goal)) {
        if (fixed?.[t.cell]) continue;
        wanted.set(t.kind, (wanted.get(t.kind) ?? 0) + 1);
      }
      for (const [kind, count] of wanted) needs.push({ kinds: [kind], count });
    } else if (avatarTargetOf(pack, goal) !== null) {
      const kinds = reachTargetKinds(pack, goal).map((k) => k.index);
      needs.push({ kinds, count: 1 });
    }
  }
  return needs;
}

/**
 * The level's goal supply (see `GoalSupply`), or `null` when there is nothing to watch: no goal needs
 * a kind the level cannot create, and no target lies on a cell that never changes (see `fixedCells`)
 * or behind a lock (see `targetLocks`), both told only with the level's start state. `null` too when
 * some system or rule cannot tell what it creates.
 */
export function goalSupply(pack: Pack, level: LevelRuntime, start?: GameState): GoalSupply | null {
  const creatable = creatableKinds(pack, level);
  if (creatable === null) return null;
  const byIndex = [...pack.kinds.values()];
  const fixed = start ? fixedCells(pack, level, start) : null;
  const never = start !== undefined && fixed !== null && pinnedMismatch(pack, level, fixed, start);
  const locks = start ? targetLocks(pack, level, start) : null;
  // Targets on fixed cells hold their kind for good, or never will.
  const pinned = fixed
    ? level.goals.flatMap((g) => kindTargets(pack, level, g)).filter((t) => fixed[t.cell])
    : [];
  // Groups with a creatable kind can always be met later.
  const scarce = goalNeeds(pack, level, fixed).filter(
    (need) => !need.kinds.some((k) => creatable.has(byIndex[k]?.name as string)),
  );
  if (scarce.length === 0 && pinned.length === 0 && !never && locks === null) return null;
  const watched = [...new Set(scarce.flatMap((n) => n.kinds))];
  const layers = [...new Set(watched.map((k) => byIndex[k]?.layerIndex as number))];
  const slot = new Int32Array(pack.kinds.size).fill(-1);
  watched.forEach((k, i) => {
    slot[k] = i;
  });
  // Counts per watched layer, outside the fixed cells (what stands there stays there), of the layer
  // array last counted: a turn that left a layer alone leaves its counts alone. Only the last: counting
  // a layer again costs less than remembering every layer met (a table keyed by millions of arrays
  // is work for the garbage collector in searches whose turns change a layer every time).
  const counted: (readonly (Entity | null)[] | null)[] = layers.map(() => null);
  const countsByLayer = layers.map(() => new Int32Array(watched.length));
  const countsOf = (l: number, cells: readonly (Entity | null)[]): Int32Array => {
    const counts = countsByLayer[l] as Int32Array;
    if (counted[l] === cells) return counts;
    counts.fill(0);
    for (let i = 0; i < cells.length; i++) {
      const e = cells[i];
      if (e === null || e === undefined || fixed?.[i]) continue;
      const s = slot[e.info.index] as number;
      if (s >= 0) counts[s] = (counts[s] as number) + 1;
    }
    counted[l] = cells;
    return counts;
  };
  const total = new Int32Array(watched.length);
  return {
    kinds: [
      ...new Set([
        ...[...watched, ...pinned.map((t) => t.kind)].map((k) => byIndex[k]?.name as string),
        ...(locks?.items ?? []),
      ]),
    ],
    short(state) {
      if (never || locks?.locked(state)) return true;
      for (const t of pinned)
        if ((state.layers[t.layer] as readonly (Entity | null)[])[t.cell]?.info.index !== t.kind) return true;
      total.fill(0);
      for (let l = 0; l < layers.length; l++) {
        const counts = countsOf(l, state.layers[layers[l] as number] as readonly (Entity | null)[]);
        for (let i = 0; i < counts.length; i++) total[i] = (total[i] as number) + (counts[i] as number);
      }
      for (const need of scarce) {
        let have = 0;
        for (const k of need.kinds) have += total[slot[k] as number] as number;
        if (have < need.count) return true;
      }
      return false;
    },
  };
}
