/**
 * Building blocks shared by every file of a pack.
 * @module
 */

/** A board coordinate `[x, y]`: `x` counts columns from the left, `y` rows from the top, both from 0. */
export type Position = [x: Coordinate, y: Coordinate];

/**
 * One coordinate of a cell: a whole number from 0.
 * @asType integer
 * @minimum 0
 */
export type Coordinate = number;

/** A size `[width, height]` in cells. */
export type Size = [width: Dimension, height: Dimension];

/**
 * A board dimension in cells, from 1 to 256. The cap keeps a hostile or mistyped pack from asking
 * the engine for billions of cells.
 * @asType integer
 * @minimum 1
 * @maximum 256
 */
export type Dimension = number;

/** One of the four orthogonal directions. */
export type CardinalDirection = "up" | "down" | "left" | "right";

/** One of the four diagonal directions. */
export type DiagonalDirection = "up_left" | "up_right" | "down_left" | "down_right";

/** Any of the eight grid directions. */
export type Direction = CardinalDirection | DiagonalDirection;

/** A value a variable, a parameter or a rule can hold: integers, strings and booleans. */
export type ScalarValue = JsonText | number | boolean;

/** Any JSON value; used where the DSL deliberately leaves a value open. */
export type JsonValue = JsonText | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * A string inside an open JSON value (a parameter, a custom config), at most 4000 characters.
 * @maxLength 4000
 */
export type JsonText = string;

/**
 * Player-facing text on one line (a description of a goal), at most 200 characters.
 * @maxLength 200
 */
export type ShortText = string;

/**
 * A name a pack chooses where nothing declares it (a search keyword, a collection id, an enum value),
 * at most 64 characters like every other name.
 * @maxLength 64
 */
export type Name = string;

/**
 * A path to a file inside the pack, relative to the pack root (for example `assets/sprites/rock.png`).
 * It may not be absolute and may not climb out of the pack with `..`.
 * @gpRef asset
 * @maxLength 1024
 */
export type AssetPath = string;

// ---------------------------------------------------------------------------
// Reference types. Each alias below is a plain string in JSON, but the
// `@gpRef` tag survives into the generated JSON Schema, so the validator can
// find every reference in a pack generically instead of keeping a hand-written
// list of "fields that name a layer" next to the types.
// ---------------------------------------------------------------------------

/**
 * The id of a layer declared in `game.json` `layers`.
 * @gpRef layer
 * @maxLength 64
 */
export type LayerId = string;

/**
 * The key of an entity kind declared in `game.json` `entityKinds`.
 * @gpRef kind
 * @maxLength 64
 */
export type EntityKindId = string;

/**
 * The id of an action declared in `game.json` `actions`.
 * @gpRef action
 * @maxLength 64
 */
export type ActionId = string;

/**
 * A tag, as listed in the `tags` of entity kinds. Tags are free-form labels that systems and rules select entities by.
 * @gpRef tag
 * @maxLength 64
 */
export type TagName = string;

/**
 * The id of a system instance declared in `game.json` `systems`.
 * @gpRef system
 * @maxLength 64
 */
export type SystemId = string;

/**
 * The name of a level variable (declared in a level's `state.variables`, or maintained by a system at run time).
 * @gpRef variable
 * @maxLength 64
 */
export type VariableName = string;

/**
 * The id of a multi-cell object (such as a pipe) declared in a level's `board.multiCellObjects`.
 * @gpRef emitter
 * @maxLength 64
 */
export type EmitterId = string;

/**
 * The id of a level; it names the file `levels/<id>.json`.
 * @gpRef level
 * @maxLength 64
 */
export type LevelId = string;

/**
 * The id of one of the level's goals.
 * @gpRef goal
 * @maxLength 64
 */
export type GoalId = string;
