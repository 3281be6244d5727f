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
  /** The step of each direction, in tie-breaking order. */
  readonly steps: readonly Pos[];
}

/** Distance of a cell no path reaches. */
const FAR = Number.POSITIVE_INFINITY;

function prepare(config: Config, pack: Pack): Prepared {
  const npcLayer = pack.layerIndex.get(config.layer) ?? -1;
  const ground = pack.layerIndex.get(config.groundLayer) ?? -1;
  const blockers = pack.layers.map((l) => l.index).filter((i) => i !== npcLayer && i !== ground);
  const steps = config.directions.flatMap((d) => {
    const step = Object.hasOwn(DIRECTION_DELTAS, d) ? DIRECTION_DELTAS[d] : undefined;
    return step ? [step] : [];
  });
  return { npcLayer, ground, blockers, steps };
}

const hasAny = (entity: Entity | null, tags: readonly string[]): boolean =>
  entity !== null && tags.some((t) => entity.info.tags.has(t));

/** One NPC phase: the board as the NPCs see it, and what they did. */
class NpcTurn {
  private readonly width: number;
  private readonly height: number;
  /** Per cell: whether an NPC may stand there (walkable ground, nothing blocking), NPCs aside. */
  private readonly open: Uint8Array;
  /** Distance maps by what they lead to (`avatar`, or `tag:<t>`), made when first needed. */
  private readonly maps = new Map<string, Float64Array>();
  readonly events: GameEvent[] = [];

  constructor(
    private readonly ctx: SystemContext<Config>,
    private readonly prepared: Prepared,
  ) {
    const { draft, config } = ctx;
    this.width = draft.width;
    this.height = draft.height;
    this.open = new Uint8Array(this.width * this.height);
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        const ground = prepared.ground < 0 ? null : draft.get(prepared.ground, x, y);
        const walkable = prepared.ground < 0 || hasAny(ground, config.walkableTags);
        const blocked = prepared.blockers.some((l) => hasAny(draft.get(l, x, y), config.blockingTags));
        this.open[y * this.width + x] = walkable && !blocked ? 1 : 0;
      }
  }

  private avatarCell(): number {
    const { avatar } = this.ctx.draft;
    return avatar.enabled && avatar.position ? avatar.position[1] * this.width + avatar.position[0] : -1;
  }

  /** Path lengths over open cells from the nearest of `sources` (a breadth-first search). */
  private distances(key: string, sources: () => number[]): Float64Array {
    let map = this.maps.get(key);
    if (map !== undefined) return map;
    map = new Float64Array(this.width * this.height).fill(FAR);
    const queue: number[] = [];
    for (const s of sources()) {
      if (map[s] === FAR) {
        map[s] = 0;
        queue.push(s);
      }
    }
    for (let q = 0; q < queue.length; q++) {
      const c = queue[q] as number;
      for (const step of this.prepared.steps) {
        const n = this.offset(c, step);
        if (n < 0 || this.open[n] !== 1 || map[n] !== FAR) continue;
        map[n] = (map[c] as number) + 1;
        queue.push(n);
      }
    }
    this.maps.set(key, map);
    return map;
  }

  /** Cells holding an entity with `tag` on any layer, NPCs aside. */
  private tagged(tag: string): number[] {
    const { draft, config } = this.ctx;
    const found: number[] = [];
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++)
        for (const layer of this.ctx.pack.layers) {
          const e = draft.get(layer.index, x, y);
          if (e === null || !e.info.tags.has(tag)) continue;
          if (layer.index === this.prepared.npcLayer && e.info.tags.has(config.npcTag)) continue;
          found.push(y * this.width + x);
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

  /** The cell one `step` from cell `c`; -1 off the board. */
  private offset(c: number, step: Pos): number {
    // No `pos`: searches play many NPC turns, and each breadth-first search calls this per neighbour.
    const x = c % this.width;
    const nx = x + step[0];
    const ny = (c - x) / this.width + step[1];
    return nx < 0 || ny < 0 || nx >= this.width || ny >= this.height ? -1 : ny * this.width + nx;
  }

  /** The neighbours of `c` in direction order (-1 off the board). */
  private neighbours(c: number): number[] {
    return this.prepared.steps.map((step) => this.offset(c, step));
  }

  /**
   * The first free neighbour of `c` among those `map` rates better than `c` (nearer, or farther when
   * `away`), best first, ties in direction order; -1 for none.
   */
  private bestStep(c: number, map: Float64Array, away: boolean): number {
    const here = map[c] as number;
    const better = this.neighbours(c).filter((n) => {
      if (n < 0 || this.open[n] !== 1) return false;
      const d = map[n] as number;
      return away ? d > here : d < here;
    });
    // A stable sort keeps direction order among equals.
    better.sort((a, b) =>
      away ? (map[b] as number) - (map[a] as number) : (map[a] as number) - (map[b] as number),
    );
    return better.find((n) => this.free(n)) ?? -1;
  }

  /** Where the NPC `entity` on cell `c` steps, and the entity it becomes (a patrol may turn round). */
  private stepOf(c: number, entity: Entity): { to: number; entity: Entity } {
    const params = entity.params ?? {};
    const behaviour = params.behavior;
    const avatar = this.avatarCell();
    if (behaviour === "follow_avatar" || behaviour === "flee_avatar") {
      if (avatar < 0) return { to: -1, entity };
      const map = this.distances("avatar", () => [avatar]);
      return { to: this.bestStep(c, map, behaviour === "flee_avatar"), entity };
    }
    if (behaviour === "seek_tag") {
      const tag = params.targetTag;
      if (typeof tag !== "string") return { to: -1, entity };
      return {
        to: this.bestStep(
          c,
          this.distances(`tag:${tag}`, () => this.tagged(tag)),
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
    const step = Object.hasOwn(DIRECTION_DELTAS, name) ? DIRECTION_DELTAS[name] : undefined;
    return step === undefined ? -1 : this.offset(c, step);
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
    for (let c = 0; c < this.width * this.height; c++) {
      const [x, y] = this.pos(c);
      const e = draft.get(layer, x, y);
      if (e?.info.tags.has(config.npcTag)) npcs.push({ cell: c, entity: e });
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
    turn.run();
    // Rules answer the NPCs' events (a catch may lose the level) before goals are checked.
    ctx.resolve(turn.events);
  },
});
