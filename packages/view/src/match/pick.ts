/**
 * Choosing a move a step at a time, as a person does: a piece (its square), then where it goes, then
 * each further landing of a chain; or a card; then, when moves differ only by a choice (the piece a pawn
 * becomes, the suit an eight names), the choice. Pure functions over the legal actions: the pick says
 * what has been chosen, `pickOptions` what may be chosen next, and the action once one is determined.
 * @module
 */
import type { MatchAction } from "@gridponder/match";

/** What has been chosen so far. */
export interface MatchPick {
  /** The piece's square, then each landing square chosen, by name. */
  readonly cells: readonly string[];
  /** A piece chosen out of a zone (a card), by id. */
  readonly piece: number | null;
}

export const EMPTY_PICK: MatchPick = Object.freeze({
  cells: Object.freeze([]) as readonly string[],
  piece: null,
});

export interface PickOptions {
  /** Squares that may be chosen next. */
  readonly cells: readonly string[];
  /** Cards that may be chosen next, by id. */
  readonly cards: readonly number[];
  /** Moves that need no square and no card (draw, pass): shown as buttons while nothing is picked. */
  readonly buttons: readonly MatchAction[];
  /** When the moves left differ only in a choice: the choice to ask for. */
  readonly choice: { readonly name: string; readonly options: readonly string[] } | null;
  /** The move, once the pick leaves exactly one. */
  readonly action: MatchAction | null;
  /**
   * The move that ends where the pick is, when the piece could also go on (a chain that may stop): the
   * player either picks a further landing or ends the move here.
   */
  readonly finish: MatchAction | null;
}

/** The squares an action passes through: its start, then each landing. */
export function pathOf(action: MatchAction): string[] {
  const path: string[] = [];
  if (action.from !== undefined) path.push(action.from);
  if (action.to !== undefined) path.push(action.to);
  for (const step of action.chain ?? []) if (step.to !== undefined) path.push(step.to);
  return path;
}

function fits(action: MatchAction, pick: MatchPick): boolean {
  if (pick.piece !== null && action.piece !== pick.piece) return false;
  const path = pathOf(action);
  return pick.cells.every((c, i) => path[i] === c);
}

/** What may be chosen next under a pick, and the move when it is determined. */
export function pickOptions(legal: readonly MatchAction[], pick: MatchPick): PickOptions {
  const left = legal.filter((a) => fits(a, pick));
  const depth = pick.cells.length;
  const nothing = depth === 0 && pick.piece === null;
  const cells = [...new Set(left.map((a) => pathOf(a)[depth]).filter((c): c is string => c !== undefined))];
  const cards = nothing
    ? [...new Set(left.map((a) => a.piece).filter((p): p is number => p !== undefined))]
    : [];
  const buttons = nothing ? left.filter((a) => a.piece === undefined && pathOf(a).length === 0) : [];
  const done = nothing ? [] : left.filter((a) => pathOf(a).length === depth);
  let choice: PickOptions["choice"] = null;
  let action: MatchAction | null = null;
  if (done.length === 1 && cells.length === 0) action = done[0] as MatchAction;
  else if (done.length > 1 && cells.length === 0) {
    // The moves left differ in their choices: ask for the first choice on which they differ.
    const names = [...new Set(done.flatMap((a) => Object.keys(a.choices ?? {})))];
    for (const name of names) {
      const options = [
        ...new Set(done.map((a) => a.choices?.[name]).filter((o): o is string => o !== undefined)),
      ];
      if (options.length > 1) {
        choice = { name, options };
        break;
      }
    }
  }
  const finish = done.length === 1 && cells.length > 0 ? (done[0] as MatchAction) : null;
  return { cells, cards, buttons, choice, action, finish };
}

/**
 * The pick after choosing a square: the square added when it continues some move; a new pick from it
 * when it starts one (another piece); else nothing picked.
 */
export function pickCell(legal: readonly MatchAction[], pick: MatchPick, cell: string): MatchPick {
  const next = { cells: [...pick.cells, cell], piece: pick.piece };
  if (legal.some((a) => fits(a, next))) return next;
  const fresh = { cells: [cell], piece: null };
  return legal.some((a) => fits(a, fresh)) ? fresh : EMPTY_PICK;
}

/** The pick after choosing a card. */
export function pickCard(legal: readonly MatchAction[], card: number): MatchPick {
  const pick = { cells: [], piece: card };
  return legal.some((a) => fits(a, pick)) ? pick : EMPTY_PICK;
}

/** The move left once `name` is chosen as `option`; null when none or several remain. */
export function pickChoice(
  legal: readonly MatchAction[],
  pick: MatchPick,
  name: string,
  option: string,
): MatchAction | null {
  const depth = pick.cells.length;
  const left = legal.filter(
    (a) => fits(a, pick) && pathOf(a).length === depth && a.choices?.[name] === option,
  );
  if (left.length === 1) return left[0] as MatchAction;
  // Another choice still differs (two choices on one move): the first remaining is as good as any
  // only when they are equal, so ask again by returning null.
  return null;
}
