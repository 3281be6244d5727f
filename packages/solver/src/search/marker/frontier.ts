/**
 * Where a marker search's strategy keeps what it reaches: expanding a core (see `expandCore`) hands
 * every (core, marker) slot its actions reach to the frontier, which records the slot's depth and path
 * count in the slot words and lists it for expansion, or drops it. The breadth-first strategy lists by
 * depth (`LayeredFrontier`), the best-first one by depth plus estimate (`BestFirstFrontier`); a team
 * forwards the slots of cores other threads own to them (`TeamFrontier`).
 */
export interface MarkerFrontier {
  /** Slot `slot` (core `core` with marker `m`) reached at depth `depth` along `paths` shortest paths. */
  reach(core: number, m: number, slot: number, depth: number, paths: number): void;
}

/** What one run of a marker search has counted: shared by its strategy and its frontier. */
export class RunTally {
  /** Slots reached, and slots expanded. */
  seen = 0;
  expanded = 0;
  /** Whether pruning has dropped any state. */
  pruned = false;
  /** The won slots reached (never expanded). */
  winners: number[] = [];

  /** Path counts stop at `cap` (one more than the count limit, so "more than the limit" shows). */
  constructor(readonly cap: number) {}
}
