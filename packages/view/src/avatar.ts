/**
 * The avatar: its sprite for a state and facing (theme sprite map, simple sprite, or the shared
 * rabbit), and its view in a scene (piece, facing, carried item).
 * @module
 */
import type { GameState, LevelRuntime } from "@gridponder/engine";
import { type AvatarSprite, type Direction, own } from "@gridponder/schema";
import { appearanceOf, makeAppearance } from "./appearance.js";
import { resolveAnimation, resolveAsset } from "./assets.js";
import { memoized, type ViewContext } from "./context.js";
import { displayName } from "./names.js";
import type { Appearance, AvatarView, FrameAnimation, Piece, SpriteRef } from "./types.js";

/** The sprite the avatar shows for one state and facing. */
export interface AvatarSpriteChoice {
  readonly sprite: SpriteRef | null;
  readonly mirror: boolean;
  readonly animation: FrameAnimation | null;
}

type Cardinal = "up" | "down" | "left" | "right";

/** The sprite-map facing of any direction: diagonals look sideways (their horizontal part). */
function cardinalFacing(facing: string): Cardinal {
  switch (facing) {
    case "up":
    case "down":
    case "left":
    case "right":
      return facing;
    case "up_left":
    case "down_left":
      return "left";
    case "up_right":
    case "down_right":
      return "right";
    default:
      return "right";
  }
}

/**
 * The engine's own avatar when a pack's theme names none: the rabbit of the shared sprite
 * collection, found by file name (`null` where the catalog lacks it).
 */
const DEFAULT_AVATAR: Readonly<Record<string, Readonly<Record<Cardinal, string | { mirror: Cardinal }>>>> = {
  idle: {
    up: "rabbit_idle_away_from_player.png",
    down: "rabbit_idle_facing_player.png",
    left: "rabbit_walking_left_1.png",
    right: "rabbit_looking_right.png",
  },
  moving: {
    up: "rabbit_walking_up_1.png",
    down: "rabbit_walking_down_1.png",
    left: "rabbit_walking_left_1.png",
    right: "rabbit_walking_right_1.png",
  },
  pushing: {
    up: "rabbit_walking_up_2.png",
    down: "rabbit_walking_down_2.png",
    left: { mirror: "right" },
    right: "rabbit_push_right_middle.png",
  },
};

const NONE: AvatarSpriteChoice = Object.freeze({ sprite: null, mirror: false, animation: null });

function isMirror(entry: AvatarSprite): entry is { mirror: Cardinal } {
  return typeof entry === "object" && entry !== null && "mirror" in entry;
}

/** A concrete (non-mirror) sprite entry resolved against the catalog. */
function resolveEntry(ctx: ViewContext, entry: AvatarSprite, name: string): AvatarSpriteChoice | null {
  if (typeof entry === "string") {
    const sprite = resolveAsset(ctx.assets, entry);
    return sprite ? { sprite, mirror: false, animation: null } : null;
  }
  if (isMirror(entry)) return null;
  const animation = resolveAnimation(ctx.assets, name, entry);
  return animation ? { sprite: animation.frames[0] ?? null, mirror: false, animation } : null;
}

/** `sprites[state][facing]`, following one `{ mirror }` step to the same state's other facing. */
function fromMap(
  ctx: ViewContext,
  map: Readonly<Record<string, Readonly<Partial<Record<Cardinal, AvatarSprite>>> | undefined>>,
  state: string,
  facing: Cardinal,
): AvatarSpriteChoice | null {
  const entry = own(map, state)?.[facing];
  if (entry === undefined) return null;
  if (isMirror(entry)) {
    const target = own(map, state)?.[entry.mirror];
    if (target === undefined || isMirror(target)) return null;
    const chosen = resolveEntry(ctx, target, `${state}.${entry.mirror}`);
    return chosen ? { ...chosen, mirror: true } : null;
  }
  return resolveEntry(ctx, entry, `${state}.${facing}`);
}

function chooseAvatarSprite(ctx: ViewContext, state: string, facing: Cardinal): AvatarSpriteChoice {
  const themed = ctx.pack.theme?.avatar;
  const map = (themed?.sprites ?? {}) as Readonly<Record<string, Partial<Record<Cardinal, AvatarSprite>>>>;
  const chosen =
    fromMap(ctx, map, state, facing) ??
    fromMap(ctx, map, "idle", facing) ??
    (themed?.sprite !== undefined ? resolveEntry(ctx, themed.sprite, "sprite") : null);
  if (chosen) return chosen;
  // A theme that names any avatar art keeps its own look; only a theme naming none gets the rabbit.
  if (themed?.sprite !== undefined || Object.keys(map).length > 0) return NONE;
  return fromMap(ctx, DEFAULT_AVATAR, state, facing) ?? fromMap(ctx, DEFAULT_AVATAR, "idle", facing) ?? NONE;
}

/**
 * The avatar's sprite for a state and facing: `sprites[state][facing]`, else `sprites.idle[facing]`,
 * else the theme's `sprite`, else (when the theme names no avatar art at all) the shared rabbit, else
 * none (a procedural figure). `{ mirror: dir }` shows that facing's sprite mirrored; an animation
 * entry comes with its frames. Cached per context.
 */
export function avatarAppearance(ctx: ViewContext, state: string, facing: Direction): AvatarSpriteChoice {
  const side = cardinalFacing(facing);
  const key = `${state}\u0000${side}`;
  let choice = ctx.avatarSprites.get(key);
  if (!choice) {
    choice = chooseAvatarSprite(ctx, state, side);
    ctx.avatarSprites.set(key, choice);
  }
  return choice;
}

/** The appearance of the avatar's piece for a state and facing (cached per context, like kinds'). */
export function avatarPieceAppearance(ctx: ViewContext, state: string, facing: Direction): Appearance {
  return memoized(ctx, `avatar-look:${state}\u0000${cardinalFacing(facing)}`, () => {
    const choice = avatarAppearance(ctx, state, facing);
    return makeAppearance({
      sprite: choice.sprite,
      mirror: choice.mirror,
      display: "circle",
      form: "figure",
      color: ctx.theme.primaryColor,
      text: null,
      icon: null,
      opacity: 1,
      tint: null,
    });
  });
}

/** The states a turn's timeline shows the avatar in (see `timeline.ts`). */
const TIMELINE_STATES = ["idle", "moving", "pushing"] as const;
const CARDINALS: readonly Cardinal[] = ["up", "down", "left", "right"];

/**
 * Every appearance the avatar's piece can take in this pack's timelines (each state a turn shows it
 * in, in each facing), once each: a renderer that keeps their images loaded never draws a move's
 * first frames without the avatar while a new state's or facing's image arrives.
 */
export function avatarLooks(ctx: ViewContext): readonly Appearance[] {
  return memoized(ctx, "avatar-looks", () => {
    const looks = new Map<string, Appearance>();
    for (const state of TIMELINE_STATES)
      for (const facing of CARDINALS) {
        const look = avatarPieceAppearance(ctx, state, facing);
        looks.set(look.key, look);
      }
    return Object.freeze([...looks.values()]);
  });
}

/** The avatar's piece, with the positional default id `avatar`. */
function avatarPiece(ctx: ViewContext, cell: readonly [number, number], facing: Direction): Piece {
  return {
    id: "avatar",
    role: "avatar",
    kind: "avatar",
    layer: "avatar",
    layerIndex: ctx.pack.layers.length,
    cell,
    cells: [cell],
    params: {},
    tags: [],
    symbol: "@",
    name: "avatar",
    appearance: avatarPieceAppearance(ctx, "idle", facing),
  };
}

/**
 * The avatar of a state at rest (`idle`), or `null` when the level has no avatar on the board. A
 * disabled avatar or a theme with `avatar.visible: false` still has a view, marked not visible.
 */
export function avatarView(ctx: ViewContext, level: LevelRuntime, state: GameState): AvatarView | null {
  const a = state.avatar;
  const position = a.position;
  if (!position) return null;
  const [x, y] = position;
  if (x < 0 || y < 0 || x >= level.width || y >= level.height) return null;
  const facing = cardinalFacing(a.facing) as Direction;
  const choice = avatarAppearance(ctx, "idle", facing);
  const item = a.item
    ? { kind: a.item, name: displayName(ctx.pack, a.item), appearance: appearanceOf(ctx, a.item, null) }
    : null;
  return {
    piece: avatarPiece(ctx, [x, y], facing),
    facing: (a.facing as Direction) ?? "right",
    state: "idle",
    enabled: a.enabled,
    visible: a.enabled && ctx.theme.avatarVisible,
    item,
    sprite: choice.sprite,
    mirror: choice.mirror,
    animation: choice.animation,
    looks: avatarLooks(ctx),
  };
}
