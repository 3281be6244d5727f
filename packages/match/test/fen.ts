// Test helper: a chess position in Forsyth–Edwards Notation as a setup of the chess pack (its board
// rows, legend, the kings' and rooks' `moved` attributes from the castling field, the en passant cell,
// the quiet-move clock and the seat to move). Game rules stay in the pack; this only writes a position.
import type { Setup } from "../src/index.js";

const TYPES: Record<string, string> = {
  p: "pawn",
  n: "knight",
  b: "bishop",
  r: "rook",
  q: "queen",
  k: "king",
};

export function fenSetup(fen: string): Setup {
  const [placement = "", side, castling = "-", ep, clock] = fen.trim().split(/\s+/);
  const rows = placement.split("/").map((row) => row.replace(/[1-8]/g, (n) => ".".repeat(Number(n))));
  const legend: NonNullable<Setup["legend"]> = {};
  for (const [c, type] of Object.entries(TYPES)) {
    legend[c.toUpperCase()] = { type, owner: 0 };
    legend[c] = { type, owner: 1 };
  }
  // Kings and rooks start as moved; the castling rights un-move the ones they name.
  const pieces: NonNullable<Setup["pieces"]> = [];
  const board = rows.map((row, i) =>
    [...row]
      .map((ch, x) => {
        const type = TYPES[ch.toLowerCase()];
        if (type !== "king" && type !== "rook") return ch;
        const at = `${"abcdefgh"[x]}${8 - i}`;
        const white = ch === ch.toUpperCase();
        const rights = castling === "-" ? "" : castling;
        let unmoved = false;
        if (type === "king")
          unmoved = white ? /[KQ]/.test(rights) && at === "e1" : /[kq]/.test(rights) && at === "e8";
        else
          unmoved =
            (white && ((at === "h1" && rights.includes("K")) || (at === "a1" && rights.includes("Q")))) ||
            (!white && ((at === "h8" && rights.includes("k")) || (at === "a8" && rights.includes("q"))));
        pieces.push({ at, type, owner: white ? 0 : 1, attributes: { moved: !unmoved } });
        return ".";
      })
      .join(""),
  );
  return {
    board,
    legend,
    pieces,
    first: side === "b" ? 1 : 0,
    variables: { enPassant: ep && ep !== "-" ? ep : -1, quietMoves: Number(clock ?? 0) },
  };
}
