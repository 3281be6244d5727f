import type {
  ActionId,
  AssetPath,
  Direction,
  EntityKindId,
  GoalId,
  LayerId,
  LevelId,
  Name,
  ShortText,
} from "./common.js";
import type { EntityKind } from "./entity-kind.js";
import type { AvatarState } from "./level.js";
import type { Rule } from "./rules/index.js";
import type { SystemDefinition } from "./systems/index.js";

export type * from "./entity-kind.js";

/**
 * How many entities a layer holds per cell. An `exactly_one` layer always has an entity in every
 * cell (its `default` kind where nothing else was placed); a `zero_or_one` layer may be empty.
 */
export type Occupancy = "exactly_one" | "zero_or_one";

/** One layer of the board. Layers are drawn in the order declared, the first at the bottom. */
export interface LayerDefinition {
  /** The layer's id, used by entity kinds, levels, systems and rules. */
  id: LayerId;
  /** Whether every cell holds an entity (`exactly_one`) or cells may be empty (`zero_or_one`). */
  occupancy: Occupancy;
  /**
   * For `exactly_one` layers: the kind placed wherever a level leaves the cell unset.
   * @default "empty"
   */
  default?: EntityKindId;
}

/** A parameter of type `direction`: one of the listed directions. */
export interface DirectionParam {
  /** Marks a direction parameter. */
  type: "direction";
  /** The directions this action accepts. */
  values: Direction[];
}

/** A parameter of type `enum`: one of the listed strings. */
export interface EnumParam {
  /** Marks an enumerated parameter. */
  type: "enum";
  /**
   * The values this action accepts.
   * @maxItems 256
   */
  values: Name[];
}

/** A parameter of type `position`: an `[x, y]` cell on the board. */
export interface PositionParam {
  /** Marks a board-position parameter. */
  type: "position";
}

/** A parameter of type `integer`. */
export interface IntegerParam {
  /** Marks an integer parameter. */
  type: "integer";
}

/**
 * The type of one action parameter.
 * @discriminator type
 */
export type ActionParam = DirectionParam | EnumParam | PositionParam | IntegerParam;

/** An abstract player action (move, rotate, tap a cell, …). Controls map input onto actions; systems consume them. */
export interface ActionDefinition {
  /** The action's id, used in gold paths, controls and system configs. */
  id: ActionId;
  /** The parameters the action takes, by name (for example `direction`). Absent or empty for parameterless actions. */
  params?: { [name: string]: ActionParam };
  /** An entity kind whose look the UI may reuse for this action's button (for example a flood colour). */
  entityKind?: EntityKindId;
  /**
   * A palette colour the UI may use for this action's button.
   * @maxLength 64
   */
  color?: string;
  /**
   * A label the UI may show for this action.
   * @maxLength 200
   */
  label?: string;
}

/** An entry of the level sequence that plays a level. */
export interface LevelSequenceLevel {
  /** Marks a level entry. */
  type: "level";
  /** The level's id; the file `levels/<ref>.json` must exist and carry the same `id`. */
  ref: LevelId;
}

/** An entry of the level sequence that shows a story screen between levels. It needs `text`, `image` or both. */
export interface LevelSequenceStory {
  /** Marks a story screen. */
  type: "story";
  /**
   * An optional heading.
   * @maxLength 200
   */
  title?: string;
  /**
   * The body text.
   * @maxLength 4000
   */
  text?: string;
  /** An illustration. */
  image?: AssetPath;
}

/**
 * One step of the game's progression.
 * @discriminator type
 */
export type LevelSequenceEntry = LevelSequenceLevel | LevelSequenceStory;

/** Values levels inherit when they leave the corresponding fields out. */
export interface GameDefaults {
  /** The avatar settings every level starts from; a level's `state.avatar` overrides them field by field. */
  avatar?: AvatarState;
  /**
   * How many passes the cascade phase may run per turn before it stops.
   * @asType integer
   * @minimum 0
   * @default 3
   */
  maxCascadeDepth?: number;
}

/** Switches for the player-facing UI. */
export interface GameUiOptions {
  /**
   * Show the goal panel during play.
   * @default true
   */
  showGoal?: boolean;
  /**
   * Show the level's `guide` text during play.
   * @default false
   */
  showGuide?: boolean;
}

/**
 * `game.json`: the gameplay shared by every level of a pack: layers, actions, entity kinds,
 * systems, rules, the level sequence and defaults. Identity and presentation live in
 * `manifest.json` and `theme.json`.
 */
export interface GameDefinition {
  /**
   * The JSON Schema this file follows; lets editors validate and complete it.
   * @maxLength 1024
   */
  $schema?: string;
  /** The board's layers, bottom first. */
  layers: LayerDefinition[];
  /** The actions the player can take. */
  actions: ActionDefinition[];
  /** Every entity kind the game uses, keyed by the name levels refer to. */
  entityKinds: { [kind: string]: EntityKind };
  /** The engine systems the game enables, with their configuration. They run in this order in every phase. */
  systems: SystemDefinition[];
  /** Event-condition-effect rules shared by every level. */
  rules?: Rule[];
  /**
   * The order in which levels and story screens are played.
   * @maxItems 1000
   */
  levelSequence: LevelSequenceEntry[];
  /** Values levels inherit. */
  defaults?: GameDefaults;
  /** Switches for the player-facing UI. */
  ui?: GameUiOptions;
  /** Player-facing explanations of goals, keyed by goal id, shown where a level's goal has no text of its own. */
  goalDescriptions?: { [goal: GoalId]: ShortText };
}
