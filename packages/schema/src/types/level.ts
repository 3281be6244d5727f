import type {
  AssetPath,
  Direction,
  EntityKindId,
  JsonValue,
  LayerId,
  LevelId,
  Name,
  Position,
  ScalarValue,
  Size,
  SystemId,
  VariableName,
} from "./common.js";
import type { Goal, LoseCondition } from "./goals.js";
import type { LayerData } from "./layer-data.js";
import type { Rule } from "./rules/index.js";

export type * from "./goals.js";
export type * from "./layer-data.js";

/** A cell of a multi-cell object with its own sprite. */
export interface MultiCellObjectCell {
  /** The cell occupied. */
  position: Position;
  /** A sprite drawn on this cell instead of the kind's sprite. Presentation only. */
  sprite?: AssetPath;
}

/** An object spanning several cells, or with internal state beyond one entity's parameters (a pipe with a queue). */
export interface MultiCellObject {
  /**
   * The object's id, unique within the level; rules and systems refer to it (for example as an emitter).
   * @maxLength 64
   */
  id: string;
  /** The object's kind, declared in `entityKinds`. */
  kind: EntityKindId;
  /**
   * The cells it covers, as `[x, y]` pairs or cell objects with a sprite.
   * @maxItems 65536
   */
  cells: (Position | MultiCellObjectCell)[];
  /** Kind-specific parameters, such as a pipe's queue and exits. */
  params?: { [name: string]: JsonValue };
}

/** The board of a level. */
export interface Board {
  /** Width and height in cells. */
  size: Size;
  /** The contents of each layer, keyed by layer id. Layers left out are empty (or all default, for `exactly_one` layers). */
  layers: { [layer: LayerId]: LayerData };
  /**
   * Objects spanning several cells.
   * @maxItems 65536
   */
  multiCellObjects?: MultiCellObject[];
}

/** The avatar's single inventory slot. */
export interface Inventory {
  /** The kind of the item held, or `null` for empty hands. */
  slot: EntityKindId | null;
}

/** The avatar's starting state. Fields left out come from `game.json` `defaults.avatar`. */
export interface AvatarState {
  /** Whether the level has an avatar. */
  enabled?: boolean;
  /** Where the avatar starts. Required when the avatar is enabled. */
  position?: Position;
  /** The direction the avatar faces at the start. */
  facing?: Direction;
  /** What the avatar holds at the start. */
  inventory?: Inventory;
}

/** The selection rectangle used by the `overlay_cursor` system. */
export interface OverlayState {
  /** The top-left cell of the overlay. */
  position: Position;
  /** The overlay's width and height. */
  size: Size;
}

/** The level's initial run-time state. */
export interface LevelState {
  /** The avatar. */
  avatar?: AvatarState;
  /** Named values rules and goals read and change: integers, strings or booleans. */
  variables?: { [name: VariableName]: ScalarValue };
  /** The overlay cursor, for games that use one. */
  overlay?: OverlayState;
}

/** A gold-path step written out in full: the action id and its parameters. */
export interface GoldPathAction {
  /**
   * The action taken: the id of an action declared in `game.json` (checked by the solution check, which also knows the shorthand).
   * @maxLength 64
   */
  action: string;
  /** The action's parameters, by name. */
  [param: string]: JsonValue;
}

/**
 * One step of the gold path. A string is a shorthand: `up`, `down`, `left` and `right` stand for
 * `{ "action": "move", "direction": … }`, any other string for that action without parameters.
 */
export type GoldPathStep = GoldPathAction | GoldPathShorthand;

/**
 * A gold-path step as a string: a direction for `move`, or the id of an action without parameters.
 * @maxLength 64
 */
export type GoldPathShorthand = string;

/** The intended solution and the hints derived from it. */
export interface Solution {
  /**
   * The actions of the intended solution, in order. Replaying them must win the level.
   * @maxItems 10000
   */
  goldPath: GoldPathStep[];
  /**
   * Hint levels: hint `n` replays the first `hintStops[n]` gold-path actions. Strictly increasing,
   * at most three, none beyond the gold path's length.
   * @maxItems 3
   */
  hintStops?: HintStop[];
}

/**
 * A number of gold-path actions a hint replays.
 * @asType integer
 * @minimum 0
 */
export type HintStop = number;

/** Information for tools, search and catalogs; it does not affect play. */
export interface LevelMetadata {
  /**
   * What the level teaches or asks.
   * @maxLength 4000
   */
  description?: string;
  /**
   * Difficulty, 1 (easiest) upward.
   * @asType integer
   * @minimum 0
   */
  difficulty?: number;
  /**
   * Search keywords.
   * @maxItems 32
   */
  tags?: Name[];
  /**
   * Notes for other authors: the intended insight, known alternatives.
   * @maxLength 4000
   */
  authorNotes?: string;
}

/** A level file (`levels/<id>.json`): one puzzle with its board, initial state, goals and solution. */
export interface LevelDefinition {
  /**
   * The JSON Schema this file follows; lets editors validate and complete it.
   * @maxLength 1024
   */
  $schema?: string;
  /** The level's id; equals the file name without `.json` and the `ref` in `levelSequence`. */
  id: LevelId;
  /**
   * The level's name shown to players.
   * @maxLength 200
   */
  title?: string;
  /**
   * A player-facing hint shown during play when the game's `ui.showGuide` is on.
   * @maxLength 4000
   */
  guide?: string;
  /** The board: size, layer contents, multi-cell objects. */
  board: Board;
  /** The initial avatar, variables and overlay. */
  state: LevelState;
  /**
   * The win conditions; all must hold at once.
   * @minItems 1
   */
  goals: Goal[];
  /** Conditions that end the level in a loss. */
  loseConditions?: LoseCondition[];
  /** Level-local rules, run after the game's rules (priority permitting). */
  rules?: Rule[];
  /** Per-system config overrides for this level, keyed by system id and merged shallowly onto that system's `config`; an `enabled` key switches the system on or off. */
  systemOverrides?: { [system: SystemId]: { [key: string]: JsonValue } };
  /** The intended solution and hint stops. */
  solution: Solution;
  /** Information for tools and catalogs. */
  metadata?: LevelMetadata;
}
