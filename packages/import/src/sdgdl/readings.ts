/**
 * What the report says of every state-driven GDL import: the readings chosen where the language's
 * document is silent or contradicts itself, and the rules a chess- or draughts-like source lacks.
 * @module
 */
import type { ReportItem } from "../report.js";

export const SDGDL_READINGS: readonly ReportItem[] = [
  {
    pointer: "/game_flow",
    topic: "Which action a move is",
    text: "for a start and a target, the first allowed action (in `allowed_actions` order) whose conditions all hold is the one taken, as Section 4.1 describes; a later action matching the same start and target is not a second move.",
  },
  {
    pointer: "/game_flow",
    topic: "Forced actions",
    text: "Section 7.1 says forced jumps follow from listing the jumps first, but read as a global priority that would let Appendix A's chess play only pawn moves whenever one exists. So priority is given only to a leading block of `chainable` actions (the jumps) when non-chainable actions follow them: while any of those is possible, the others are not. The implementation forces nothing (observed: with the jumps listed first, its checkers still takes a simple move while a jump is possible); the import follows the document, which says what the order is for. A file that lists the simple moves first, as the implementation's own checkers does, forces nothing either way.",
  },
  {
    pointer: "/interactions",
    topic: "Chains",
    text: "Section 4.2 lets a path of chainable segments be one move but does not say whether the path may stop while another segment is possible. The implementation lets it stop (observed: a checkers man that could jump twice may jump once and end its move), and so does the import: the mover may end the move after any segment.",
  },
  {
    pointer: "/state_schema/global/current_player",
    topic: "Turns",
    text: "the document never shows `current_player` being changed; the turn passes to the next role after every action (or completed chain).",
  },
  {
    pointer: "/interactions",
    topic: "Whose entities move",
    text: "only the entity on `start` moves, and only when it belongs to the player to move: every action must require `eq(entity.owner, state.current_player)`.",
  },
  {
    pointer: "/setup",
    topic: "Setup",
    text: "Section 6 initialises the game from a setup whose shape the document does not show; the import reads the implementation's: `setup.steps` of `spawn_entity` with a `schema`, `set_attributes` and `at` cells given as `grid_nodes(x1, y1, x2, y2)` rectangles.",
  },
  {
    pointer: "/topology/structure",
    topic: "Coordinates",
    text: "`grid(w, h)` positions are `[x, y]` from 0, with `y = 0` the bottom row (White's home row in Appendix A).",
  },
  {
    pointer: "",
    topic: "Board and pos",
    text: "the language keeps `board[cell]` and each entity's `pos`; a match keeps where each piece stands, so clearing the start, putting the entity on the target and setting its pos is one move, and `board[cell]` of an empty cell is null.",
  },
  {
    pointer: "",
    topic: "other_player and path_clear",
    text: "`other_player(p)` is the next role after p (for two roles, the other one); `path_clear(a, b)` holds when a and b share a row, column or diagonal and every cell strictly between them is empty, and is false otherwise.",
  },
  {
    pointer: "/entity_schemas",
    topic: "Kinds of entity",
    text: "an entity type's first string attribute (a chess Piece's `rank`) divides it into piece types, one per value met in the specification; setting it changes the piece's type (a promotion).",
  },
];

/** What a chess- or draughts-like set of kinds usually has that the source does not state. */
export function lacksOf(
  kinds: ReadonlySet<string>,
  facts: { movesTwo: boolean; remembers: boolean; promotions: ReadonlySet<string> },
): ReportItem[] {
  const out: ReportItem[] = [];
  const chess =
    kinds.has("king") && kinds.has("pawn") && ["queen", "rook", "bishop", "knight"].some((k) => kinds.has(k));
  const draughts = kinds.has("man") && kinds.has("king");
  if (chess) {
    if (!facts.movesTwo)
      out.push({
        pointer: "/interactions",
        topic: "Castling",
        text: "no action moves a king and a rook together.",
      });
    if (!facts.remembers)
      out.push({
        pointer: "/interactions",
        topic: "En passant",
        text: "no state variable remembers the last move, so a pawn that just moved two squares cannot be taken in passing.",
      });
    out.push({
      pointer: "/interactions",
      topic: "Check and checkmate",
      text: "nothing stops a move that leaves one's own king attacked: a king can be captured, and there is no checkmate.",
    });
    if (facts.promotions.size === 1)
      out.push({
        pointer: "/interactions",
        topic: "Under-promotion",
        text: `a pawn always becomes a ${[...facts.promotions][0]}; there is no choice of piece.`,
      });
  }
  if (chess || draughts)
    out.push({
      pointer: "",
      topic: "Draws",
      text: "no stalemate, repetition or move-count draw: a game in which both players can always move may go on for ever.",
    });
  return out;
}
