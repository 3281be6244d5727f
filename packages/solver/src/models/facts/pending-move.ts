import {
  DIRECTION_DELTAS,
  type Entity,
  type GameState,
  type LevelRuntime,
  type Pack,
  type PendingMove,
} from "@gridponder/engine";
import { directionDelta, PENDING_MOVE_MEMORY } from "@gridponder/engine/search-contract";
import { type PushObjectsConfig, parseValueRef } from "@gridponder/schema";
import { levelRoles } from "../level-roles.js";

/**
 * A state's pending move as far as later turns can tell, as a number: 0 when there is none or it can
 * never fire, otherwise one number per target cell and direction (or per target cell alone, when the
 * direction can no longer matter).
 */
export type PendingMoveKey = (state: GameState) => number;

/** Direction names in a fixed order (an unknown one numbers 0, as "any"). */
const DIRECTION_NAMES = Object.keys(DIRECTION_DELTAS);

/** Rule effects that create or move objects; with one of these aimed at `objects`, anything goes. */
const PLACING_EFFECTS = new Set(["spawn", "set_cell", "transform", "move_entity"]);
const UNANALYSED_EFFECTS = new Set(["release_from_emitter", "apply_gravity", "resolve_move"]);

interface Analysis {
  readonly width: number;
  readonly height: number;
  readonly objects: number;
  readonly ground: number | undefined;
  /** Ground kinds that no rule or system ever writes over (see `fixedGroundKinds`). */
  readonly fixedGround: ReadonlySet<string>;
  readonly pushes: readonly Required<PushObjectsConfig>[];
  /** Items some rule can hand out whatever the board holds (a literal, or an unreadable reference). */
  readonly grantedAnyway: ReadonlySet<string> | "any";
  /** Layers whose entity kinds a `$cell.<layer>.kind` reference can turn into a held item. */
  readonly grantingLayers: readonly number[];
  /** Whether some rule could tell the direction of the avatar's arrival (it mentions a direction). */
  readonly arrivalDirectionRead: boolean;
  /**
   * Whether objects can come and go at a pending move's target while it waits: on slippery ground the
   * avatar's slide pushes objects without settling the pending move.
   */
  readonly drift: boolean;
  /** Per push config, by kind index: whether it pushes that kind; and whether any push does. */
  readonly pushedBy: readonly Uint8Array[];
  readonly pushable: Uint8Array;
  /** Per push config, by kind index: whether a pushed object may enter ground of that kind. */
  readonly acceptedBy: readonly Uint8Array[];
  /** Every tool interaction of every push config: its item and, by kind index, what it targets. */
  readonly tools: readonly { readonly item: string; readonly targets: Uint8Array }[];
  readonly kindCount: number;
}

/**
 * Identifies pending moves by what they can still do. A solver that keys states by this instead of the
 * raw move merges states whose futures are the same; in games with the persistent pending move (a bump
 * into a rock stays armed until a pickaxe arrives) that shrinks the search space considerably.
 *
 * The argument, when its premises hold for the level:
 * - only the avatar's own pushes put objects into cells, and a push replaces the pending move; so while
 *   a move stays pending, no object arrives at its target cell and the object there (if any) keeps its
 *   kind (it can only be removed);
 * - so a move aimed at an empty cell never fires, and a move aimed at an object fires only if the object
 *   is pushable (and the cell beyond it is on the board) or a tool interaction targets it with an item
 *   the avatar holds now or can still pick up;
 * - the cell the move started from is never read; the direction matters for a push, and otherwise only
 *   to whoever reads the arrival's direction (no system among the premises does; a rule might).
 * With slippery ground under a `slide` role the first premise fails (see `driftingFire`). When the others
 * do not hold (other systems moving objects, rules spawning them, `resolve_move`), a pending move
 * counts whole but for its starting cell. The answer is valid for the states reachable from `start`.
 */
export function pendingMoveKey(pack: Pack, level: LevelRuntime, start: GameState): PendingMoveKey {
  const analysis = analyse(pack, level, start);
  // Directions by their place among the engine's directions, from 1; 0 stands for "any direction". A
  // fixed numbering, so every search of the level (in any thread) gives a state the same key.
  const code = (move: PendingMove, withDirection: boolean): number => {
    const d = withDirection ? DIRECTION_NAMES.indexOf(move.direction) + 1 : 0;
    return 1 + (move.to[1] * level.width + move.to[0]) + level.width * level.height * d;
  };
  return (state) => {
    const move = pendingMoveOf(state);
    if (move === null) return 0;
    if (analysis === null) return code(move, true);
    const fires = howItCanFire(analysis, state, move);
    if (fires === "never") return 0;
    // Entering the target with a direction may start a slide, so under drift the direction counts.
    return code(move, fires === "push" || analysis.arrivalDirectionRead || analysis.drift);
  };
}

function pendingMoveOf(state: GameState): PendingMove | null {
  const move = state.memory[PENDING_MOVE_MEMORY];
  return move === undefined || move === null ? null : (move as PendingMove);
}

function howItCanFire(analysis: Analysis, state: GameState, move: PendingMove): "never" | "push" | "tool" {
  const [x, y] = move.to;
  const cells = state.layers[analysis.objects] as readonly (Entity | null)[];
  const blocker = cells[y * analysis.width + x] ?? null;
  if (analysis.drift) return driftingFire(analysis, state, move, blocker);
  if (blocker === null) return "never";
  const kind = blocker.info.index;
  const beyond = beyondOf(analysis, state, move);
  for (let i = 0; i < analysis.pushes.length; i++) {
    if (beyond === OFF_BOARD || (analysis.pushedBy[i] as Uint8Array)[kind] !== 1) continue;
    if (!accepts(analysis, i, beyond)) continue;
    return "push";
  }
  for (const tool of analysis.tools)
    if (tool.targets[kind] === 1 && holdable(analysis, state, tool.item)) return "tool";
  return "never";
}

/** `beyondOf` for a cell off the board (there is none beyond, ever). */
const OFF_BOARD = -2;
/** `beyondOf` for a cell on the board whose ground may change (or that has none). */
const UNFIXED = -1;

/**
 * The cell a pending push would move its object into: `OFF_BOARD`, `UNFIXED` when its ground is none
 * or one that may change, else the kind index of its ground, one nothing ever changes (see
 * `fixedGroundKinds`).
 */
function beyondOf(analysis: Analysis, state: GameState, move: PendingMove): number {
  const delta = directionDelta(move.direction);
  if (delta === undefined) return OFF_BOARD;
  const x = move.to[0] + delta[0];
  const y = move.to[1] + delta[1];
  if (x < 0 || y < 0 || x >= analysis.width || y >= analysis.height) return OFF_BOARD;
  if (analysis.ground === undefined) return UNFIXED;
  const ground =
    (state.layers[analysis.ground] as readonly (Entity | null)[])[y * analysis.width + x] ?? null;
  return ground !== null && analysis.fixedGround.has(ground.kind) ? ground.info.index : UNFIXED;
}

/** Whether push config `i` may move an object into the cell `beyondOf` described (on the board). */
function accepts(analysis: Analysis, i: number, beyond: number): boolean {
  return beyond === UNFIXED || (analysis.acceptedBy[i] as Uint8Array)[beyond] === 1;
}

/** The pushable kinds on the objects layer last looked at, by kind index (see `pushableOn`). */
let lastObjects: readonly (Entity | null)[] | null = null;
let lastAnalysis: Analysis | null = null;
let lastPushable = new Uint8Array(0);

/**
 * Which pushable kinds stand on an objects layer, by kind index. Remembered for the last layer: a
 * search keys the successors of one state one after another, and they mostly share their layers.
 */
function pushableOn(analysis: Analysis, cells: readonly (Entity | null)[]): Uint8Array {
  if (cells === lastObjects && analysis === lastAnalysis) return lastPushable;
  const present =
    lastPushable.length === analysis.kindCount ? lastPushable.fill(0) : new Uint8Array(analysis.kindCount);
  for (let i = 0; i < cells.length; i++) {
    const e = cells[i];
    if (e !== null && e !== undefined && analysis.pushable[e.info.index] === 1) present[e.info.index] = 1;
  }
  lastObjects = cells;
  lastAnalysis = analysis;
  lastPushable = present;
  return present;
}

/** Whether some kind is marked in both tables. */
function overlap(a: Uint8Array, b: Uint8Array): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] === 1 && b[k] === 1) return true;
  return false;
}

/**
 * `howItCanFire` when objects drift: the object on the target may leave and any pushable object may
 * arrive, so a push stays possible while the cell beyond can ever take one, and a tool while the avatar
 * can hold it and an object it targets can stand there (the one there now, or a pushable one).
 */
function driftingFire(
  analysis: Analysis,
  state: GameState,
  move: PendingMove,
  blocker: Entity | null,
): "never" | "push" | "tool" {
  const beyond = beyondOf(analysis, state, move);
  const kind = blocker === null ? -1 : blocker.info.index;
  let movers: Uint8Array | null = null;
  for (let i = 0; i < analysis.pushes.length; i++) {
    if (beyond === OFF_BOARD || !accepts(analysis, i, beyond)) continue;
    const pushed = analysis.pushedBy[i] as Uint8Array;
    if (kind >= 0 && pushed[kind] === 1) return "push";
    movers ??= pushableOn(analysis, state.layers[analysis.objects] as readonly (Entity | null)[]);
    if (overlap(movers, pushed)) return "push";
  }
  for (const tool of analysis.tools) {
    if (!holdable(analysis, state, tool.item)) continue;
    if (kind >= 0 && tool.targets[kind] === 1) return "tool";
    movers ??= pushableOn(analysis, state.layers[analysis.objects] as readonly (Entity | null)[]);
    if (overlap(movers, tool.targets)) return "tool";
  }
  return "never";
}

function holdable(analysis: Analysis, state: GameState, item: string): boolean {
  if (state.avatar.item === item) return true;
  const granted = analysis.grantedAnyway;
  if (granted === "any" || granted.has(item)) return true;
  for (const layer of analysis.grantingLayers) {
    for (const e of state.layers[layer] ?? []) if (e !== null && e.kind === item) return true;
  }
  return false;
}

function analyse(pack: Pack, level: LevelRuntime, start: GameState): Analysis | null {
  const objects = pack.layerIndex.get("objects");
  if (objects === undefined) return null;
  // Only the avatar's own push (and a slide on ice) may put an object into a cell of `objects`.
  const roles = levelRoles(pack, level);
  if (roles === null) return null;
  const pushes: Required<PushObjectsConfig>[] = [];
  let drift = false;
  for (const role of roles) {
    if (role.role === "push") pushes.push(role.config);
    else if (role.role === "recall") {
      if (role.markerLayer === "objects") return null;
    } else if (role.role === "slide") {
      if (slipperyGroundPossible(pack, level, start, role.slipperyTag)) drift = true;
    } else if (role.role !== "avatar-step") return null;
  }
  const granted = new Set<string>();
  let grantsAny = false;
  let arrivalDirectionRead = false;
  const grantingLayers = new Set<number>();
  for (const rule of level.rules.all) {
    if (JSON.stringify(rule.source).includes("direction")) arrivalDirectionRead = true;
    for (const effect of rule.source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      const f = raw ?? {};
      if (UNANALYSED_EFFECTS.has(name)) return null;
      if (PLACING_EFFECTS.has(name) && f.layer === "objects") return null;
      if (name !== "set_inventory") continue;
      const item = f.item;
      if (typeof item !== "string" || !item.startsWith("$")) {
        if (typeof item === "string") granted.add(item);
        continue;
      }
      const ref = parseValueRef(item);
      if ("error" in ref) grantsAny = true;
      else if (ref.source === "cell" && ref.field === "kind") {
        const layer = pack.layerIndex.get(ref.layer);
        // Kinds on another layer than `objects` may be created by rules; only `objects` is settled.
        if (layer === objects) grantingLayers.add(layer);
        else grantsAny = true;
      } else if (ref.source !== "avatar") grantsAny = true;
    }
  }
  const ground = pack.layerIndex.get("ground");
  const kindCount = pack.kinds.size;
  const byKind = (test: (tags: ReadonlySet<string>) => boolean): Uint8Array => {
    const table = new Uint8Array(kindCount);
    for (const kind of pack.kinds.values()) table[kind.index] = test(kind.tags) ? 1 : 0;
    return table;
  };
  const pushedBy = pushes.map((p) => byKind((tags) => p.pushableTags.some((t) => tags.has(t))));
  return {
    kindCount,
    pushedBy,
    pushable: byKind((tags) => pushes.some((p) => p.pushableTags.some((t) => tags.has(t)))),
    acceptedBy: pushes.map((p) => byKind((tags) => p.validTargetTags.some((t) => tags.has(t)))),
    tools: pushes.flatMap((p) =>
      p.toolInteractions.map((tool) => ({
        item: tool.item,
        targets: byKind((tags) => tags.has(tool.targetTag)),
      })),
    ),
    width: level.width,
    height: level.height,
    objects,
    ground,
    fixedGround: ground === undefined ? new Set() : fixedGroundKinds(pack, level, ground),
    pushes,
    grantedAnyway: grantsAny ? "any" : granted,
    grantingLayers: [...grantingLayers],
    arrivalDirectionRead,
    drift,
  };
}

const GROUND_WRITES = new Set(["spawn", "destroy", "transform", "set_cell"]);

/**
 * The ground kinds nothing ever writes over. Of the systems, only a recall marker living on the ground
 * writes it (see `SystemRole`); a system that plays no role may write anything, so none is fixed. A rule may write the ground
 * only at its event's position and only behind a `where` that asks for a ground tag: a cell whose kind
 * lacks every such tag never matches, so it keeps its kind. Any other ground write fixes nothing.
 */
export function fixedGroundKinds(pack: Pack, level: LevelRuntime, ground: number): ReadonlySet<string> {
  const none = new Set<string>();
  const groundId = pack.layers[ground]?.id;
  const roles = levelRoles(pack, level);
  if (roles === null) return none;
  for (const role of roles) {
    if (role.role === "recall" && role.markerLayer === groundId) return none;
    if (role.role === "area-growth" && role.layer === groundId) return none;
  }
  const writableTags = new Set<string>();
  for (const rule of level.rules.all) {
    for (const effect of rule.source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      const f = raw ?? {};
      if (name === "move_entity" && f.layer === groundId) return none;
      if (!GROUND_WRITES.has(name) || f.layer !== groundId) continue;
      if (f.position !== "$event.position") return none;
      const where = rule.source.where as Record<string, unknown> | undefined;
      const test = where?.position_has_tag as { layer?: unknown; tag?: unknown } | undefined;
      if (!where || Object.keys(where).length !== 1 || !test || test.layer !== groundId) return none;
      if (typeof test.tag !== "string") return none;
      writableTags.add(test.tag);
    }
  }
  const fixed = new Set<string>();
  for (const kind of pack.kinds.values()) {
    if (kind.layerIndex !== ground) continue;
    if (![...writableTags].some((t) => kind.tags.has(t))) fixed.add(kind.name);
  }
  return fixed;
}

/** Whether a slide role can ever find slippery ground: on the board now, or made by some rule. */
export function slipperyGroundPossible(
  pack: Pack,
  level: LevelRuntime,
  start: GameState,
  tag: string,
): boolean {
  for (const layer of start.layers) for (const e of layer) if (e?.info.tags.has(tag)) return true;
  for (const rule of level.rules.all) {
    for (const effect of rule.source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      if (!PLACING_EFFECTS.has(name)) continue;
      const kind = raw?.[name === "transform" ? "toKind" : "kind"];
      if (typeof kind !== "string" || kind.startsWith("$")) return true;
      if (pack.kinds.get(kind)?.tags.has(tag)) return true;
    }
  }
  return false;
}
