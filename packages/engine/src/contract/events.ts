/**
 * An event: a typed record of something that happened during a turn. Systems and rule effects emit
 * them; rules and cascade-phase systems react to them. Positions are `[x, y]` arrays.
 */
export interface GameEvent {
  readonly type: string;
  readonly [field: string]: unknown;
}

/**
 * What an event does to the pieces a view draws, as one of the changes views know how to show; each
 * reads the payload fields named here. An event type without one changes nothing a view tracks by
 * itself (the view still shows the turn's new state).
 * - `avatar_move`: the avatar went from `fromPosition` to `position`; a step in `direction` to an
 *   adjacent cell, else a jump (also when `viaPortal` is true). Pushes reported just before it move
 *   with it.
 * - `avatar_leave`: the avatar left `position`; may sit between a push and the step that made it.
 * - `push`: the entity of `kind` went from `fromPosition` to `toPosition`, pushed by the avatar step
 *   reported next (or sliding on by itself when none follows).
 * - `slide`: the entity of `kind` slid from `fromPosition` to `position`, `distance` cells in
 *   `direction` (wrapping round the board's edges).
 * - `step`: the entity of `kind` on `layer` (else its kind's layer) stepped from `fromPosition` to
 *   `position`.
 * - `fall`: the entity of `kind` fell from `fromPosition` to `position`; consecutive falls move as one.
 * - `merge`: two entities met at `position` and became one of `kind` (`sources` names the mover's cell
 *   when it was not moved by an earlier event).
 * - `carried_merge`: the entity of `kind` the avatar carried or pushed from `fromPosition` merged with
 *   the one at `position`.
 * - `place`: an entity of `kind` appeared at `position`, or arrived there from `fromPosition` (a jump
 *   when `teleport` is true).
 * - `remove`: the entity of `kind` left `position`, playing `animation` if named.
 * - `clear`: the cell `position` of `layer` was emptied of `previousKind`.
 * - `transform`: the entity at `position` on `layer` turned from `fromKind` into `toKind`.
 * - `flood`: the cells in `positions` on the layer of `kind` changed in place.
 * - `claim`: the cell `position` changed from `previousOwner` to `ownerKind`.
 * - `release`: the entity at `position` came out of `fromPosition` (an emitter): it appears from there.
 * - `permute`: the contents of `layers` moved by the `[from, to]` pairs of `moves` (`transform` is
 *   `rotate` for a turn).
 * - `multi_cell_move`: the multi-cell object `id` of `kind` moved from `fromCells` to `cells`.
 * - `multi_cell_exit`: the multi-cell object `id` left the board towards `direction`.
 */
export type PieceChange =
  | "avatar_move"
  | "avatar_leave"
  | "push"
  | "slide"
  | "step"
  | "fall"
  | "merge"
  | "carried_merge"
  | "place"
  | "remove"
  | "clear"
  | "transform"
  | "flood"
  | "claim"
  | "release"
  | "permute"
  | "multi_cell_move"
  | "multi_cell_exit";

/**
 * One way of putting an event into words for a turn description, as a template: `{field}` is the
 * field's value, `{kind:field}` the player-facing name of the kind the field holds ("something" when
 * it holds none), `{count:field}` the length of the list it holds, `{cell:field}` " at column c, row r"
 * for the cell it holds and `{to:field}` " to column c, row r" (either nothing when it holds none).
 * The first letter is capitalised.
 */
export interface EventSaying {
  readonly text: string;
  /** Said only when this payload field is set (not `null`, `false`, `""` or missing). */
  readonly when?: string;
}

/**
 * An event type: its name, its payload fields, and what views may show of it. The DSL's event types
 * are built in; a system type registers the events it adds (`SystemDefinition.events`), and a
 * registry may be extended with more.
 */
export interface EventDefinition {
  /** The event's type, as rules write it in `on`. */
  readonly type: string;
  /** Its payload fields besides `type`: what `$event.<field>` can read in a rule listening to it. */
  readonly fields: readonly string[];
  /** Presentation: what it does to the pieces a view draws (see {@link PieceChange}). */
  readonly pieces?: PieceChange;
  /** Presentation: whether it means that something on the board moved. */
  readonly moves?: boolean;
  /** Presentation: how a turn description says it; the first saying whose `when` holds is used. */
  readonly says?: readonly EventSaying[];
  /** Presentation: not said in a turn in which the avatar moved or pushed (a block that then gave way). */
  readonly unsaidAfterProgress?: boolean;
}
