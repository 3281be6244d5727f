import type { SupportCollapseConfig } from "@gridponder/schema";
import { own } from "@gridponder/schema";
import { isPos, stepOf } from "../board/geometry.js";
import { sharedPos } from "../board/ops.js";
import type { Entity, Pos } from "../contract/model.js";
import type { Pack, SystemBehaviour, SystemContext } from "../contract/runtime.js";

type Ctx = SystemContext<Required<SupportCollapseConfig>>;

const ORTHOGONAL: readonly Pos[] = [
  [0, -1],
  [1, 0],
  [0, 1],
  [-1, 0],
];
const DIAGONAL: readonly Pos[] = [...ORTHOGONAL, [1, -1], [1, 1], [-1, 1], [-1, -1]];

interface Piece {
  readonly x: number;
  readonly y: number;
  readonly entity: Entity;
}

const hasAny = (e: Entity | null, tags: readonly string[]) =>
  e !== null && tags.some((t) => e.info.tags.has(t));

/** The config's tag tests as tables by kind index (1 when the kind has one of the tags), made once per level. */
interface Prepared {
  readonly member: Uint8Array;
  readonly root: Uint8Array;
}

function prepare(config: Required<SupportCollapseConfig>, pack: Pack): Prepared {
  const table = (tags: readonly string[]) =>
    Uint8Array.from(pack.kinds.values(), (info) => (tags.some((t) => info.tags.has(t)) ? 1 : 0));
  return { member: table(config.memberTags), root: table(config.rootTags) };
}

/** Whether the entity's kind is marked in a table of `Prepared`. */
const marked = (e: Entity | null | undefined, table: Uint8Array) => e != null && table[e.info.index] === 1;

/** The member cells that no longer reach a root, grouped into connected components (board order). */
function orphans(ctx: Ctx, layer: number): Piece[][] {
  const { config, draft } = ctx;
  const { member, root } = ctx.prepared as Prepared;
  const { width, height } = draft;
  const cells = draft.layerCells(layer);
  const steps = config.connectivity === "diagonal" ? DIAGONAL : ORTHOGONAL;
  const isMember = (i: number) => marked(cells[i], member);
  const supported = new Uint8Array(width * height);
  const queue: number[] = [];
  for (let i = 0; i < cells.length; i++)
    if (marked(cells[i], root)) {
      supported[i] = 1;
      queue.push(i);
    }
  const spread = (start: number[], mark: Uint8Array, accept: (i: number) => boolean): number[] => {
    const seen = start.slice();
    for (let q = 0; q < seen.length; q++) {
      const i = seen[q] as number;
      const x = i % width;
      const y = (i - x) / width;
      for (const [dx, dy] of steps) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const ni = ny * width + nx;
        if (mark[ni] || !accept(ni)) continue;
        mark[ni] = 1;
        seen.push(ni);
      }
    }
    return seen;
  };
  spread(queue, supported, isMember);
  const components: Piece[][] = [];
  for (let i = 0; i < cells.length; i++) {
    if (supported[i] || !isMember(i)) continue;
    supported[i] = 1;
    const group = spread([i], supported, isMember).sort((a, b) => a - b);
    components.push(
      group.map((g) => ({ x: g % width, y: Math.floor(g / width), entity: cells[g] as Entity })),
    );
  }
  return components;
}

/** Drops every orphaned component; returns true when anything fell. */
function collapse(ctx: Ctx): void {
  const { config, draft, pack } = ctx;
  const layer = pack.layerIndex.get(config.layer);
  const fall = stepOf(config.direction);
  if (layer === undefined || !fall) return;
  const components = orphans(ctx, layer);
  if (components.length === 0) return;
  const fill = pack.layers[layer]?.fill ?? null;
  for (const c of components) for (const p of c) draft.set(layer, p.x, p.y, fill);
  const restLayers = ((config.restLayers as string[] | undefined) ?? [config.layer])
    .map((id) => pack.layerIndex.get(id))
    .filter((li): li is number => li !== undefined);
  // The component furthest along the fall lands first, so it can catch the ones behind it.
  const lead = (c: Piece[]) => Math.max(...c.map((p) => p.x * fall[0] + p.y * fall[1]));
  const corner = (c: Piece[]) => c.reduce((m, p) => (p.x < m.x || (p.x === m.x && p.y < m.y) ? p : m));
  components.sort((a, b) => lead(b) - lead(a) || corner(a).x - corner(b).x || corner(a).y - corner(b).y);
  const avatar = draft.avatar;
  let rider: Piece[] | null = null;
  if (config.carryAvatar && avatar.position) {
    const [ax, ay] = avatar.position;
    rider = components.find((c) => c.some((p) => p.x === ax && p.y === ay)) ?? null;
  }
  const blockersAt = (c: Piece[], dx: number, dy: number): Entity[] | null => {
    const found: Entity[] = [];
    for (const p of c) {
      const x = p.x + dx;
      const y = p.y + dy;
      if (!draft.inBounds(x, y)) continue;
      for (const li of restLayers) {
        const e = draft.get(li, x, y);
        if (e && hasAny(e, config.restTags)) found.push(e);
      }
    }
    return found.length > 0 ? found : null;
  };
  for (const component of components) {
    let ox = 0;
    let oy = 0;
    let deflectedHere = false;
    for (let guard = 0; guard < 4 * (draft.width + draft.height); guard++) {
      if (component.every((p) => !draft.inBounds(p.x + ox, p.y + oy))) break;
      const blockers = blockersAt(component, ox + fall[0], oy + fall[1]);
      if (!blockers) {
        ox += fall[0];
        oy += fall[1];
        deflectedHere = false;
        continue;
      }
      const ways = blockers.map(
        (b) => Object.entries(config.deflect).find(([tag]) => b.info.tags.has(tag))?.[1],
      );
      const way = ways[0];
      const side = way === undefined ? undefined : stepOf(way);
      if (deflectedHere || !side || ways.some((w) => w !== way)) break;
      const sideways = component.every((p) => draft.inBounds(p.x + ox + side[0], p.y + oy + side[1]));
      if (!sideways || blockersAt(component, ox + side[0], oy + side[1])) break;
      ox += side[0];
      oy += side[1];
      deflectedHere = true;
    }
    const landed = component.filter((p) => draft.inBounds(p.x + ox, p.y + oy));
    for (const p of landed) {
      const to = Object.hasOwn(config.settleTransform, p.entity.kind)
        ? own(config.settleTransform, p.entity.kind)
        : undefined;
      const entity = to !== undefined && pack.kinds.has(to) ? pack.entity(to, p.entity.params) : p.entity;
      const at: Pos = [p.x + ox, p.y + oy];
      draft.set(layer, at[0], at[1], entity);
      ctx.emit({
        type: "object_settled",
        position: at,
        kind: entity.kind,
        fromKind: p.entity.kind,
        layer: config.layer,
        fromPosition: [p.x, p.y],
      });
    }
    if (component === rider && avatar.position) {
      const to: Pos = [avatar.position[0] + ox, avatar.position[1] + oy];
      if (draft.inBounds(to[0], to[1]))
        draft.avatar = { ...draft.avatar, position: sharedPos(ctx.level, to[0], to[1]) };
      if (config.avatarFellVariable !== undefined) {
        const before = own(draft.variables, config.avatarFellVariable);
        const after = (typeof before === "number" ? before : 0) + 1;
        draft.setVariable(config.avatarFellVariable, after);
        ctx.emit({
          type: "variable_changed",
          name: config.avatarFellVariable,
          oldValue: before ?? null,
          newValue: after,
        });
      }
    }
  }
}

/**
 * `support_collapse` (action and cascade phases): the sever action removes a severable cell next to
 * the avatar; then every group of member cells cut off from the roots falls as a rigid piece, the one
 * furthest along the fall first, until something with a rest tag stops it (or it leaves the board),
 * possibly stepping aside once per lane off a `deflect` tag. Landed cells take `settleTransform`.
 */
export const supportCollapse: SystemBehaviour<Required<SupportCollapseConfig>> = {
  type: "support_collapse",
  search: {
    avatarReach: Number.POSITIVE_INFINITY,
    freeTurns: false,
    // A landing piece may change kind by \`settleTransform\`; collapsed cells take the layer's fill.
    kindsCreated: (config) => Object.values(config.settleTransform),
  },
  prepare,
  action(ctx, action) {
    const { config, draft, pack } = ctx;
    if (config.severAction === undefined || action.id !== config.severAction) return;
    const layer = pack.layerIndex.get(config.layer);
    const at = draft.avatar.position;
    if (layer === undefined || !at) return;
    let target: Pos | null = null;
    const { position, direction } = action.params;
    if (isPos(position)) {
      if (Math.abs(position[0] - at[0]) + Math.abs(position[1] - at[1]) === 1) target = position;
    } else {
      const d = stepOf(String(direction));
      if (d) target = [at[0] + d[0], at[1] + d[1]];
    }
    const cell =
      target && draft.inBounds(target[0], target[1]) ? draft.get(layer, target[0], target[1]) : null;
    if (!target || !cell || cell === pack.layers[layer]?.fill || !hasAny(cell, config.severableTags)) {
      ctx.emit({ type: "action_vetoed", reason: "nothing severable there" });
      return;
    }
    draft.set(layer, target[0], target[1], pack.layers[layer]?.fill ?? null);
    ctx.emit({ type: "cell_cleared", position: target, previousKind: cell.kind, layer: config.layer });
    collapse(ctx);
  },
  cascade(ctx, pending) {
    const triggers = ctx.config.triggerEvents as readonly string[];
    if (triggers.length > 0 && pending.some((e) => triggers.includes(e.type))) collapse(ctx);
  },
};
