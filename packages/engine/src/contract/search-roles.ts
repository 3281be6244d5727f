import type { PushObjectsConfig } from "@gridponder/schema";

/**
 * The part a system plays in the relaxed models that searches build for lower bounds. A role is a
 * promise about everything a turn of the system can do; a relaxed model is built only for a level
 * whose every system declares a role the model covers, so a system type that declares none (or a
 * config that fits none) simply leaves its levels without that model. Custom systems may declare a
 * role too, and are then held to its promise: the solver's admissibility tests compare the bounds
 * with exact search on every shared level.
 */
export type SystemRole =
  | AvatarStepRole
  | PushRole
  | SlideRole
  | RecallRole
  | AreaGrowthRole
  | JoiningBoxesRole
  | TeleportRole;

/**
 * A turn of `moveAction` moves the avatar at most one cell, in one of `directions`, onto a cell whose ground (on
 * `groundLayer`) is not `void` and, when `validGroundTags` is not empty, has one of those tags. A step
 * into a solid object may be kept as the engine's pending move (see `PENDING_MOVE_MEMORY`) for a
 * `push` role to settle. It writes no layer and creates no kind.
 */
export interface AvatarStepRole {
  readonly role: "avatar-step";
  /** The action that steps (its `direction` param names the way). */
  readonly moveAction: string;
  readonly groundLayer: string;
  readonly validGroundTags: readonly string[];
  readonly directions: readonly string[];
}

/**
 * In the movement phase, settles the pending move and nothing else: a solid object on `objects` with a pushable tag moves one cell on, onto
 * empty ground with a valid target tag, and the avatar takes its cell (or a tool removes the object),
 * as `settlementOf` tells. No kind is created.
 */
export interface PushRole {
  readonly role: "push";
  readonly config: Required<PushObjectsConfig>;
}

/**
 * Whatever arrives on ground with `slipperyTag` with a direction keeps going that way, one cell per
 * cascade pass: the avatar (pushing a pushable object ahead of it) or, in a pass where the avatar did
 * not slide, an object just pushed. It reads and writes only `ground`, `objects` and the avatar.
 * Ground that never carries the tag makes the role do nothing.
 *
 * A step of the slide goes to the next cell in the arrival's direction, never off the board nor onto
 * `void` ground, and only as follows; otherwise the slide stops. The avatar moves onto a cell holding a
 * solid object only by pushing it one cell on, by the rules of the level's `push` role (a pushable
 * tag, onto ground with a valid target tag that holds no object), and onto any other cell only when its
 * ground has `ontoTag`. An object moves only onto ground with `ontoTag` that holds no solid object.
 */
export interface SlideRole {
  readonly role: "slide";
  readonly slipperyTag: string;
  /** The ground tag a slide needs to move onto a cell without pushing (see above). */
  readonly ontoTag: string;
}

/**
 * Action `action` drops a marker of `markerKind` on `markerLayer` under the avatar when there is none, or
 * else calls the avatar back to the marker's cell (arriving without a direction) and lifts it, unless
 * an object with one of `blockedByTags` stands on that cell of `objects`. It reads no other layer and
 * nothing about the cell the avatar leaves.
 */
export interface RecallRole {
  readonly role: "recall";
  readonly action: string;
  readonly markerLayer: string;
  readonly markerKind: string;
  readonly blockedByTags: readonly string[];
}

/**
 * Action `action` grows an area of `areaKind` cells on `layer`: it turns every cell of an `absorbs`
 * kind connected to the area through cells of `absorbs` kinds into `areaKind`, and is refused when
 * that changes nothing. It changes nothing else.
 */
export interface AreaGrowthRole {
  readonly role: "area-growth";
  readonly action: string;
  readonly layer: string;
  readonly areaKind: string;
  readonly absorbs: readonly string[];
}

/**
 * A turn of `moveAction` moves the avatar at most one cell and at most one entity with `jointTag` on
 * `layer` (a box) one cell, the same way: a box standing on the avatar's cell (carried along) or on
 * the cell it steps to (pushed on). A box moved onto another joins it: one box is left there, whose
 * number param `maskParam` is the bitwise or of the two. Boxes never split, and the role neither
 * creates one nor changes a box's param otherwise. It may remove other solid entities of `layer` (a
 * tool's work), and writes no other layer.
 */
export interface JoiningBoxesRole {
  readonly role: "joining-boxes";
  readonly moveAction: string;
  readonly layer: string;
  readonly jointTag: string;
  readonly maskParam: string;
}

/**
 * Moves the avatar, and entities of the `objects` layer, only from a cell holding an entity with one of
 * `teleportTags` to another such cell, and writes no other layer: with no such entity on the board, it
 * does nothing.
 */
export interface TeleportRole {
  readonly role: "teleport";
  readonly teleportTags: readonly string[];
}
