import type { ActionInput } from "@gridponder/engine";
import type { Direction, JsonValue } from "@gridponder/schema";
import type { BoardView } from "./board-view.js";

/** A grid direction, as the DSL names them; renderers take it from the view. */
export type { Direction };

/** A board cell `[x, y]`; y grows downwards (row 0 is the top row, the far side in isometric view). */
export type Cell = readonly [x: number, y: number];

// ---------------------------------------------------------------------------------------------
// Assets
// ---------------------------------------------------------------------------------------------

/**
 * The files a page can load for a pack: its own asset files and the shared collections it may draw on,
 * in search order. Paths are relative to the pack root (or to the collection root).
 */
export interface AssetCatalog {
  /** Pack-relative paths of the pack's files, e.g. `assets/sprites/grass.png`. */
  readonly packFiles: readonly string[];
  /** Shared collections in the order they are searched (the manifest's `sharedAssets`, then implicit ones). */
  readonly collections: readonly { readonly id: string; readonly files: readonly string[] }[];
}

/** A resolved image: a file of the pack (`collection: null`) or of a shared collection. */
export interface SpriteRef {
  readonly collection: string | null;
  readonly path: string;
}

/** A frame animation with its frames resolved. */
export interface FrameAnimation {
  readonly name: string;
  readonly frames: readonly SpriteRef[];
  readonly durationMs: number;
  readonly loop: boolean;
}

// ---------------------------------------------------------------------------------------------
// Appearance
// ---------------------------------------------------------------------------------------------

/** The procedural drawing style of a kind (the DSL's `display.type`). */
export type DisplayType = "tile" | "fill" | "circle" | "label" | "emoji" | "icon";

/**
 * The 3D form a renderer gives a piece drawn without a sprite (and the silhouette a 2D fallback uses):
 * - `flat`: a thin slab on the ground (floors, liquids, markers, claimed territory)
 * - `block`: a full-height cube (walls, solid scenery)
 * - `crate`: a slightly smaller bevelled cube (pushable things)
 * - `orb`: a sphere floating a little above its cell (pickups, portals, glowing circles)
 * - `tile`: a low rounded box, half height (number tiles, coloured cells)
 * - `figure`: a capsule (the avatar and actors)
 */
export type Form = "flat" | "block" | "crate" | "orb" | "tile" | "figure";

/** Everything needed to draw one piece, resolved from its kind, params and the theme. */
export interface Appearance {
  /** The sprite to draw, after the fallback chain; `null` draws the procedural form. */
  readonly sprite: SpriteRef | null;
  /** Whether the sprite is drawn mirrored left to right (the avatar's `{ mirror }`). */
  readonly mirror: boolean;
  /** The procedural style (from `display`, else chosen from tags and layer). */
  readonly display: DisplayType;
  /** The form a 3D renderer builds when there is no sprite. */
  readonly form: Form;
  /** The base colour as `#rrggbb` (palette name, CSS name, `@hue:` token, `entityColors`, or a default). */
  readonly color: string;
  /** Text drawn on the piece: a label, a number, an emoji glyph, or `null`. */
  readonly text: string | null;
  /** The icon name of `display.type: icon` (e.g. `blur_on`), or `null`. */
  readonly icon: string | null;
  /** Opacity 0..1 (`render.opacity`). */
  readonly opacity: number;
  /** A colour multiplied into the sprite (`render.tint`) as `#rrggbb`, or `null`. */
  readonly tint: string | null;
  /** A key equal for appearances that draw identically: renderers batch (instance) by it. */
  readonly key: string;
}

// ---------------------------------------------------------------------------------------------
// Scene
// ---------------------------------------------------------------------------------------------

/** What a piece is, for renderers that treat some roles specially. */
export type PieceRole = "ground" | "entity" | "multi_cell" | "avatar";

/** One drawn thing: an entity on a layer, a multi-cell object, or the avatar. */
export interface Piece {
  /** Stable visual identity: the same object keeps its id across turns (see `advanceScene`). */
  readonly id: string;
  readonly role: PieceRole;
  /** Entity kind; `"avatar"` for the avatar. */
  readonly kind: string;
  /** Layer id (the avatar is drawn above every layer: `"avatar"`). */
  readonly layer: string;
  /** Index in `game.layers` (the avatar: the number of layers). */
  readonly layerIndex: number;
  /** The anchor cell (a multi-cell object's first cell). */
  readonly cell: Cell;
  /** Every cell covered (one for ordinary entities). */
  readonly cells: readonly Cell[];
  /** Instance params (run-time params for multi-cell objects). */
  readonly params: Readonly<Record<string, JsonValue>>;
  readonly tags: readonly string[];
  /** The kind's text symbol, or the `symbolParam` value. */
  readonly symbol: string;
  /** The player-facing name (`displayName`: `uiName`, else the kind in words). */
  readonly name: string;
  readonly appearance: Appearance;
  /** Per-cell sprites of a multi-cell object (`cells[i].sprite`), aligned with `cells`; `null` where none. */
  readonly cellSprites?: readonly (SpriteRef | null)[];
  /** Numbers a pipe still holds, in order (from its params), drawn on it; absent for other pieces. */
  readonly queue?: readonly JsonValue[];
  /** The pipe item shown on each cell, aligned with `cells` (`null` where the cell is empty); with `queue`. */
  readonly queueCells?: readonly (JsonValue | null)[];
  /** Whether this sliding block is the selected one (drawn with a selection ring). */
  readonly selected?: boolean;
}

/** The avatar beyond its piece: state, facing and what it carries. */
export interface AvatarView {
  readonly piece: Piece;
  readonly facing: Direction;
  /** `idle`, `moving`, `pushing` or a custom state; scenes are at rest, so `idle` there. */
  readonly state: string;
  readonly enabled: boolean;
  readonly visible: boolean;
  /** The carried item (drawn as a badge), or `null`. */
  readonly item: { readonly kind: string; readonly name: string; readonly appearance: Appearance } | null;
  /** The sprite for the current state and facing (state → idle → sprite → default), with `mirror`. */
  readonly sprite: SpriteRef | null;
  readonly mirror: boolean;
  /** When the chosen avatar sprite is an animation. */
  readonly animation: FrameAnimation | null;
  /**
   * Every appearance the avatar can take in a turn's timeline (each state in each facing), so a
   * renderer can have their images ready before a move shows them.
   */
  readonly looks: readonly Appearance[];
}

/** A connected region of cells holding a kind with an `outline`, and its border as unit edges. */
export interface OutlineRegion {
  readonly kind: string;
  readonly layer: string;
  readonly color: string;
  readonly width: number;
  readonly cells: readonly Cell[];
  /** Border segments between a region cell and a non-region cell, as `[x1, y1, x2, y2]` in cell corners. */
  readonly edges: readonly (readonly [number, number, number, number])[];
}

/** The overlay cursor rectangle. */
export interface OverlayView {
  readonly cell: Cell;
  readonly size: readonly [w: number, h: number];
  readonly color: string;
}

/** A `board_match` goal's target, drawn as a mini-grid: cells of the target layer as appearances. */
export interface GoalGridView {
  readonly goalId: string;
  readonly width: number;
  readonly height: number;
  /** Row-major; `null` where the target has nothing. */
  readonly cells: readonly (Appearance | null)[];
}

/** The theme as a renderer needs it, every field defaulted. */
export interface ThemeView {
  /** Colour names to `#rrggbb`: the built-in palette overridden by the pack's. */
  readonly palette: Readonly<Record<string, string>>;
  readonly primaryColor: string;
  readonly backgroundColor: string;
  readonly board: {
    readonly cellSize: number;
    readonly cellSpacing: number;
    readonly borderRadius: number;
    readonly gridLineColor: string;
    readonly showGridLines: boolean;
    /** How the board is first shown (`boardStyle.view`). */
    readonly view: BoardView;
  };
  readonly text: { readonly fontFamily: string; readonly titleColor: string; readonly bodyColor: string };
  readonly avatarVisible: boolean;
}

/** One layer of the scene. */
export interface LayerView {
  readonly id: string;
  readonly index: number;
  readonly exactlyOne: boolean;
  /** Row-major cells (`y * width + x`): the piece there, or `null`. */
  readonly cells: readonly (Piece | null)[];
}

/** Everything drawn for one state: renderer-agnostic, immutable. */
export interface Scene {
  readonly width: number;
  readonly height: number;
  /** In `game.layers` order (bottom first). */
  readonly layers: readonly LayerView[];
  /** Every piece: layer entities (layer order, then row-major), multi-cell objects, then the avatar. */
  readonly pieces: readonly Piece[];
  /** Row-major: true where the ground is void (nothing is drawn there, not even a floor). */
  readonly void: readonly boolean[];
  readonly outlines: readonly OutlineRegion[];
  readonly avatar: AvatarView | null;
  readonly overlay: OverlayView | null;
  readonly goalGrids: readonly GoalGridView[];
  readonly theme: ThemeView;
}

// ---------------------------------------------------------------------------------------------
// Animation timeline
// ---------------------------------------------------------------------------------------------

/** How a value moves from the previous key to this one. */
export type Ease = "linear" | "in" | "out" | "in_out" | "step";

/**
 * A piece's pose at one instant, in board units: `x`, `y` are the cell coordinates of its anchor
 * (fractional while moving), `z` a lift above the ground in cells (negative while sinking).
 */
export interface Pose {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** Uniform scale (0 = vanished). */
  readonly scale: number;
  /** Extra vertical scale for squash and stretch (1 = none). */
  readonly squash: number;
  readonly opacity: number;
  /** Rotation about the vertical axis in quarter turns (for rotating regions). */
  readonly turn: number;
}

/** A keyframe of a track. */
export interface Key {
  /** Milliseconds from the timeline's start. */
  readonly t: number;
  readonly pose: Pose;
  /** How the pose gets here from the previous key. */
  readonly ease: Ease;
  /** From this key on, draw this appearance (a frame of an animation, a transformed kind). */
  readonly appearance?: Appearance;
  /** From this key on, the avatar's state (`moving`, `pushing`, `idle`), for renderers choosing its sprite. */
  readonly avatarState?: string;
}

/** One piece's animation over the timeline. Pieces without a track rest where the end scene puts them. */
export interface Track {
  readonly id: string;
  /** The piece as it is drawn at the start (for leaving pieces: as in `from`; for new ones: as in `to`). */
  readonly piece: Piece;
  /** Sorted by `t`; before the first key the first pose holds, after the last the last. */
  readonly keys: readonly Key[];
  /** The piece is not in the end scene: remove it when the timeline ends. */
  readonly leaves: boolean;
  /** The piece is not in the start scene: it appears (hidden until its first key). */
  readonly enters: boolean;
}

/** A sprite-strip effect (theme `effects`) played at a cell. */
export interface EffectStep {
  readonly event: string;
  readonly cell: Cell;
  readonly startMs: number;
  readonly durationMs: number;
  readonly sheet: SpriteRef;
  readonly frames: number;
  readonly scale: number;
}

/** The stages a turn plays in order; each starts when the previous one ends. */
export type StageName = "motion" | "merge" | "transform" | "destroy" | "spawn" | "npc" | "effects";

export interface Stage {
  readonly name: StageName;
  readonly startMs: number;
  readonly durationMs: number;
  /** Ids of the tracks that animate in this stage. */
  readonly ids: readonly string[];
}

/** What caused a timeline. */
export type TimelineCause = "turn" | "undo" | "redo" | "reset" | "load";

/** The animation from one scene to the next. */
export interface Timeline {
  readonly cause: TimelineCause;
  readonly from: Scene;
  readonly to: Scene;
  readonly durationMs: number;
  readonly stages: readonly Stage[];
  readonly tracks: readonly Track[];
  readonly effects: readonly EffectStep[];
}

// ---------------------------------------------------------------------------------------------
// HUD
// ---------------------------------------------------------------------------------------------

export interface GoalView {
  readonly id: string;
  readonly type: string;
  /** Player-facing text: the goal's `display.text`, the game's `goalDescriptions`, or generated. */
  readonly text: string;
  readonly done: boolean;
  /** 0..1. */
  readonly progress: number;
}

export interface Hud {
  readonly levelId: string;
  readonly title: string;
  /** The level's guide, when the game's `ui.showGuide` is on. */
  readonly guide: string | null;
  /** Empty when the game's `ui.showGoal` is off. */
  readonly goals: readonly GoalView[];
  readonly actionsUsed: number;
  /** From a `max_actions` lose condition, or `null`. */
  readonly maxActions: number | null;
  readonly inventory: {
    readonly kind: string;
    readonly name: string;
    readonly appearance: Appearance;
  } | null;
  /** The level's variables, with display names. */
  readonly variables: readonly { readonly name: string; readonly label: string; readonly value: string }[];
  readonly status: "playing" | "won" | "lost";
  /** The lose condition's id or type, and a sentence for players. */
  readonly loseReason: string | null;
  readonly loseText: string | null;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Whether a hint can be played now, and how far it would go. */
  readonly hint: {
    readonly available: boolean;
    readonly nextStop: number | null;
    readonly stops: readonly number[];
  };
  /** The gold path's length (an upper bound on the optimum), or `null`. */
  readonly goldLength: number | null;
}

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** A player input, before it becomes an action. */
export type Gesture =
  | { readonly type: "swipe"; readonly direction: Direction }
  | { readonly type: "tap"; readonly cell: Cell }
  | { readonly type: "button"; readonly buttonId: string }
  | {
      readonly type: "key";
      /** `KeyboardEvent.key` (e.g. `ArrowUp`, `r`, `R`). */
      readonly key: string;
      readonly shift?: boolean;
      readonly ctrl?: boolean;
      readonly alt?: boolean;
      readonly meta?: boolean;
    };

/** Player commands that are not game actions. */
export type Command = "undo" | "redo" | "reset" | "hint";

/** What an input does: a game action, a player command, or nothing. */
export type InputOutcome =
  | { readonly kind: "action"; readonly action: ActionInput }
  | { readonly kind: "command"; readonly command: Command }
  | null;

/** An on-screen button the player shows. */
export interface ButtonView {
  readonly id: string;
  readonly label: string;
  /** What pressing it does. */
  readonly outcome: Exclude<InputOutcome, null>;
  /** A colour for the button (the action's `color`, its entity kind's colour), or `null`. */
  readonly color: string | null;
  /** The key that does the same, for a tooltip (e.g. `R`), or `null`. */
  readonly key: string | null;
  /** `game` for pack buttons, `direction` for the d-pad, `command` for undo/redo/reset/hint. */
  readonly group: "game" | "direction" | "command";
}

/** How input becomes actions for one pack. */
export interface InputModel {
  readonly swipeCardinal: boolean;
  readonly swipeDiagonal: boolean;
  readonly tapCell: boolean;
  readonly buttons: readonly ButtonView[];
  /** Keyboard help: a key and what it does, in words. */
  readonly keys: readonly { readonly key: string; readonly does: string }[];
}
