import type {
  EntityKindId,
  GoalId,
  JsonValue,
  LayerId,
  Name,
  Position,
  TagName,
  VariableName,
} from "./common.js";
import type { LayerData } from "./layer-data.js";

/** How a measured number is compared with a target. */
export type Comparison = "eq" | "gte" | "lte";

/** Text or an icon that the UI shows for a goal. */
export interface GoalDisplay {
  /**
   * A short player-facing description of the goal.
   * @maxLength 200
   */
  text?: string;
  /**
   * An icon name or asset for the goal.
   * @maxLength 1024
   */
  icon?: string;
}

/** Fields every goal has. */
export interface GoalBase {
  /** The goal's id, unique within the level. */
  id: GoalId;
  /** How the UI presents this goal. */
  display?: GoalDisplay;
}

/** Won when the avatar stands on a cell holding the target kind (or any kind with the target tag). */
export interface ReachTargetGoal extends GoalBase {
  /** Marks a reach-target goal. */
  type: "reach_target";
  /** Which entity to reach: give `targetKind` or `targetTag`. */
  config: {
    /** The kind the avatar must reach. */
    targetKind?: EntityKindId;
    /** Any entity with this tag counts as the target. */
    targetTag?: TagName;
  };
}

/**
 * Won when each value of a sequence has been produced in order. At each scan the engine looks for the
 * current value; when found, the step is done (and the entity removed if `consumeOnMatch`).
 */
export interface SequenceMatchGoal extends GoalBase {
  /** Marks a sequence goal. */
  type: "sequence_match";
  /** The sequence and how it is matched. */
  config: {
    /** The values to produce, in order. */
    sequence: (number | Name)[];
    /**
     * Where a value counts: anywhere on the board, or picked up by the avatar.
     * @default "exists_on_board"
     */
    matchBy?: "exists_on_board" | "collected_by_avatar";
    /**
     * Remove the matching entity when a step completes.
     * @default true
     */
    consumeOnMatch?: boolean;
    /**
     * Scan once at the end of each turn, or after each merge.
     * @default "turn_end"
     */
    scanTrigger?: "turn_end" | "on_merge";
  };
}

/** Won when layers of the board match a target pattern. */
export interface BoardMatchGoal extends GoalBase {
  /** Marks a board-match goal. */
  type: "board_match";
  /** The pattern to reach. */
  config: {
    /** Target contents per layer, in the same dense or sparse format as `board.layers`. */
    targetLayers: { [layer: LayerId]: LayerData };
    /**
     * `exact`: every cell must match, empty ones included. `exact_non_null`: only the cells the target fills must match.
     * @default "exact_non_null"
     */
    matchMode?: "exact" | "exact_non_null";
  };
}

/** Won when a variable compares to a target (at least, at most or exactly). */
export interface VariableThresholdGoal extends GoalBase {
  /** Marks a variable goal. */
  type: "variable_threshold";
  /** The variable and its target. */
  config: VariableThresholdConfig;
}

/** A variable compared with a number. */
export interface VariableThresholdConfig {
  /** The variable to watch. */
  variable: VariableName;
  /** The number it is compared with. */
  target: number;
  /**
   * How the variable is compared with `target`.
   * @default "gte"
   */
  comparison?: Comparison;
}

/** Won when no entity of the given kind (or tag) is left on the board. */
export interface AllClearedGoal extends GoalBase {
  /** Marks an all-cleared goal. */
  type: "all_cleared";
  /** What must disappear: give `kind` or `tag`. */
  config: {
    /** The kind that must be gone. */
    kind?: EntityKindId;
    /** Every entity with this tag must be gone. */
    tag?: TagName;
    /** Only look on this layer; all layers when absent. */
    layer?: LayerId;
  };
}

/** Which lines of the board a sum or count constraint looks at. */
export type LineScope = "all_rows" | "all_cols" | "row" | "col";

/**
 * Won when the values of tiles along rows or columns add up to a target. A tile's value is its
 * `value` parameter, or the number at the end of its kind's name (`num_7` is 7).
 */
export interface SumConstraintGoal extends GoalBase {
  /** Marks a sum constraint. */
  type: "sum_constraint";
  /** The lines and the target sum. */
  config: {
    /** Every row, every column, or the single row or column given by `index`. */
    scope: LineScope;
    /**
     * The row or column number for the `row` and `col` scopes.
     * @asType integer
     * @minimum 0
     */
    index?: number;
    /** The sum each line is compared with. */
    target: number;
    /**
     * How each line's sum is compared with `target`.
     * @default "eq"
     */
    comparison?: Comparison;
    /**
     * The layer whose tiles are summed.
     * @default "objects"
     */
    layer?: LayerId;
  };
}

/**
 * Won when, in every line of the scope, the number of tiles whose value satisfies a predicate
 * compares to a target.
 */
export interface CountConstraintGoal extends GoalBase {
  /** Marks a count constraint. */
  type: "count_constraint";
  /** The lines, the predicate and the target count. */
  config: {
    /** Every row, every column, or the single row or column given by `index`. */
    scope: LineScope;
    /**
     * The row or column number for the `row` and `col` scopes.
     * @asType integer
     * @minimum 0
     */
    index?: number;
    /**
     * Which tile values count: `even`, `odd`, or a comparison with a number such as `gte_7`, `lte_3`, `eq_5`, `gt_2`, `lt_9`.
     * @pattern ^(even|odd|(eq|gte|lte|gt|lt)_-?[0-9]+)$
     * @maxLength 32
     */
    predicate: string;
    /**
     * The count each line is compared with.
     * @asType integer
     */
    target: number;
    /**
     * How each line's count is compared with `target`.
     * @default "eq"
     */
    comparison?: Comparison;
    /**
     * The layer whose tiles are counted.
     * @default "objects"
     */
    layer?: LayerId;
  };
}

/**
 * Won when every cell with a marker kind also holds a given kind whose parameter has a given value
 * (for example: every target marker carries a complete box).
 */
export interface ParamMatchGoal extends GoalBase {
  /** Marks a parameter-match goal. */
  type: "param_match";
  /** Markers, the entity to find on them, and the parameter value it must have. */
  config: {
    /** The layer holding the markers. */
    markerLayer: LayerId;
    /** The marker kind; each of its cells is checked. */
    markerKind: EntityKindId;
    /** The layer checked on marker cells. */
    checkLayer: LayerId;
    /** The kind that must stand on each marker. */
    checkKind: EntityKindId;
    /**
     * The parameter of that kind to compare.
     * @maxLength 64
     */
    checkParam: string;
    /** The value the parameter must have. */
    checkValue: JsonValue;
  };
}

/**
 * Won when a territory layer is shared among its owners: completely, equally and, optionally, in one
 * connected piece per owner. Pairs with the actor systems' `claim` option.
 */
export interface BalanceGoal extends GoalBase {
  /** Marks a balance goal. */
  type: "balance";
  /** Where territory is counted and what a win requires. */
  config: {
    /** The layer whose cells record ownership. */
    layer: LayerId;
    /** The kinds that mark a cell as owned, one per owner. */
    owners: EntityKindId[];
    /**
     * The layer whose cells can be claimed.
     * @default "ground"
     */
    claimableLayer?: LayerId;
    /** The kind (or kinds) on `claimableLayer` that can be claimed; that layer's default kind when absent. */
    claimableKind?: EntityKindId | EntityKindId[];
    /**
     * Every claimable cell must be owned.
     * @default true
     */
    requireComplete?: boolean;
    /**
     * Every owner must hold the same number of cells.
     * @default true
     */
    requireEqual?: boolean;
    /**
     * Each owner's territory must be one orthogonally connected region that contains its source cell.
     * @default false
     */
    requireConnected?: boolean;
    /** For `requireConnected`: each owner's source cell, keyed by owner kind. */
    connectionSources?: { [owner: EntityKindId]: Position };
  };
}

/**
 * A win condition. A level is won when all of its goals hold at once.
 * @discriminator type
 */
export type Goal =
  | ReachTargetGoal
  | SequenceMatchGoal
  | BoardMatchGoal
  | VariableThresholdGoal
  | AllClearedGoal
  | SumConstraintGoal
  | CountConstraintGoal
  | ParamMatchGoal
  | BalanceGoal;

/** Fields every lose condition has. */
export interface LoseConditionBase {
  /**
   * An optional id for the condition, reported as the reason when it fires.
   * @maxLength 64
   */
  id?: string;
}

/** Lost when the number of accepted actions reaches the limit without a win. */
export interface MaxActionsLose extends LoseConditionBase {
  /** Marks an action limit. */
  type: "max_actions";
  /** The limit. */
  config: {
    /**
     * The number of actions the player has.
     * @asType integer
     * @minimum 0
     */
    limit: number;
  };
}

/** Lost when a variable compares to a threshold. */
export interface VariableThresholdLose extends LoseConditionBase {
  /** Marks a variable threshold. */
  type: "variable_threshold";
  /** The variable and the threshold. */
  config: VariableThresholdConfig;
}

/** Lost when a board condition is detected. Reserved: the DSL does not yet define its configuration. */
export interface BoardStateLose extends LoseConditionBase {
  /** Marks a board-state condition. */
  type: "board_state";
  /** Condition-specific settings. */
  config: { [key: string]: JsonValue };
}

/**
 * Pairs with a `balance` goal under individually moved actors: lost once an owner holds more than its
 * equal share, or its actors' remaining move budgets cannot cover the cells it still needs.
 */
export interface BalanceBudgetExhaustedLose extends LoseConditionBase {
  /** Marks the budget check. */
  type: "balance_budget_exhausted";
  /** Which balance goal to check. */
  config: {
    /** The `balance` goal; the level's first balance goal when absent. */
    goalId?: GoalId;
  };
}

/** Pairs with a `balance` goal: lost as soon as equal shares can no longer be reached. */
export interface BalanceUnreachableLose extends LoseConditionBase {
  /** Marks the reachability check. */
  type: "balance_unreachable";
  /** Which balance goal to check. */
  config: {
    /** The `balance` goal; the level's first balance goal when absent. */
    goalId?: GoalId;
  };
}

/**
 * A condition that ends the level in a loss. Lose conditions are checked only when the turn did not win.
 * @discriminator type
 */
export type LoseCondition =
  | MaxActionsLose
  | VariableThresholdLose
  | BoardStateLose
  | BalanceBudgetExhaustedLose
  | BalanceUnreachableLose;
