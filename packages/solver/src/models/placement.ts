import { type LevelRuntime, type Pack, Session } from "@gridponder/engine";
import type { AvatarStepRole } from "@gridponder/engine/search-contract";
import { fixedGroundKinds, slipperyGroundPossible } from "./facts/pending-move.js";
import { clearedGroundKind } from "./grid.js";
import { levelRoles } from "./level-roles.js";

/** Rule effects that put or move objects; any of them aimed at `objects` ends the analysis. */
const OBJECT_PLACING = new Set(["spawn", "set_cell", "transform", "move_entity"]);
const GROUND_WRITES = new Set(["spawn", "destroy", "transform", "set_cell", "move_entity"]);
/** Rule effects that move things in ways the analysis does not follow. */
const UNFOLLOWED = new Set(["release_from_emitter", "resolve_move", "apply_gravity"]);

/**
 * A level won by `all_cleared` of a ground kind (a plot) that only a rule clears, when a pushed object
 * of one kind (a carrier) is placed on it, using that object up: both kinds are read off the goal and
 * that rule as the level writes them, not assumed of any pack. Objects move
 * only by pushes, one cell and at most one push per action: the systems play the roles `avatar-step`,
 * `push`, `recall` (a marker off `ground` and `objects`) and `slide` without any slippery ground, now
 * or ever; no rule places objects. So each plot left needs its own carrier, and a carrier needs at least
 * as many pushes as its distance to the plot over cells a pushed object can ever enter.
 */
export interface PlacementLevel {
  /** The ground kind the goal clears, and the object kind whose placement clears it. */
  readonly target: string;
  readonly carrier: string;
  /** The layers `ground` and `objects`, by index. */
  readonly ground: number;
  readonly objects: number;
  /**
   * Ground kinds nothing ever changes that no pushed object can enter (no push accepts them), and
   * those the avatar can never stand on (void, or ground an `avatar-step` role refuses).
   */
  readonly walls: ReadonlySet<string>;
  readonly avatarWalls: ReadonlySet<string>;
}

/** The level as a placement level (see `PlacementLevel`), or `null` when it is not one. */
export function placementLevel(pack: Pack, level: LevelRuntime): PlacementLevel | null {
  const ground = pack.layerIndex.get("ground");
  const objects = pack.layerIndex.get("objects");
  if (ground === undefined || objects === undefined) return null;
  const groundId = pack.layers[ground]?.id;
  const target = clearedGroundKind(pack, level, ground);
  if (target === null) return null;
  const roles = levelRoles(pack, level);
  if (roles === null) return null;

  const pushes: { validTargetTags: readonly string[] }[] = [];
  const steps: AvatarStepRole[] = [];
  for (const role of roles) {
    if (role.role === "push") pushes.push(role.config);
    else if (role.role === "avatar-step") steps.push(role);
    else if (role.role === "recall") {
      if (role.markerLayer === groundId || role.markerLayer === "objects") return null;
    } else if (role.role === "slide") {
      // A slide carries a pushed object on: without slippery ground, now or ever, it does nothing.
      if (slipperyGroundPossible(pack, level, new Session(pack, level.id).initial, role.slipperyTag))
        return null;
    } else return null;
  }

  // Every rule that writes the ground must be a clearing rule: on an object of one kind placed where
  // the ground has a tag, at the event's position, using the object up. Rules must not place objects.
  let carrier: string | null = null;
  for (const rule of level.rules.all) {
    const source = rule.source;
    let writesGround = false;
    let consumes = false;
    for (const effect of source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      const f = raw ?? {};
      if (OBJECT_PLACING.has(name) && f.layer === "objects") return null;
      if (GROUND_WRITES.has(name) && f.layer === groundId) {
        if (name === "move_entity" || f.position !== "$event.position") return null;
        writesGround = true;
      }
      if (name === "destroy" && f.layer === "objects" && f.position === "$event.position") consumes = true;
      if (UNFOLLOWED.has(name)) return null;
    }
    if (!writesGround) continue;
    const where = source.where as Record<string, unknown> | undefined;
    const test = where?.position_has_tag as { layer?: unknown; tag?: unknown } | undefined;
    if (!where || Object.keys(where).length !== 1 || !test || test.layer !== groundId) return null;
    if (typeof test.tag !== "string") return null;
    if (!(pack.kinds.get(target)?.tags.has(test.tag) ?? false)) continue;
    // A rule that can write over the target: it must be the clearing rule.
    const condition = source.if as { event?: { kind?: unknown } } | undefined;
    const kind = condition?.event?.kind;
    if (source.on !== "object_placed" || typeof kind !== "string" || !consumes) return null;
    if (Object.keys(condition ?? {}).length !== 1 || Object.keys(condition?.event ?? {}).length !== 1)
      return null;
    if (carrier !== null && carrier !== kind) return null;
    carrier = kind;
  }
  if (carrier === null) return null;
  if (pack.kinds.get(carrier)?.layerIndex !== objects) return null;
  // Ground that nothing ever changes is a wall to a pushed object when no push accepts it, and to the
  // avatar when its one `avatar-step` role refuses it (void, or ground without its `validGroundTags`).
  const fixed = fixedGroundKinds(pack, level, ground);
  const step = steps.length === 1 ? (steps[0] as AvatarStepRole) : null;
  const walls = new Set<string>();
  const avatarWalls = new Set<string>();
  for (const name of fixed) {
    const tags = pack.kinds.get(name)?.tags ?? new Set<string>();
    if (!pushes.some((p) => p.validTargetTags.some((t) => tags.has(t)))) walls.add(name);
    if (step === null || step.groundLayer !== groundId) continue;
    if (
      name === "void" ||
      (step.validGroundTags.length > 0 && !step.validGroundTags.some((t) => tags.has(t)))
    )
      avatarWalls.add(name);
  }
  return { target, carrier, ground, objects, walls, avatarWalls };
}
