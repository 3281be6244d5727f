/**
 * Scenes: everything drawn for one game state, with positional default ids.
 * @module
 */
import {
  type Entity,
  type GameState,
  type KindInfo,
  type LevelRuntime,
  type MultiCellObjectState,
  selectedPiece,
} from "@gridponder/engine";
import { type JsonValue, own } from "@gridponder/schema";
import { appearanceOf } from "./appearance.js";
import { resolveAsset } from "./assets.js";
import { avatarView } from "./avatar.js";
import { memoized, type ViewContext } from "./context.js";
import { goalGridsOf } from "./goal-grid.js";
import { displayName } from "./names.js";
import { outlinesOf } from "./outline.js";
import type { AvatarView, Cell, GoalGridView, LayerView, Piece, Scene, SpriteRef } from "./types.js";

/** UI state a scene shows that the game state does not hold. */
export interface SceneOptions {
  /** The multi-cell object the player has selected (a sliding block), drawn with a selection ring. */
  readonly selectedObjectId?: string | null;
}

/** The index of the board's ground layer: the layer `ground`, else the first `exactly_one` layer. */
function groundLayerIndex(ctx: ViewContext): number {
  const byId = ctx.pack.layerIndex.get("ground");
  if (byId !== undefined) return byId;
  return ctx.pack.layers.findIndex((l) => l.exactlyOne);
}

/** Whether a ground kind is void: named `void` or tagged `void`. */
function isVoidKind(info: KindInfo): boolean {
  return info.name === "void" || info.tags.has("void");
}

function symbolOf(
  info: KindInfo | undefined,
  kind: string,
  params: Readonly<Record<string, JsonValue>>,
): string {
  const param = info?.def.symbolParam;
  const value = param ? own(params, param) : undefined;
  if (value !== undefined && value !== null && typeof value !== "object") return String(value);
  return info?.def.symbol ?? kind.charAt(0);
}

const tagLists = new WeakMap<KindInfo, readonly string[]>();

/** A kind's tags as a list, made once per kind: scenes are rebuilt every turn. */
function tagsOf(info: KindInfo | undefined): readonly string[] {
  if (!info) return [];
  let tags = tagLists.get(info);
  if (!tags) {
    tags = Object.freeze([...info.tags]);
    tagLists.set(info, tags);
  }
  return tags;
}

const NO_PARAMS: Readonly<Record<string, JsonValue>> = Object.freeze({});

function entityPiece(
  ctx: ViewContext,
  layer: { id: string; index: number; exactlyOne: boolean },
  x: number,
  y: number,
  e: Entity,
): Piece {
  const params = e.params ?? NO_PARAMS;
  const cell: Cell = [x, y];
  return {
    id: `${layer.id}@${x},${y}`,
    role: layer.exactlyOne ? "ground" : "entity",
    kind: e.kind,
    layer: layer.id,
    layerIndex: layer.index,
    cell,
    cells: [cell],
    params,
    tags: tagsOf(e.info),
    symbol: symbolOf(e.info, e.kind, params),
    name: displayName(ctx.pack, e.kind),
    appearance: appearanceOf(ctx, e.kind, e.params),
  };
}

/** Steps along a pipe's own cells from its exit, so queued items line up behind the exit in order. */
function distancesFrom(cells: readonly Cell[], start: JsonValue | undefined): number[] {
  const dist = cells.map(() => Number.POSITIVE_INFINITY);
  if (!Array.isArray(start)) return dist;
  const first = cells.findIndex((c) => c[0] === start[0] && c[1] === start[1]);
  if (first < 0) return dist;
  dist[first] = 0;
  const queue = [first];
  while (queue.length > 0) {
    const i = queue.shift() as number;
    const [x, y] = cells[i] as Cell;
    cells.forEach((c, j) => {
      if (dist[j] === Number.POSITIVE_INFINITY && Math.abs(c[0] - x) + Math.abs(c[1] - y) === 1) {
        dist[j] = (dist[i] as number) + 1;
        queue.push(j);
      }
    });
  }
  return dist;
}

/**
 * What a pipe (a `queued_emitters` object) still holds: the items in release order, and per cell the
 * item shown there. A one-exit pipe lines its remaining queue up from the exit backwards; a two-exit
 * pipe holds one slot per cell (`pipeSlots`, else the queue laid into the cells in order).
 */
function pipeContents(
  mco: MultiCellObjectState,
): { queue: JsonValue[]; queueCells: (JsonValue | null)[] } | null {
  const p = mco.params;
  if (!Array.isArray(p.queue)) return null;
  const twoExits = p.exit2Position !== undefined && p.exit2Position !== null;
  if (twoExits) {
    const slots =
      Array.isArray(p.pipeSlots) && p.pipeSlots.length === mco.cells.length
        ? p.pipeSlots.map((v) => v ?? null)
        : mco.cells.map((_, i) => (p.queue as JsonValue[])[i] ?? null);
    return { queue: slots.filter((v) => v !== null), queueCells: slots };
  }
  const current = typeof p.currentIndex === "number" ? p.currentIndex : 0;
  const remaining = p.queue.slice(Math.max(0, current));
  const dist = distancesFrom(mco.cells, p.exitPosition);
  const order = mco.cells.map((_, i) => i).sort((a, b) => (dist[a] as number) - (dist[b] as number) || a - b);
  const queueCells: (JsonValue | null)[] = mco.cells.map(() => null);
  order.forEach((cellIndex, k) => {
    if (k < remaining.length) queueCells[cellIndex] = remaining[k] ?? null;
  });
  return { queue: remaining, queueCells };
}

function cellSpritesOf(ctx: ViewContext, level: LevelRuntime, mco: MultiCellObjectState) {
  const def = level.def.board.multiCellObjects?.find((o) => o.id === mco.id);
  if (!def) return undefined;
  const sprites: (SpriteRef | null)[] = def.cells.map((c) =>
    Array.isArray(c) || typeof c.sprite !== "string" ? null : resolveAsset(ctx.assets, c.sprite),
  );
  if (sprites.every((s) => s === null)) return undefined;
  return mco.cells.map((_, i) => sprites[i] ?? null);
}

function objectPiece(
  ctx: ViewContext,
  level: LevelRuntime,
  mco: MultiCellObjectState,
  selected: boolean,
): Piece {
  const info = ctx.pack.kinds.get(mco.kind);
  const cells = mco.cells.map((c) => [c[0], c[1]] as const);
  const contents = pipeContents(mco);
  const cellSprites = cellSpritesOf(ctx, level, mco);
  const objectsLayer = ctx.pack.layerIndex.get("objects");
  const layerIndex = info && info.layerIndex >= 0 ? info.layerIndex : (objectsLayer ?? 0);
  return {
    id: `mco:${mco.id}`,
    role: "multi_cell",
    kind: mco.kind,
    layer: ctx.pack.layers[layerIndex]?.id ?? info?.layer ?? "objects",
    layerIndex,
    cell: cells[0] ?? [0, 0],
    cells,
    params: mco.params,
    tags: tagsOf(info),
    symbol: symbolOf(info, mco.kind, mco.params),
    name: displayName(ctx.pack, mco.kind),
    // Run-time params (queues, slots) change every turn; the look depends on the kind alone.
    appearance: appearanceOf(ctx, mco.kind, null),
    ...(cellSprites ? { cellSprites } : {}),
    ...(contents ? { queue: contents.queue, queueCells: contents.queueCells } : {}),
    ...(info?.tags.has("sliding_block") ? { selected } : {}),
  };
}

/**
 * The scene of a state. Piece ids are positional defaults (`<layer>@<x>,<y>`, `mco:<id>`, `avatar`);
 * `advanceScene` carries identities across turns instead. Void ground cells are marked in `void` and
 * draw no ground piece, unless the void kind has art of its own (a sprite that resolves), which is
 * drawn as the pack shows it (box_builder's trees). Cells under a structure (a pipe; any multi-cell
 * object but a sliding block) draw the structure instead of their ground piece.
 */
export function buildScene(
  ctx: ViewContext,
  level: LevelRuntime,
  state: GameState,
  options: SceneOptions = {},
): Scene {
  const { width, height } = level;
  const size = width * height;
  const ground = groundLayerIndex(ctx);
  const voids: boolean[] = new Array(size).fill(false);
  const selectedActor = selectedPiece(level, state);
  // Structures such as pipes stand in for the ground they cover (sliding blocks only pass over it).
  const covered = new Set<number>();
  for (const mco of state.multiCellObjects) {
    if (ctx.pack.kinds.get(mco.kind)?.tags.has("sliding_block")) continue;
    for (const [x, y] of mco.cells)
      if (x >= 0 && y >= 0 && x < width && y < height) covered.add(y * width + x);
  }
  const layers: LayerView[] = [];
  const pieces: Piece[] = [];
  ctx.pack.layers.forEach((layer, index) => {
    const cells: (Piece | null)[] = new Array(size).fill(null);
    const entities = state.layers[index] ?? [];
    for (let i = 0; i < size; i++) {
      const e = entities[i];
      if (!e) continue;
      const x = i % width;
      const y = (i - x) / width;
      if (index === ground && isVoidKind(e.info)) {
        voids[i] = true;
        if (appearanceOf(ctx, e.kind, e.params).sprite === null) continue;
      }
      if (index === ground && covered.has(i)) continue;
      let piece = entityPiece(ctx, layer, x, y, e);
      if (
        selectedActor &&
        selectedActor.at[0] === x &&
        selectedActor.at[1] === y &&
        e.kind === selectedActor.kind
      )
        piece = { ...piece, selected: true };
      cells[i] = piece;
      pieces.push(piece);
    }
    layers.push({ id: layer.id, index, exactlyOne: layer.exactlyOne, cells });
  });
  for (const mco of state.multiCellObjects) {
    pieces.push(objectPiece(ctx, level, mco, options.selectedObjectId === mco.id));
  }
  const avatar = avatarView(ctx, level, state);
  if (avatar?.visible) pieces.push(avatar.piece);
  const overlay = state.overlay
    ? {
        cell: [state.overlay.position[0], state.overlay.position[1]] as const,
        size: [state.overlay.size[0], state.overlay.size[1]] as const,
        color: ctx.theme.palette.amber ?? "#ffb300",
      }
    : null;
  return {
    width,
    height,
    layers,
    pieces,
    void: voids,
    outlines: outlinesOf(ctx, state, width, height),
    avatar,
    overlay,
    goalGrids: memoized<GoalGridView[]>(ctx, `goal-grids:${level.id}`, () => goalGridsOf(ctx, level)),
    theme: ctx.theme,
  };
}

/**
 * The same scene with every piece's id replaced by `idOf(piece)`: layer cells, the piece list and the
 * avatar keep pointing at the same (renamed) pieces.
 */
export function withIds(scene: Scene, idOf: (piece: Piece) => string): Scene {
  const renamed = new Map<Piece, Piece>();
  const rename = (p: Piece): Piece => {
    let r = renamed.get(p);
    if (!r) {
      const id = idOf(p);
      r = id === p.id ? p : { ...p, id };
      renamed.set(p, r);
    }
    return r;
  };
  const pieces = scene.pieces.map(rename);
  const layers = scene.layers.map((l) => ({ ...l, cells: l.cells.map((p) => (p ? rename(p) : null)) }));
  const avatar: AvatarView | null = scene.avatar
    ? { ...scene.avatar, piece: rename(scene.avatar.piece) }
    : null;
  return { ...scene, pieces, layers, avatar };
}
