import { EVENT_FIELDS, type FollowerNpcsConfig, SYSTEM_DEFAULTS } from "@gridponder/schema";
import {
  DIRECTION_DELTAS,
  defineSystem,
  type Entity,
  type EventDefinition,
  type GameEvent,
  type Pack,
  type Pos,
  type SystemContext,
} from "../api.js";

type Config = Required<FollowerNpcsConfig>;

/** Layer indices and steps, derived once per level from the config. */
interface Prepared {
  /** The NPC layer; -1 when the game has none of that id. */
  readonly npcLayer: number;
  /** The ground layer; -1 when the game has none (every cell is ground then). */
  readonly ground: number;
  /** The layers whose entities may block (every layer but the ground and the NPC layer). */
  readonly blockers: readonly number[];
  /**
   * The step of each direction, in tie-breaking order, as plain numbers: reading the frozen
   * direction tables made each breadth-first search several times slower.
   */
  readonly dx: Int32Array;
  readonly dy: Int32Array;
  /** By kind index: 1 when the kind carries a walkable tag. */
  readonly walkable: Uint8Array;
  /** By kind index: 1 when the kind carries a blocking tag. */
  readonly blocking: Uint8Array;
  /** Kinds by tag, for the tags NPCs seek (see `kindsTagged`). */
  readonly tagged: Map<string, Uint8Array>;
  /** Layers by tag (see `layersTagged`). */
  readonly taggedLayers: Map<string, readonly number[]>;
  /** Buffers an NPC phase borrows rather than allocates (they dominated small boards' turns). */
  readonly scratch: Scratch;
}

/** Reusable buffers of one level's NPC phases; `busy` while a phase holds them. */
interface Scratch {
  busy: boolean;
  open: Uint8Array;
  maps: Float64Array[];
  queues: Int32Array[];
}

const newScratch = (): Scratch => ({ busy: false, open: new Uint8Array(0), maps: [], queues: [] });

/** By kind index, 1 for the kinds carrying any of `tags`: the NPC phase tests kinds, not tag sets. */
function kindsCarrying(pack: Pack, tags: readonly string[]): Uint8Array {
  const kinds = new Uint8Array(pack.kinds.size);
  for (const info of pack.kinds.values()) kinds[info.index] = tags.some((t) => info.tags.has(t)) ? 1 : 0;
  return kinds;
}

/** By kind index, 1 for the kinds carrying `tag`; worked out once per level and tag. */
function kindsTagged(prepared: Prepared, pack: Pack, tag: string): Uint8Array {
  let kinds = prepared.tagged.get(tag);
  if (kinds === undefined) {
    kinds = kindsCarrying(pack, [tag]);
    prepared.tagged.set(tag, kinds);
  }
  return kinds;
}

/**
 * The layers that can hold a kind carrying `tag`, in layer order: a kind lives on one layer, so the
 * others need not be searched for it.
 */
function layersTagged(prepared: Prepared, pack: Pack, tag: string): readonly number[] {
  let layers = prepared.taggedLayers.get(tag);
  if (layers === undefined) {
    const carries = kindsTagged(prepared, pack, tag);
    const holding = new Set<number>();
    for (const info of pack.kinds.values()) if (carries[info.index] === 1) holding.add(info.layerIndex);
    layers = pack.layers.map((l) => l.index).filter((l) => holding.has(l));
    prepared.taggedLayers.set(tag, layers);
  }
  return layers;
}

/** Distance of a cell no path reaches. */
const FAR = Number.POSITIVE_INFINITY;

/**
 * The unit steps as plain arrays: `DIRECTION_DELTAS` hands out frozen ones, whose elements V8 reads
 * about ten times slower, and the NPC phase reads steps for every cell it searches.
 */
const PLAIN_STEPS = new Map(Object.entries(DIRECTION_DELTAS).map(([name, d]) => [name, [d[0], d[1]] as Pos]));

function prepare(config: Config, pack: Pack): Prepared {
  const npcLayer = pack.layerIndex.get(config.layer) ?? -1;
  const ground = pack.layerIndex.get(config.groundLayer) ?? -1;
  const blockers = pack.layers.map((l) => l.index).filter((i) => i !== npcLayer && i !== ground);
  const steps = config.directions.flatMap((d) => {
    const step = PLAIN_STEPS.get(d);
    return step ? [step] : [];
  });
  // Tag tests per kind, once per level: the NPC phase reads them for every cell of every turn.
  const walkable = kindsCarrying(pack, config.walkableTags);
  const blocking = kindsCarrying(pack, config.blockingTags);
  const dx = Int32Array.from(steps, (s) => s[0]);
  const dy = Int32Array.from(steps, (s) => s[1]);
  return {
    npcLayer,
    ground,
    blockers,
    dx,
    dy,
    walkable,
    blocking,
    tagged: new Map(),
    taggedLayers: new Map(),
    scratch: newScratch(),
  };
}

/**
 * A breadth-first search from some cells over the open ones, run only as far as the cells asked
 * about: a cell's distance is final when the search first reaches it, and an NPC asks only about
 * its own cell and its neighbours, so near the avatar most of the board is never searched.
 */
class Distances {
  private head = 0;
  private tail = 0;

  /** `map` and `queue` hold at least `width × height` cells; `map` is overwritten. */
  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly open: Uint8Array,
    private readonly dx: Int32Array,
    private readonly dy: Int32Array,
    sources: readonly number[],
    private readonly map: Float64Array,
    private readonly queue: Int32Array,
  ) {
    map.fill(FAR, 0, width * height);
    for (const s of sources) {
      if (this.map[s] === FAR) {
        this.map[s] = 0;
        this.queue[this.tail++] = s;
      }
    }
  }

  /** The path length from the nearest source to cell `c`; infinite when no path reaches it. */
  at(c: number): number {
    const { map, queue, open, width, height, dx, dy } = this;
    while (map[c] === FAR && this.head < this.tail) {
      const from = queue[this.head++] as number;
      const y = (from / width) | 0;
      const x = from - y * width;
      const next = (map[from] as number) + 1;
      for (let i = 0; i < dx.length; i++) {
        const nx = x + (dx[i] as number);
        const ny = y + (dy[i] as number);
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (open[n] !== 1 || map[n] !== FAR) continue;
        map[n] = next;
        queue[this.tail++] = n;
      }
    }
    return map[c] as number;
  }
}

/** One NPC phase: the board as the NPCs see it, and what they did. */
class NpcTurn {
  private readonly width: number;
  private readonly height: number;
  /** Per cell: whether an NPC may stand there (walkable ground, nothing blocking), NPCs aside. */
  private openCells: Uint8Array | null = null;
  /** Distance maps by what they lead to (`null` for the avatar, else a tag), made when first needed. */
  private readonly maps = new Map<string | null, Distances>();
  readonly events: GameEvent[] = [];

  /** The buffers this phase uses: the level's shared ones, or its own when those are in use. */
  private readonly scratch: Scratch;

  constructor(
    private readonly ctx: SystemContext<Config>,
    private readonly prepared: Prepared,
  ) {
    this.width = ctx.draft.width;
    this.height = ctx.draft.height;
    const size = this.width * this.height;
    const shared = prepared.scratch;
    this.scratch = shared.busy ? newScratch() : shared;
    this.scratch.busy = true;
    if (this.scratch.open.length < size) {
      this.scratch.open = new Uint8Array(size);
      this.scratch.maps = [];
      this.scratch.queues = [];
    }
  }

  /** Gives the shared buffers back; the phase reads none of them after this. */
  release(): void {
    this.scratch.busy = false;
  }

  /** The open cells, worked out when an NPC first needs them (a turn without NPCs never does). */
  private get open(): Uint8Array {
    if (this.openCells !== null) return this.openCells;
    const { draft } = this.ctx;
    const { ground, blockers, walkable, blocking } = this.prepared;
    const size = this.width * this.height;
    const open = this.scratch.open;
    if (ground < 0) open.fill(1, 0, size);
    else {
      const cells = draft.layerCells(ground);
      for (let c = 0; c < size; c++) {
        const e = cells[c];
        open[c] = e != null && walkable[e.info.index] === 1 ? 1 : 0;
      }
    }
    for (const l of blockers) {
      const cells = draft.layerCells(l);
      for (let c = 0; c < size; c++) {
        const e = cells[c];
        if (e != null && blocking[e.info.index] === 1) open[c] = 0;
      }
    }
    this.openCells = open;
    return open;
  }

  private avatarCell(): number {
    const { avatar } = this.ctx.draft;
    return avatar.enabled && avatar.position ? avatar.position[1] * this.width + avatar.position[0] : -1;
  }

  /** Path lengths over open cells from the nearest of `sources`, searched as far as asked. */
  private distances(key: string | null, sources: () => number[]): Distances {
    let map = this.maps.get(key);
    if (map === undefined) {
      const { maps, queues } = this.scratch;
      const i = this.maps.size;
      // Every buffer is as long as `open`, which is long enough for the largest board seen.
      if (maps.length <= i) {
        maps.push(new Float64Array(this.scratch.open.length));
        queues.push(new Int32Array(this.scratch.open.length));
      }
      map = new Distances(
        this.width,
        this.height,
        this.open,
        this.prepared.dx,
        this.prepared.dy,
        sources(),
        maps[i] as Float64Array,
        queues[i] as Int32Array,
      );
      this.maps.set(key, map);
    }
    return map;
  }

  /** Cells holding an entity with `tag` on any layer, NPCs aside. */
  private tagged(tag: string): number[] {
    const { draft, pack } = this.ctx;
    const { npcLayer } = this.prepared;
    const carries = kindsTagged(this.prepared, pack, tag);
    const npc = kindsTagged(this.prepared, pack, this.ctx.config.npcTag);
    const indices = layersTagged(this.prepared, pack, tag);
    const layers = indices.map((l) => draft.layerCells(l));
    const found: number[] = [];
    for (let c = 0; c < this.width * this.height; c++)
      for (let l = 0; l < layers.length; l++) {
        const e = (layers[l] as readonly (Entity | null)[])[c];
        if (e == null || carries[e.info.index] !== 1) continue;
        if (indices[l] === npcLayer && npc[e.info.index] === 1) continue;
        found.push(c);
        break;
      }
    return found;
  }

  /** Whether an NPC may step onto cell `c` now. */
  private free(c: number): boolean {
    if (this.open[c] !== 1) return false;
    const [x, y] = this.pos(c);
    if (this.ctx.draft.get(this.prepared.npcLayer, x, y) !== null) return false;
    return !(c === this.avatarCell() && this.ctx.config.onAvatar === "block");
  }

  /** The cell `(dx, dy)` from cell `c`; -1 off the board. */
  private offset(c: number, dx: number, dy: number): number {
    // No `pos`: it runs for every neighbour an NPC weighs, on every turn of a search.
    const x = c % this.width;
    const nx = x + dx;
    const ny = (c - x) / this.width + dy;
    return nx < 0 || ny < 0 || nx >= this.width || ny >= this.height ? -1 : ny * this.width + nx;
  }

  /**
   * The free neighbour of `c` that `map` rates best among those it rates better than `c` (nearer, or
   * farther when `away`), ties in direction order; -1 for none.
   */
  private bestStep(c: number, map: Distances, away: boolean): number {
    const here = map.at(c);
    const open = this.open;
    let best = -1;
    let bestDistance = here;
    const { dx, dy } = this.prepared;
    for (let i = 0; i < dx.length; i++) {
      const n = this.offset(c, dx[i] as number, dy[i] as number);
      if (n < 0 || open[n] !== 1) continue;
      const d = map.at(n);
      // Strictly better than the best so far, so the first in direction order wins a tie.
      if ((away ? d > bestDistance : d < bestDistance) && this.free(n)) {
        best = n;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Where the NPC `entity` on cell `c` steps, and the entity it becomes (a patrol may turn round). */
  private stepOf(c: number, entity: Entity): { to: number; entity: Entity } {
    const params = entity.params ?? {};
    const behaviour = params.behavior;
    const avatar = this.avatarCell();
    if (behaviour === "follow_avatar" || behaviour === "flee_avatar") {
      if (avatar < 0) return { to: -1, entity };
      const map = this.distances(null, () => [avatar]);
      return { to: this.bestStep(c, map, behaviour === "flee_avatar"), entity };
    }
    if (behaviour === "seek_tag") {
      const tag = params.targetTag;
      if (typeof tag !== "string") return { to: -1, entity };
      return {
        to: this.bestStep(
          c,
          this.distances(tag, () => this.tagged(tag)),
          false,
        ),
        entity,
      };
    }
    if (behaviour === "patrol") {
      const facing = typeof params.facing === "string" ? params.facing : "right";
      const ahead = this.along(c, facing);
      if (ahead >= 0 && this.free(ahead)) return { to: ahead, entity };
      const back = OPPOSITE[facing];
      if (back === undefined) return { to: -1, entity };
      const turned = this.ctx.pack.entity(entity.kind, { ...params, facing: back });
      const behind = this.along(c, back);
      return { to: behind >= 0 && this.free(behind) ? behind : -1, entity: turned };
    }
    return { to: -1, entity };
  }

  /** The cell one step from `c` in direction `name`; -1 off the board or for no direction. */
  private along(c: number, name: string): number {
    const step = PLAIN_STEPS.get(name);
    return step === undefined ? -1 : this.offset(c, step[0], step[1]);
  }

  private pos(c: number): Pos {
    const x = c % this.width;
    return [x, (c - x) / this.width];
  }

  /** Every NPC, in reading order of the cells they stand on now, takes its step. */
  run(): void {
    const { draft, config } = this.ctx;
    const layer = this.prepared.npcLayer;
    const layerId = this.ctx.pack.layers[layer]?.id ?? config.layer;
    const npcs: { cell: number; entity: Entity }[] = [];
    const cells = draft.layerCells(layer);
    const isNpc = kindsTagged(this.prepared, this.ctx.pack, config.npcTag);
    for (let c = 0; c < this.width * this.height; c++) {
      const e = cells[c];
      if (e != null && isNpc[e.info.index] === 1) npcs.push({ cell: c, entity: e });
    }
    for (const { cell, entity } of npcs) {
      const id = typeof entity.params?.id === "string" ? entity.params.id : null;
      const from = this.pos(cell);
      const npcId = id ?? `${entity.kind}@${from[0]},${from[1]}`;
      if (config.onAvatar === "catch" && cell === this.avatarCell()) {
        this.emit({ type: "npc_caught", npcId, kind: entity.kind, position: from });
        continue;
      }
      const { to, entity: next } = this.stepOf(cell, entity);
      if (to < 0) {
        if (next !== entity) draft.set(layer, from[0], from[1], next);
        continue;
      }
      const at = this.pos(to);
      draft.set(layer, from[0], from[1], null);
      draft.set(layer, at[0], at[1], next);
      this.emit({
        type: "npc_moved",
        npcId,
        kind: entity.kind,
        layer: layerId,
        fromPosition: from,
        toPosition: at,
        position: at,
      });
      if (to === this.avatarCell()) this.emit({ type: "npc_caught", npcId, kind: entity.kind, position: at });
    }
  }

  private emit(event: GameEvent): void {
    this.events.push(event);
    this.ctx.emit(event);
  }
}

const OPPOSITE: Readonly<Record<string, string>> = { up: "down", down: "up", left: "right", right: "left" };

/** `npc_moved`: an NPC stepped from `fromPosition` to `position` on its layer; views show a step. */
const npcMoved: EventDefinition = {
  type: "npc_moved",
  fields: EVENT_FIELDS.npc_moved,
  pieces: "step",
  moves: true,
};

/** `npc_caught`: an NPC reached the avatar's cell. */
const npcCaught: EventDefinition = { type: "npc_caught", fields: EVENT_FIELDS.npc_caught };

/**
 * `follower_npcs` (NPC phase): NPCs that follow or flee the avatar, seek a tag or patrol, one step a
 * turn each (see the schema's `FollowerNpcsSystem` for the rules, tie-breaks and events). Built only
 * on the engine's public extension API, and registered like any custom system.
 */
export const followerNpcs = defineSystem<Config>({
  type: "follower_npcs",
  defaults: SYSTEM_DEFAULTS.follower_npcs,
  events: [npcMoved, npcCaught],
  search: {
    avatarReach: 0,
    freeTurns: false,
    // NPCs move on their layer and are never created; a patrol turning round keeps its kind.
    kindsCreated: () => [],
    layersMoved: (config) => [config.layer],
  },
  prepare,
  npc(ctx) {
    const prepared = ctx.prepared as Prepared;
    if (prepared.npcLayer < 0) return;
    const turn = new NpcTurn(ctx, prepared);
    try {
      turn.run();
    } finally {
      turn.release();
    }
    // Rules answer the NPCs' events (a catch may lose the level) before goals are checked.
    ctx.resolve(turn.events);
  },
});
