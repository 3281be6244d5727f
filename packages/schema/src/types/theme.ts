import type { ActionId, AssetPath, CardinalDirection, EntityKindId, JsonValue } from "./common.js";
import type { AnimationDefinition } from "./entity-kind.js";

/**
 * The pack's presentation and input file (`theme.json`): colours, board and text styling, avatar
 * sprites, visual effects and the mapping from player input to game actions. It never changes how
 * the game plays; platforms may override any of it, and every field falls back to an engine default.
 */
export interface Theme {
  /**
   * The JSON Schema this file follows; lets editors validate and complete it. Ignored by the engine.
   * @maxLength 1024
   */
  $schema?: string;
  /** How player input (swipes, taps, buttons, keys) turns into the actions declared in `game.json`. */
  controls?: ThemeControls;
  /** Cover art for the library screen, relative to the pack root. */
  coverImage?: AssetPath;
  /** The accent colour used for highlights and controls. */
  primaryColor?: HexColor;
  /** The colour painted behind the board. */
  backgroundColor?: HexColor;
  /** How the board's cells and grid are drawn. */
  boardStyle?: BoardStyle;
  /** Font and colours for titles and body text. */
  textStyle?: TextStyle;
  /** How the avatar is drawn: one sprite, or a sprite map by state and facing. */
  avatar?: ThemeAvatar;
  /**
   * Colour names and their values (for example `"red": "#E53935"`), used wherever an entity's
   * display or an action names a colour. List only the names to add or override; other names keep
   * the renderer's built-in colours.
   */
  palette?: { [colorName: string]: HexColor };
  /**
   * Base colours for drawing entity kinds procedurally, by entity-kind key (for example
   * `"cell_red": "#E53935"`). Not described in the DSL documents; inferred from packs that set it
   * next to `palette`. Only presentation: the engine ignores it.
   */
  entityColors?: { [kind: EntityKindId]: HexColor };
  /**
   * Sprite-strip animations to play where an engine event happens, by event type (for example
   * `cell_transformed`, `object_removed`, `cell_claimed`). Every matching event of a turn plays at
   * its own cell at the same time. Only presentation: the engine never reads it, and clients without
   * effects support skip it.
   */
  effects?: { [eventType: string]: CellEffect };
  /**
   * Short synthesised sounds for what a turn does, tuned or silenced per event. Players synthesise
   * them (no audio files); a player may mute them all, and none plays before the player first
   * presses a key or touches the page.
   */
  sounds?: ThemeSounds;
}

/** The sounds of a turn, by what it did; an event left out keeps the player's own tone. */
export interface ThemeSounds {
  /**
   * Whether the game makes sounds at all.
   * @default true
   */
  enabled?: boolean;
  /** The avatar or the selection moved, or an action changed the board. */
  move?: SoundTone | "off";
  /** Something was pushed. */
  push?: SoundTone | "off";
  /** Pieces merged into one. */
  merge?: SoundTone | "off";
  /** The action was refused, or the move was blocked. */
  blocked?: SoundTone | "off";
  /** The level was solved. */
  win?: SoundTone | "off";
  /** The level was lost. */
  lose?: SoundTone | "off";
}

/** One synthesised tone; fields left out keep the player's default for that event. */
export interface SoundTone {
  /**
   * The pitch in hertz.
   * @minimum 40
   * @maximum 4000
   */
  pitch?: number;
  /**
   * How long it sounds, in milliseconds.
   * @minimum 10
   * @maximum 2000
   */
  duration?: number;
  /**
   * Loudness from 0 (silent) to 1.
   * @minimum 0
   * @maximum 1
   */
  volume?: number;
  /** The waveform: `sine` is soft, `square` and `sawtooth` buzz, `triangle` is between. */
  wave?: "sine" | "square" | "triangle" | "sawtooth";
}

/**
 * A colour in hexadecimal: `#RRGGBB`, or `#AARRGGBB` with an alpha channel first.
 * @pattern ^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$
 * @maxLength 9
 */
export type HexColor = string;

/** The input bindings of a game. Platforms treat them as defaults they may replace. */
export interface ThemeControls {
  /**
   * The bindings, each tying one kind of input to one action. Arrow keys on desktop act as
   * cardinal swipes, and `button` bindings get on-screen buttons.
   */
  gestureMap: GestureBinding[];
}

/**
 * One input-to-action binding, selected by its `gesture`.
 * @discriminator gesture
 */
export type GestureBinding =
  | SwipeCardinalBinding
  | SwipeDiagonalBinding
  | TapCellBinding
  | ButtonBinding
  | KeyPressBinding;

/**
 * Fixed parameter values sent with an action, by parameter name (for example
 * `{"direction": "up_left"}`). They must fit the parameters the action declares in `game.json`.
 */
export type StaticActionParams = { [param: string]: JsonValue };

/** Fields every binding has, whatever its input. */
export interface GestureBindingBase {
  /** The action the input emits; it must be declared in `game.json` `actions`. */
  action: ActionId;
  /** Fixed parameter values sent with every action this binding emits. */
  params?: StaticActionParams;
}

/** A swipe up, down, left or right (also triggered by the arrow keys on desktop). */
export interface SwipeCardinalBinding extends GestureBindingBase {
  /** Marks a cardinal-swipe binding. */
  gesture: "swipe_cardinal";
  /**
   * Which action parameters receive the swipe's direction, by parameter name
   * (for example `{"direction": "swipe_direction"}`).
   */
  paramMapping?: { [param: string]: "swipe_direction" };
}

/** A swipe along one of the four diagonals. */
export interface SwipeDiagonalBinding extends GestureBindingBase {
  /** Marks a diagonal-swipe binding. */
  gesture: "swipe_diagonal";
  /**
   * Which action parameters receive the swipe's diagonal direction, by parameter name
   * (for example `{"direction": "swipe_direction"}`).
   */
  paramMapping?: { [param: string]: "swipe_direction" };
}

/** A tap on a board cell. */
export interface TapCellBinding extends GestureBindingBase {
  /** Marks a cell-tap binding. */
  gesture: "tap_cell";
  /**
   * Which action parameters receive the tapped cell's `[x, y]`, by parameter name
   * (for example `{"position": "tap_position"}`).
   */
  paramMapping?: { [param: string]: "tap_position" };
}

/** An on-screen button; it sends the action with its static `params` only. */
export interface ButtonBinding extends GestureBindingBase {
  /** Marks a button binding. */
  gesture: "button";
  /**
   * Identifies the button in the UI (for example `rotate`), and so which control the player presses.
   * @minLength 1
   * @maxLength 64
   */
  buttonId: string;
}

/**
 * A keyboard shortcut; it sends the action with its static `params` only. Not described in the DSL
 * documents; inferred from packs that pair buttons and keyboard-only actions with keys.
 */
export interface KeyPressBinding extends GestureBindingBase {
  /** Marks a key-press binding. */
  gesture: "key_press";
  /**
   * The key that triggers the action. Packs use single lowercase letters such as `r`.
   * @minLength 1
   * @maxLength 32
   */
  key: string;
}

/** Rendering hints for the board. All sizes are in logical pixels and only suggestions. */
export interface BoardStyle {
  /**
   * The preferred edge length of one cell.
   * @asType integer
   * @minimum 1
   * @default 64
   */
  cellSize?: number;
  /**
   * The gap left between neighbouring cells.
   * @asType integer
   * @minimum 0
   * @default 2
   */
  cellSpacing?: number;
  /**
   * How much the corners of each cell are rounded.
   * @asType integer
   * @minimum 0
   * @default 4
   */
  borderRadius?: number;
  /**
   * The colour of the grid lines.
   * @default "#333333"
   */
  gridLineColor?: HexColor;
  /**
   * Whether grid lines are drawn between cells.
   * @default true
   */
  showGridLines?: boolean;
  /**
   * How the board is first shown: `isometric` (from a corner, blocks standing up) or `top-down` (from
   * straight above, row 0 at the top). Players may switch; their choice then wins.
   * @default "isometric"
   */
  view?: "isometric" | "top-down";
}

/** Font and colours for the game's text. */
export interface TextStyle {
  /**
   * The font to use by name; `default` keeps the platform's own font.
   * @default "default"
   * @maxLength 200
   */
  fontFamily?: string;
  /**
   * The colour of titles.
   * @default "#FFFFFF"
   */
  titleColor?: HexColor;
  /**
   * The colour of body text.
   * @default "#CCCCCC"
   */
  bodyColor?: HexColor;
}

/**
 * How the avatar looks. Simple mode sets only `sprite`; sprite-map mode adds `sprites` by state and
 * facing. To pick a sprite for state S facing D the renderer tries `sprites[S][D]`, then
 * `sprites.idle[D]`, then `sprite`, then its own default.
 */
export interface ThemeAvatar {
  /** The single sprite of simple mode, and the last fallback of sprite-map mode. Defaults to the engine's avatar. */
  sprite?: AssetPath;
  /**
   * Whether the avatar is drawn at all; turn it off for games played only through an overlay.
   * @default true
   */
  visible?: boolean;
  /** Sprites by avatar state, then by facing direction. */
  sprites?: AvatarSpriteMap;
}

/**
 * Avatar sprites by state. Systems set the state as the game runs (`moving` while walking,
 * `pushing` while pushing); a pack may also key custom states that its systems set.
 */
export type AvatarSpriteMap = AvatarStandardStateSprites & {
  /** Sprites for any other state, by the state's name. */
  [state: string]: AvatarDirectionSprites;
};

/** The avatar states the built-in systems use. */
export interface AvatarStandardStateSprites {
  /** Standing still; also the fallback for any state without a sprite for the needed facing. */
  idle?: AvatarDirectionSprites;
  /** Walking from one cell to another. */
  moving?: AvatarDirectionSprites;
  /** Pushing an object. */
  pushing?: AvatarDirectionSprites;
}

/** The sprites of one avatar state, one per facing direction. A missing facing falls back to `idle`. */
export interface AvatarDirectionSprites {
  /** Facing up (away from the player). */
  up?: AvatarSprite;
  /** Facing down (towards the player). */
  down?: AvatarSprite;
  /** Facing left. */
  left?: AvatarSprite;
  /** Facing right. */
  right?: AvatarSprite;
}

/** What the avatar shows for one state and facing: a still image, an animation, or a mirrored copy. */
export type AvatarSprite = AssetPath | AnimationDefinition | AvatarMirror;

/** Reuses another facing's sprite or animation of the same state, flipped left to right, so no extra art is needed. */
export interface AvatarMirror {
  /** The facing of the same state whose sprite or animation is shown flipped. */
  mirror: CardinalDirection;
}

/** A horizontal sprite strip played once at the cell where an event happened. */
export interface CellEffect {
  /** The strip image: equally wide frames laid out from left to right. */
  sheet: AssetPath;
  /**
   * How many frames the strip holds.
   * @asType integer
   * @minimum 1
   * @default 1
   */
  frames?: number;
  /**
   * How long one pass through all frames takes, in milliseconds.
   * @asType integer
   * @minimum 0
   * @default 300
   */
  durationMs?: number;
  /**
   * Drawn size relative to one board cell; above 1 the effect spills over neighbouring cells.
   * @exclusiveMinimum 0
   * @default 1
   */
  scale?: number;
}
