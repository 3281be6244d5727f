import {
  type Appearance,
  createTrackSample,
  type Piece,
  type Scene,
  type Track,
  type TrackSample,
} from "@gridponder/view";
import type { LivePart } from "./batches.js";
import { mixRgb, parseColor, type Rgb, toHex } from "./color.js";
import { type PartContext, type PartSpec, partsOf } from "./parts.js";
import { facingYaw } from "./placement.js";

/** A drawn piece: its parts for its current appearance, and (when animated) its track. */
export interface Actor {
  readonly piece: Piece;
  appearance: Appearance;
  readonly item: Appearance | null;
  readonly yaw: number;
  readonly track: Track | null;
  /** Refilled every frame while the track plays. */
  readonly sample: TrackSample | null;
  parts: LivePart[];
  /**
   * Appearances it may switch to on a later turn (the avatar's other states and facings): their parts
   * are provided with the scene, so their images are loaded before a move shows them.
   */
  readonly looks: readonly Appearance[];
}

/** The theme's background colour, the base the floor and the ground's sides are tinted from. */
export function backgroundOf(scene: Scene): Rgb {
  return parseColor(scene.theme.backgroundColor, [0.1, 0.1, 0.12]);
}

export function partContext(scene: Scene): PartContext {
  return {
    seams: scene.theme.board.showGridLines,
    groundBody: toHex(mixRgb(backgroundOf(scene), [0.45, 0.42, 0.38], 0.6)),
  };
}

/**
 * Everything `scene` draws, with `tracks` animating the pieces they name (the scene's own piece of a
 * tracked id is left out: the track draws it), floor tiles first. No parts yet: those are realised
 * once the batches have room.
 */
export function sceneActors(scene: Scene, tracks: readonly Track[]): Actor[] {
  const tracked = new Set(tracks.map((t) => t.id));
  const actors: Actor[] = [];
  const facing = facingYaw(scene.avatar?.facing);
  const avatarShown = scene.avatar ? scene.avatar.visible && scene.theme.avatarVisible : false;
  const grounded = new Set<number>();
  const noteGround = (piece: Piece) => {
    if (piece.role === "ground") grounded.add(piece.cell[1] * scene.width + piece.cell[0]);
  };
  for (const piece of scene.pieces) {
    if (tracked.has(piece.id)) continue;
    if (piece.role === "avatar" && !avatarShown) continue;
    noteGround(piece);
    actors.push(actorFor(scene, piece, null, facing));
  }
  for (const track of tracks) {
    if (track.piece.role === "avatar" && !avatarShown) continue;
    noteGround(track.piece);
    actors.push(actorFor(scene, track.piece, track, facing));
  }
  actors.unshift(...floorActors(scene, grounded));
  return actors;
}

/**
 * The parts of every appearance an actor can take during its track: what the batches must hold.
 * `own[i]`, when given, are `actors[i]`'s parts in its current appearance, already built.
 */
export function partsNeeded(
  actors: readonly Actor[],
  context: PartContext,
  own?: readonly PartSpec[][],
): PartSpec[][] {
  const lists: PartSpec[][] = [];
  for (const [i, actor] of actors.entries()) {
    lists.push(own?.[i] ?? partsOf(actor.piece, actor.appearance, context, actor.item));
    if (actor.track)
      for (const key of actor.track.keys)
        if (key.appearance) lists.push(partsOf(actor.piece, key.appearance, context, actor.item));
    for (const look of actor.looks) lists.push(partsOf(actor.piece, look, context, actor.item));
  }
  return lists;
}

function actorFor(scene: Scene, piece: Piece, track: Track | null, facing: number): Actor {
  let appearance = piece.appearance;
  let item: Appearance | null = null;
  let yaw = 0;
  let looks: readonly Appearance[] = [];
  if (piece.role === "avatar" && scene.avatar) {
    const avatar = scene.avatar;
    looks = avatar.looks;
    if (avatar.sprite && !track) appearance = { ...appearance, sprite: avatar.sprite, mirror: avatar.mirror };
    item = avatar.item?.appearance ?? null;
    yaw = facing;
  }
  return {
    piece,
    appearance,
    item,
    yaw,
    track,
    sample: track ? createTrackSample() : null,
    parts: [],
    looks,
  };
}

/** Plain floor tiles under cells that have no ground piece and are not void. */
function floorActors(scene: Scene, grounded: Set<number>): Actor[] {
  const out: Actor[] = [];
  const bg = backgroundOf(scene);
  const light = bg[0] + bg[1] + bg[2] > 1.5;
  const color = toHex(mixRgb(bg, light ? [0, 0, 0] : [1, 1, 1], 0.16));
  const appearance: Appearance = {
    sprite: null,
    mirror: false,
    display: "fill",
    form: "flat",
    color,
    text: null,
    icon: null,
    opacity: 1,
    tint: null,
    key: `@floor|${color}`,
  };
  for (let y = 0; y < scene.height; y++)
    for (let x = 0; x < scene.width; x++) {
      const i = y * scene.width + x;
      if (scene.void[i] || grounded.has(i)) continue;
      const piece: Piece = {
        id: `@floor@${x},${y}`,
        role: "ground",
        kind: "@floor",
        layer: "@floor",
        layerIndex: -1,
        cell: [x, y],
        cells: [[x, y]],
        params: {},
        tags: [],
        symbol: ".",
        name: "floor",
        appearance,
      };
      out.push({ piece, appearance, item: null, yaw: 0, track: null, sample: null, parts: [], looks: [] });
    }
  return out;
}
