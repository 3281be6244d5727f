import type { GameState, LevelRuntime, Pack, Params } from "@gridponder/engine";
import type { JoiningBoxesRole } from "@gridponder/engine/search-contract";
import { creatableKinds } from "./facts/creatable-kinds.js";
import { markerCheckOf } from "./goal-declarations.js";
import { levelRoles } from "./level-roles.js";

/** Rule effects that write no layer. */
const LAYERLESS = new Set(["set_variable", "increment_variable", "set_inventory", "clear_inventory"]);
/** Rule effects that write one named layer at one cell. */
const LAYER_WRITES = new Set(["destroy", "transform", "spawn", "set_cell"]);

/**
 * A level won by joined boxes (see `joiningBoxesLevel`): every target cell must end up holding one
 * box whose mask is the target's, and boxes move only by the level's one `joining-boxes` role.
 */
export interface JoiningBoxesLevel {
  /** The boxes' layer, by index. */
  readonly layer: number;
  readonly jointTag: string;
  readonly maskParam: string;
  /** The target cells (row-major), each with the mask its box must have. */
  readonly targets: readonly { readonly cell: number; readonly mask: number }[];
}

/** The mask a box carries, as a 32-bit integer (0 when its param is no number). */
export function maskOf(params: Params | null, maskParam: string): number {
  const value = params !== null && Object.hasOwn(params, maskParam) ? params[maskParam] : undefined;
  // As the joining does it: the bitwise or of numbers, anything else counting as no walls.
  return typeof value === "number" ? value | 0 : 0;
}

/**
 * The level's one `joining-boxes` role and the tags of its `teleport` roles, when those are all the
 * roles its systems play; else `null`. It needs no state, so callers can ask it before making one.
 */
export function joiningBoxesRole(
  pack: Pack,
  level: LevelRuntime,
): { role: JoiningBoxesRole; teleportTags: ReadonlySet<string> } | null {
  const roles = levelRoles(pack, level);
  if (roles === null) return null;
  const joining = roles.filter((r): r is JoiningBoxesRole => r.role === "joining-boxes");
  if (joining.length !== 1) return null;
  const teleportTags = new Set<string>();
  for (const r of roles) {
    if (r.role === "teleport") for (const t of r.teleportTags) teleportTags.add(t);
    else if (r.role !== "joining-boxes") return null;
  }
  return { role: joining[0] as JoiningBoxesRole, teleportTags };
}

/**
 * The joining-boxes analysis of a level, or `null` when it does not apply. It applies when:
 * - one system plays the `joining-boxes` role, and every other one the `teleport` role with no entity
 *   carrying a teleport tag on the board at the start and no such kind creatable, so it does nothing;
 * - every goal declares a marker check (`markerCheck`) that wants one box kind with a whole-number
 *   mask (`wants`) on the boxes' layer, under markers on another layer;
 * - every rule effect writes no layer, or writes neither the boxes' layer nor the markers' layers,
 *   or is a `destroy` off the markers' layers (a box that goes away only leaves fewer to join).
 * Then the markers never move, boxes never appear, and a turn moves at most one box one cell.
 */
export function joiningBoxesLevel(
  pack: Pack,
  level: LevelRuntime,
  start: GameState,
): JoiningBoxesLevel | null {
  const played = joiningBoxesRole(pack, level);
  if (played === null) return null;
  const { role, teleportTags } = played;
  if (teleportTags.size > 0) {
    const creatable = creatableKinds(pack, level);
    if (creatable === null) return null;
    const teleporting = (tags: ReadonlySet<string>) => [...teleportTags].some((t) => tags.has(t));
    for (const name of creatable) if (teleporting(pack.kinds.get(name)?.tags ?? new Set())) return null;
    for (const cells of start.layers) for (const e of cells) if (e && teleporting(e.info.tags)) return null;
  }
  const layer = pack.layerIndex.get(role.layer);
  if (layer === undefined) return null;

  const targets: { cell: number; mask: number }[] = [];
  const markerLayers = new Set<string>();
  for (const goal of level.goals) {
    const check = markerCheckOf(pack, goal);
    const wants = check?.wants;
    if (!check || !wants || check.checkLayer !== role.layer) return null;
    if (check.markerLayer === role.layer || check.markerLayer === "objects") return null;
    const value = wants.value;
    if (wants.param !== role.maskParam || typeof value !== "number" || !Number.isInteger(value)) return null;
    if (value < 0 || value > 0x3fffffff) return null;
    if (!(pack.kinds.get(wants.kind)?.tags.has(role.jointTag) ?? false)) return null;
    const markers = start.layers[pack.layerIndex.get(check.markerLayer) ?? -1];
    if (markers === undefined) return null;
    markerLayers.add(check.markerLayer);
    markers.forEach((m, cell) => {
      // One box meets every goal that wants its mask at its cell.
      if (m?.kind === check.markerKind && !targets.some((t) => t.cell === cell && t.mask === value))
        targets.push({ cell, mask: value });
    });
  }
  if (targets.length === 0) return null;

  for (const rule of level.rules.all) {
    for (const effect of rule.source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, { layer?: unknown } | null];
      if (LAYERLESS.has(name)) continue;
      if (!LAYER_WRITES.has(name) || typeof raw?.layer !== "string") return null;
      if (markerLayers.has(raw.layer)) return null;
      if (raw.layer === role.layer && name !== "destroy") return null;
    }
  }
  return { layer, jointTag: role.jointTag, maskParam: role.maskParam, targets };
}
