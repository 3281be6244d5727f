import type { AssetPath, LayerId, TagName } from "./common.js";

/**
 * The type of an instance parameter that an entity kind declares.
 * `array` holds a JSON array (for example a pipe's queue), `position` an `[x, y]` pair.
 */
export type ParamType =
  | "string"
  | "integer"
  | "number"
  | "boolean"
  | "position"
  | "direction"
  | "array"
  | "object";

/** Declares one parameter that instances of an entity kind may (or must) carry. */
export interface ParamDefinition {
  /** The value type the parameter holds. */
  type: ParamType;
  /**
   * Whether every instance must set this parameter.
   * @default false
   */
  required?: boolean;
  /**
   * An optional human-readable explanation of the parameter, for authors and tools.
   * @maxLength 4000
   */
  description?: string;
}

/** A named frame sequence that effects and systems can play on an entity (for example `breaking`). */
export interface AnimationDefinition {
  /** Sprite paths shown one after another; the duration is split evenly between them. */
  frames: AssetPath[];
  /**
   * Length of the whole animation in milliseconds.
   * @asType integer
   * @minimum 0
   */
  duration: number;
  /**
   * `once` plays the frames a single time; `loop` repeats them until the state changes.
   * @default "once"
   */
  mode?: "once" | "loop";
}

/**
 * Per-kind pacing of motion in the renderer. Only presentation: the engine's behaviour does not depend on it.
 */
export interface MotionTimings {
  /**
   * Milliseconds per cell when an entity of this kind slides or is pushed.
   * @asType integer
   * @minimum 0
   * @default 130
   */
  moveDurationMs?: number;
  /**
   * Milliseconds for a merge of two entities of this kind.
   * @asType integer
   * @minimum 0
   * @default 200
   */
  mergeDurationMs?: number;
  /**
   * Milliseconds per cell when an entity follows a multi-cell path (for example out of a pipe).
   * @asType integer
   * @minimum 0
   * @default 80
   */
  pathStepDurationMs?: number;
  /**
   * Milliseconds for an entity of this kind to appear.
   * @asType integer
   * @minimum 0
   * @default 120
   */
  spawnDurationMs?: number;
}

/**
 * Asks the renderer to draw a border around each connected region of cells that hold this kind
 * (for example the flooded area of a flood-fill game). Presentation only.
 */
export interface OutlineStyle {
  /**
   * Stroke colour, `#RRGGBB` or `#AARRGGBB`.
   * @pattern ^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$
   * @default "#222222"
   * @maxLength 64
   */
  color?: string;
  /**
   * Stroke width in logical pixels.
   * @asType integer
   * @minimum 0
   * @default 2
   */
  width?: number;
}

/**
 * How to draw an entity without a sprite (or when its sprite cannot be loaded).
 * `color` and `label` accept the tokens `@param:<name>` (an instance parameter),
 * `@kind_suffix:<prefix>` (the kind's name minus a prefix) and `@hue:<token>` (a colour derived
 * from a number) as well as literal text.
 */
export interface DisplayHint {
  /**
   * The drawing style: a rounded `tile`, a flat `fill`, a glowing `circle`, a tile with a text `label`,
   * a centred `emoji`, or a named `icon`.
   */
  type: "tile" | "fill" | "circle" | "label" | "emoji" | "icon";
  /**
   * A palette colour name, a CSS colour, or a substitution token.
   * @maxLength 64
   */
  color?: string;
  /**
   * The glyph for `emoji`, or the icon name for `icon`.
   * @maxLength 64
   */
  value?: string;
  /**
   * The text drawn by the `label` style; may use substitution tokens.
   * @maxLength 200
   */
  label?: string;
}

/** Extra presentation hints for a kind. */
export interface RenderHints {
  /**
   * Opacity from 0 (invisible) to 1 (opaque).
   * @minimum 0
   * @maximum 1
   */
  opacity?: number;
  /**
   * A colour multiplied into the sprite.
   * @maxLength 64
   */
  tint?: string;
}

/**
 * An entity kind: a reusable definition that levels place on the board by name
 * (`"rock"`, or `{ "kind": "portal", "channel": "blue" }` with parameters).
 */
export interface EntityKind {
  /** The layer every instance of this kind lives on. */
  layer: LayerId;
  /**
   * Labels that systems and rules use to select entities (`solid`, `pushable`, …).
   * @maxItems 32
   */
  tags: TagName[];
  /**
   * The sprite image, or `null` for an invisible entity. With `spriteParam`, a `{param}` placeholder
   * in the path is replaced by that instance parameter's value.
   */
  sprite?: AssetPath | null;
  /**
   * The instance parameter substituted into the `{…}` placeholder of `sprite`.
   * @maxLength 64
   */
  spriteParam?: string;
  /**
   * One display-width-1 character that stands for this kind in text renderings of the board.
   * Unique within a game; `@` is reserved for the avatar.
   * @maxLength 8
   */
  symbol: string;
  /**
   * When set, text renderings show this instance parameter (for example a number tile's value) instead of `symbol`.
   * @maxLength 64
   */
  symbolParam?: string;
  /** Parameters that instances may set, keyed by name. */
  params?: { [name: string]: ParamDefinition };
  /**
   * A short explanation of the kind for authors and tools.
   * @maxLength 4000
   */
  description?: string;
  /**
   * The name shown to players; the kind's key when absent.
   * @maxLength 200
   */
  uiName?: string;
  /** Named animations that effects (`"animation": "burning"`) and systems can play on this kind. */
  animations?: { [name: string]: AnimationDefinition };
  /** Renderer pacing for motion of this kind. */
  motion?: MotionTimings;
  /** Draw a border around connected regions of this kind. */
  outline?: OutlineStyle;
  /** How to draw the kind procedurally when no sprite is available. */
  display?: DisplayHint;
  /** Extra presentation hints. */
  render?: RenderHints;
}
