/**
 * The board in words, cell by cell: what a screen reader's table of the board reads. Pure, from the
 * scene; players put it into a table and keep it up to date.
 * @module
 */
import type { Pack } from "@gridponder/engine";
import type { Piece, Scene } from "./types.js";

/** A piece as words: its name, and the number or glyph drawn on it when that adds something. */
function pieceWords(piece: Piece): string {
  const text = piece.appearance.text;
  const name = piece.role === "avatar" ? "you" : piece.name;
  return text && !name.includes(text) ? `${name} ${text}` : name;
}

/**
 * Each cell's contents in words, row by row (`rows[y][x]`), the topmost thing first: the avatar as
 * "you", then objects, then the ground unless it is the layer's plain default (it would repeat on every
 * cell). The overlay's frame is named on the cells it covers. A cell with nothing to say is `empty`.
 */
export function boardWords(pack: Pack, scene: Scene): string[][] {
  const onCell: Piece[][] = Array.from({ length: scene.width * scene.height }, () => []);
  for (const piece of scene.pieces) {
    if (piece.role === "avatar" && scene.avatar && !scene.avatar.visible) continue;
    for (const [x, y] of piece.cells)
      if (x >= 0 && y >= 0 && x < scene.width && y < scene.height) onCell[y * scene.width + x]?.push(piece);
  }
  const plain = new Set(pack.game.layers.flatMap((l) => (l.default ? [`${l.id}|${l.default}`] : [])));
  const frame = scene.overlay;
  const rows: string[][] = [];
  for (let y = 0; y < scene.height; y++) {
    const row: string[] = [];
    for (let x = 0; x < scene.width; x++) {
      const pieces = (onCell[y * scene.width + x] ?? [])
        .filter((p) => !plain.has(`${p.layer}|${p.kind}`))
        .sort((a, b) => b.layerIndex - a.layerIndex);
      const words = [...new Set(pieces.map(pieceWords))];
      if (
        frame &&
        x >= frame.cell[0] &&
        y >= frame.cell[1] &&
        x < frame.cell[0] + frame.size[0] &&
        y < frame.cell[1] + frame.size[1]
      )
        words.push("in the frame");
      row.push(words.length > 0 ? words.join(", ") : "empty");
    }
    rows.push(row);
  }
  return rows;
}
