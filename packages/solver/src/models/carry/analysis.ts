import { type GameState, type LevelRuntime, type Pack, Session } from "@gridponder/engine";
import type { AvatarStepRole, SlideRole } from "@gridponder/engine/search-contract";
import type { PushObjectsConfig } from "@gridponder/schema";
import { clearedGroundKind, DIRECTION_NAMES, ORTHOGONAL_STEPS } from "../grid.js";
import { levelRoles } from "../level-roles.js";

/**
 * Rule effects the relaxation understands (each aimed at the event's position, see `analyseRules`):
 * the effects of the DSL core, not of any system.
 */
const KNOWN_EFFECTS = new Set(["set_inventory", "clear_inventory", "destroy", "transform"]);

/**
 * What the relaxed model of a carry level needs to know, per board cell (row-major, `width` wide).
 * Everything here over-approximates: a flag is set when the thing is possible at some point of some
 * play, so the relaxed model allows at least every move the engine can make (see `model.ts`).
 */
export interface CarryLevel {
  readonly width: number;
  readonly height: number;
  readonly cells: number;
  readonly ground: number;
  readonly objects: number;
  /** The ground kind the goal clears and the object kind whose placement clears it. */
  readonly target: string;
  readonly carrier: string;
  /** Per cell and direction: the neighbouring cell, or -1 off the board. */
  readonly neighbour: Int32Array;
  /** The avatar may stand here (ground that can be other than void). */
  readonly avatarCell: Uint8Array;
  /** A push may move a carrier into this cell (its ground can carry a valid target tag). */
  readonly pushInto: Uint8Array;
  /**
   * The avatar or a carrier sliding may move into this cell without pushing: its ground can carry the
   * slide role's `ontoTag` (see `SlideRole`). All zero without a slide role, where nothing slides.
   */
  readonly slideInto: Uint8Array;
  /** The ground can be slippery. */
  readonly slippery: Uint8Array;
  /** A rule other than the planting one may destroy a carrier placed here (water that drowns it). */
  readonly destroys: Uint8Array;
  /** Plot number per cell (cells of the target kind at the start), or -1. */
  readonly plot: Int32Array;
  readonly plots: readonly number[];
  /**
   * Cells whose entry can let a stale pending move fire on the next turn: a pickup (a tool now held),
   * ground whose push validity can change. (A slide that pushes objects about can too, anywhere.)
   */
  readonly enabling: Uint8Array;
  /** The push system's configuration, to tell whether a pending move fires on the next turn. */
  readonly push: Required<PushObjectsConfig>;
  /** The twin marker's layer; `null` without one. */
  readonly marker: { readonly layer: number } | null;
  /** Per direction number: its name when the avatar may move that way, else "". */
  readonly directions: readonly string[];
  /**
   * Pickups whose presence the model may track (see `RelaxedLayout`): objects that hand out `item`
   * when the avatar enters their cell and vanish then, and that nothing else can reach (no ground
   * beside them can be slippery, so nothing slides onto them; pushes need an empty cell).
   */
  readonly pickups: readonly { readonly cell: number; readonly item: string }[];
  /**
   * Solid objects that never move (not pushable, or with no cell to be pushed to) and that only a
   * tool interaction removes: with `items` empty nothing ever does. While the avatar has held none of
   * the items, the cell is a wall. Objects a tool removes whose item can come from anywhere but a
   * listed pickup are not listed.
   */
  readonly walls: readonly { readonly cell: number; readonly items: readonly string[] }[];
}

interface RuleFacts {
  readonly transforms: { readonly whereTag: string | null; readonly toKind: string }[];
  readonly carrierDestroyTags: (string | null)[];
  readonly pickupWhere: { readonly layer: string; readonly tag: string }[] | "anywhere";
  /**
   * Items handed out by the objects with a tag on the objects layer, the rule destroying the object
   * it read (the item is the object's kind). Every other hand-out is in `looseItems`: its literal
   * items, or `null` for any item.
   */
  readonly pickupTags: readonly string[];
  readonly looseItems: readonly string[] | null;
}

/**
 * Recognises a carry level the relaxed model covers: won by `all_cleared` of one ground kind that a
 * rule clears when a pushed carrier object is placed on it (the planting rule); systems whose roles
 * (see `SystemRole`) are one `avatar-step` and one `push`, at most one `recall` (a marker off the
 * objects and ground layers) and at most one `slide`; rules that only hand out or take items, destroy at the
 * event's position and transform ground there. Returns `null` otherwise.
 *
 * Nothing here is assumed of a level's style; each thing the model names is read off declarations
 * and checked, and the level is refused where the check fails:
 * - the carriers are the one object kind the planting rule (as written in the level's rules) names
 *   in its `object_placed` event, checked solid and pushable by the push role's config;
 * - the plots are the cells of the goal's ground kind at the start: `all_cleared` asks for all of
 *   them, and only the planting rule clears one (no rule or role may write that kind);
 * - the marker is the recall role's (`RecallRole.markerLayer`), on a layer apart from ground and
 *   objects, so it blocks nothing the model tracks;
 * - the pickups are the objects a rule hands out as items on `avatar_entered` and destroys there;
 *   they stay put because no kind that hands out an item is pushable, and no slippery ground is
 *   beside one (the slide role moves objects only across slippery ground);
 * - the walls are solid objects the push role cannot move, which only its tool interactions remove
 *   (the `push` and `avatar-step` roles promise nothing else enters or removes a solid object).
 */
export function analyseCarryLevel(pack: Pack, level: LevelRuntime, start?: GameState): CarryLevel | null {
  const ground = pack.layerIndex.get("ground");
  const objects = pack.layerIndex.get("objects");
  if (ground === undefined || objects === undefined) return null;
  const groundId = pack.layers[ground]?.id ?? "ground";
  const target = clearedGroundKind(pack, level, ground);
  if (target === null) return null;
  if (level.loseConditions.length > 0) return null;

  const roles = levelRoles(pack, level);
  if (roles === null) return null;
  let push: Required<PushObjectsConfig> | null = null;
  let navigation: AvatarStepRole | null = null;
  let marker: CarryLevel["marker"] = null;
  let slide: SlideRole | null = null;
  let markerBlockedBy: readonly string[] | null = null;
  for (const role of roles) {
    if (role.role === "push") {
      if (push !== null) return null;
      push = role.config;
    } else if (role.role === "avatar-step") {
      if (navigation !== null) return null;
      navigation = role;
    } else if (role.role === "recall") {
      if (marker !== null) return null;
      const layer = pack.layerIndex.get(role.markerLayer);
      if (layer === undefined || layer === ground || layer === objects) return null;
      marker = { layer };
      markerBlockedBy = role.blockedByTags;
    } else if (role.role === "slide") {
      if (slide !== null) return null;
      slide = role;
    } else return null;
  }
  if (push === null || navigation === null) return null;
  if (navigation.groundLayer !== groundId) return null;
  const validGround = navigation.validGroundTags;
  const allowed = navigation.directions;

  const facts = analyseRules(pack, level, groundId, target);
  if (facts === null) return null;
  const carrier = facts.carrier;
  const carrierTags = pack.kinds.get(carrier)?.tags;
  if (carrierTags === undefined || pack.kinds.get(carrier)?.layerIndex !== objects) return null;
  // A carrier is solid and pushable, no tool removes it, and it blocks the marker's recall.
  if (!carrierTags.has("solid") || !push.pushableTags.some((t) => carrierTags.has(t))) return null;
  if (push.toolInteractions.some((t) => carrierTags.has(t.targetTag))) return null;
  // A carrier on the marker must block the recall, or the avatar could land on a carrier.
  if (markerBlockedBy !== null && !markerBlockedBy.some((t) => carrierTags.has(t))) return null;

  const state = start ?? new Session(pack, level.id).initial;
  const { width, height } = level;
  const cells = width * height;
  const groundCells = state.layers[ground] ?? [];
  const objectCells = state.layers[objects] ?? [];
  // Ground kinds each cell can ever have: its kind at the start, closed under the transforms.
  const possible: Set<string>[] = [];
  for (let i = 0; i < cells; i++) possible.push(new Set([groundCells[i]?.kind ?? ""]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const kinds of possible) {
      for (const t of facts.transforms) {
        if (kinds.has(t.toKind)) continue;
        if (t.whereTag !== null && ![...kinds].some((k) => pack.kinds.get(k)?.tags.has(t.whereTag as string)))
          continue;
        kinds.add(t.toKind);
        changed = true;
      }
    }
  }
  const can = (i: number, test: (tags: ReadonlySet<string>, kind: string) => boolean) =>
    [...(possible[i] as Set<string>)].some((k) => test(pack.kinds.get(k)?.tags ?? new Set(), k));
  const all = (i: number, test: (tags: ReadonlySet<string>, kind: string) => boolean) =>
    [...(possible[i] as Set<string>)].every((k) => test(pack.kinds.get(k)?.tags ?? new Set(), k));
  const flags = () => new Uint8Array(cells);
  const neighbour = new Int32Array(cells * 4).fill(-1);
  const avatarCell = flags();
  const pushInto = flags();
  const slideInto = flags();
  const slippery = flags();
  const destroys = flags();
  const enabling = flags();
  const plot = new Int32Array(cells).fill(-1);
  const plots: number[] = [];
  for (let i = 0; i < cells; i++) {
    const x = i % width;
    const y = (i - x) / width;
    ORTHOGONAL_STEPS.forEach(([dx, dy], d) => {
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < width && ny < height) neighbour[i * 4 + d] = ny * width + nx;
    });
    const notVoid = (_: ReadonlySet<string>, kind: string) => kind !== "void";
    avatarCell[i] = can(
      i,
      (tags, kind) => kind !== "void" && (validGround.length === 0 || validGround.some((t) => tags.has(t))),
    )
      ? 1
      : 0;
    pushInto[i] = can(i, (tags) => push.validTargetTags.some((t) => tags.has(t))) ? 1 : 0;
    if (slide !== null) {
      const { ontoTag, slipperyTag } = slide;
      slideInto[i] = can(i, (tags, kind) => notVoid(tags, kind) && tags.has(ontoTag)) ? 1 : 0;
      slippery[i] = can(i, (tags) => tags.has(slipperyTag)) ? 1 : 0;
    }
    destroys[i] = facts.carrierDestroyTags.some((tag) => tag === null || can(i, (tags) => tags.has(tag)))
      ? 1
      : 0;
    if (groundCells[i]?.kind === target) {
      plot[i] = plots.length;
      plots.push(i);
    }
    // Push validity that can change lets a stale push fire: the change happens where the turn ends.
    const valid = (tags: ReadonlySet<string>) => push.validTargetTags.some((t) => tags.has(t));
    if (!all(i, valid) && can(i, valid)) enabling[i] = 1;
    if (facts.pickupWhere === "anywhere") enabling[i] = 1;
    else
      for (const where of facts.pickupWhere) {
        if (where.layer === groundId && can(i, (tags) => tags.has(where.tag))) enabling[i] = 1;
        if (where.layer === pack.layers[objects]?.id && objectCells[i]?.info.tags.has(where.tag))
          enabling[i] = 1;
      }
  }
  if (plots.length === 0 || plots.length > 8) return null;
  // Pickups must stay where they start: no pushable kind carries a tag that hands out an item.
  if (facts.pickupWhere !== "anywhere") {
    for (const where of facts.pickupWhere) {
      if (where.layer === groundId) continue;
      if (where.layer !== pack.layers[objects]?.id) return null;
      for (const kind of pack.kinds.values())
        if (kind.tags.has(where.tag) && push.pushableTags.some((t) => kind.tags.has(t))) return null;
    }
  }
  const directions = DIRECTION_NAMES.map((name) => (allowed.includes(name) ? name : ""));
  const { pickups, walls } = toolGates(state, facts, push, carrier, objects, {
    width,
    height,
    neighbour,
    avatarCell,
    pushInto,
    slippery,
  });
  return {
    width,
    height,
    cells,
    ground,
    objects,
    target,
    carrier,
    neighbour,
    avatarCell,
    pushInto,
    slideInto,
    slippery,
    destroys,
    plot,
    plots,
    enabling,
    push,
    marker,
    directions,
    pickups,
    walls,
  };
}

/**
 * The pickups and walls of a carry level (see `CarryLevel`). An item counts as held from the start
 * (so nothing it removes is a wall) when the avatar starts with it, a rule hands it out other than
 * from a pickup, or one of its pickups is not tracked (something could slide onto it).
 */
function toolGates(
  state: GameState,
  facts: RuleFacts,
  push: Required<PushObjectsConfig>,
  carrier: string,
  objects: number,
  board: Pick<CarryLevel, "width" | "height" | "neighbour" | "avatarCell" | "pushInto" | "slippery">,
): Pick<CarryLevel, "pickups" | "walls"> {
  const { neighbour, avatarCell, pushInto, slippery } = board;
  const cells = board.width * board.height;
  const objectCells = state.layers[objects] ?? [];
  const loose = facts.looseItems;
  const held = new Set<string>(loose ?? []);
  if (state.avatar.item !== null) held.add(state.avatar.item);
  const pickups: { cell: number; item: string }[] = [];
  for (let i = 0; i < cells; i++) {
    const e = objectCells[i];
    if (!e || !facts.pickupTags.some((t) => e.info.tags.has(t))) continue;
    let reachable = false;
    for (let d = 0; d < 4; d++) {
      const n = neighbour[i * 4 + d] as number;
      if (n >= 0 && slippery[n] === 1) reachable = true;
    }
    if (reachable) held.add(e.kind);
    else pickups.push({ cell: i, item: e.kind });
  }
  const walls: { cell: number; items: string[] }[] = [];
  for (let i = 0; i < cells; i++) {
    const e = objectCells[i];
    if (!e || e.kind === carrier || !e.info.tags.has("solid")) continue;
    if (push.pushableTags.some((t) => e.info.tags.has(t))) {
      let moves = false;
      for (let d = 0; d < 4; d++) {
        const to = neighbour[i * 4 + d] as number;
        const back = neighbour[i * 4 + (d ^ 1)] as number;
        if (to >= 0 && back >= 0 && pushInto[to] === 1 && avatarCell[back] === 1) moves = true;
      }
      if (moves) continue;
    }
    const items = [
      ...new Set(push.toolInteractions.filter((t) => e.info.tags.has(t.targetTag)).map((t) => t.item)),
    ];
    if (items.length > 0 && (loose === null || items.some((item) => held.has(item)))) continue;
    walls.push({ cell: i, items });
  }
  return { pickups, walls };
}

/**
 * Reads the rules: the planting rule (on a carrier placed on ground with the target's tag: the ground
 * transformed, the carrier destroyed), other rules that may destroy a carrier where it is placed, the
 * ground transforms any rule makes, and where items are handed out. `null` for anything else: a rule
 * that places objects, writes the target kind, or acts anywhere but at its event's position.
 */
function analyseRules(
  pack: Pack,
  level: LevelRuntime,
  groundId: string,
  target: string,
): (RuleFacts & { carrier: string }) | null {
  let carrier: string | null = null;
  const transforms: RuleFacts["transforms"] = [];
  const destroyTags: { tag: string | null; kind: string | null; plants: boolean }[] = [];
  const pickupWhere: { layer: string; tag: string }[] = [];
  let pickupAnywhere = false;
  const pickupTags: string[] = [];
  let looseItems: string[] | null = [];
  for (const rule of level.rules.all) {
    const source = rule.source;
    const where = source.where as Record<string, unknown> | undefined;
    const test = where?.position_has_tag as { layer?: unknown; tag?: unknown } | undefined;
    if (where !== undefined && (Object.keys(where).length !== 1 || test === undefined)) return null;
    const whereLayer = typeof test?.layer === "string" ? test.layer : null;
    const whereTag = typeof test?.tag === "string" ? test.tag : null;
    if (test !== undefined && (whereLayer === null || whereTag === null)) return null;
    const condition = source.if as { event?: { kind?: unknown } } | undefined;
    const eventKind = typeof condition?.event?.kind === "string" ? condition.event.kind : null;
    let plants = false;
    let destroysObject = false;
    for (const effect of source.then) {
      const [name, raw] = Object.entries(effect)[0] as [string, Record<string, unknown> | undefined];
      const f = raw ?? {};
      if (!KNOWN_EFFECTS.has(name)) return null;
      if (name === "set_inventory") {
        if (source.on !== "avatar_entered") return null;
        if (whereLayer === null) pickupAnywhere = true;
        else pickupWhere.push({ layer: whereLayer, tag: whereTag as string });
        const destroysHere = source.then.some((e) => {
          const d = (e as { destroy?: Record<string, unknown> }).destroy;
          return d !== undefined && d.layer === "objects" && d.position === "$event.position";
        });
        if (f.item === "$cell.objects.kind" && whereLayer === "objects" && destroysHere)
          pickupTags.push(whereTag as string);
        else if (typeof f.item === "string" && !f.item.startsWith("$")) looseItems?.push(f.item);
        else looseItems = null;
        continue;
      }
      if (name === "clear_inventory") continue;
      if (f.position !== "$event.position") return null;
      if (name === "transform") {
        if (f.layer !== groundId) return null;
        if (source.on !== "avatar_entered" && source.on !== "object_placed") return null;
        const toKind = String(f.toKind);
        if (toKind === target || pack.kinds.get(toKind)?.layerIndex === undefined) return null;
        transforms.push({ whereTag: whereLayer === groundId ? whereTag : null, toKind });
        if (whereLayer === groundId && pack.kinds.get(target)?.tags.has(whereTag as string)) plants = true;
      } else if (name === "destroy") {
        if (f.layer === groundId) return null;
        if (f.layer === "objects") destroysObject = true;
      }
    }
    if (!destroysObject) continue;
    // Destroying what the avatar walks onto never touches a carrier: carriers are solid.
    if (source.on === "avatar_entered") continue;
    if (source.on !== "object_placed") return null;
    if (plants) {
      if (eventKind === null || (carrier !== null && carrier !== eventKind)) return null;
      if (Object.keys(condition ?? {}).length !== 1 || Object.keys(condition?.event ?? {}).length !== 1)
        return null;
      carrier = eventKind;
    }
    destroyTags.push({ tag: whereLayer === groundId ? whereTag : null, kind: eventKind, plants });
  }
  if (carrier === null) return null;
  const carrierDestroyTags: (string | null)[] = [];
  for (const d of destroyTags) {
    if (d.plants || (d.kind !== null && d.kind !== carrier)) continue;
    carrierDestroyTags.push(d.tag);
  }
  // The planting rule's tag must belong to the target kind alone, or it would plant elsewhere too.
  for (const d of destroyTags) {
    if (!d.plants || d.tag === null) continue;
    for (const kind of pack.kinds.values())
      if (
        kind.name !== target &&
        kind.layerIndex === pack.kinds.get(target)?.layerIndex &&
        kind.tags.has(d.tag)
      )
        carrierDestroyTags.push(d.tag);
  }
  return {
    carrier,
    transforms,
    carrierDestroyTags,
    pickupWhere: pickupAnywhere ? "anywhere" : pickupWhere,
    pickupTags,
    looseItems,
  };
}
