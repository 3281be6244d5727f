/**
 * A finite relaxed model of a level whose distances to the goal are lower bounds on the engine's, as
 * a search fills them in backwards from the goal states. Virtual states sit between two real ones at
 * no cost of their own.
 */
export interface RelaxedSpace {
  /** The number of states (indices run from 0) and of virtual states. */
  readonly size: number;
  readonly virtualSize: number;
  /** Calls `emit` with every goal state. */
  goals(emit: (index: number) => void): void;
  /**
   * Calls `rest` with each state one step before `index`, and `virtual` with each virtual state just
   * before it; either may get -1 for a state that cannot occur, to be skipped.
   */
  predecessors(index: number, rest: (from: number) => void, virtual: (v: number) => void): void;
  /** Calls `rest` with each state one step before virtual state `v`. */
  virtualPredecessors(v: number, rest: (from: number) => void): void;
  /**
   * How many groups the states fall into: states that differ only in the marker's cell share all
   * their predecessors but those of the marker's own actions, so a search can work those out once per
   * group (`groupPredecessors`). 0 when the space does not group its states.
   */
  readonly groups: number;
  /** The group of state `index`, from 0 to `groups` (only when `groups` is not 0). */
  groupOf(index: number): number;
  /**
   * `predecessors` of each state in the group of state `index` that `member` accepts (it must accept
   * `index`), in one call: the part they share is worked out once.
   */
  groupPredecessors(
    index: number,
    member: (index: number) => boolean,
    rest: (from: number) => void,
    virtual: (v: number) => void,
  ): void;
}
