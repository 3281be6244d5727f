/**
 * The text renderer: a scene as a grid of characters, one per cell, for terminals and readable test
 * output. It draws what the other renderers draw, from the same scene: the avatar, else the topmost
 * piece on the cell (a layer's default fill only when nothing else is there; multi-cell objects on
 * every cell they cover), void ground as the void kind's symbol, and a legend naming each symbol the
 * way the HUD and the turn descriptions name it.
 * @module
 */
import { memoized, type ViewContext } from "../context.js";
import { displayName } from "../names.js";
import type { Piece, Scene } from "../types.js";

/** Options of {@link sceneText}. */
export interface SceneTextOptions {
  /** Append a legend line per symbol drawn (`@ avatar` first when the avatar is on the board). */
  readonly legend?: boolean;
  /** The character for a cell with nothing drawn (void ground, bare cells); a space by default. */
  readonly blank?: string;
}

/** The pack's void kind (named or tagged `void`) as a symbol and its name, or `null` when it has none. */
function voidEntry(ctx: ViewContext): { symbol: string; name: string } | null {
  return memoized(ctx, "text:void", () => {
    for (const [kind, info] of ctx.pack.kinds)
      if (info.name === "void" || info.tags.has("void"))
        return { symbol: info.def.symbol, name: displayName(ctx.pack, kind) };
    return null;
  });
}

/** One column per cell: a multi-digit number keeps its last digit, so the grid stays aligned. */
function glyph(piece: Piece): string {
  const { symbol } = piece;
  return symbol.length === 1 ? symbol : (symbol.at(-1) ?? " ");
}

/** The pieces standing on each cell, by row-major index: layer pieces and multi-cell objects. */
function piecesByCell(scene: Scene): Piece[][] {
  const byCell: Piece[][] = Array.from({ length: scene.width * scene.height }, () => []);
  for (const piece of scene.pieces) {
    if (piece.role === "avatar") continue;
    for (const [x, y] of piece.cells)
      if (x >= 0 && y >= 0 && x < scene.width && y < scene.height) byCell[y * scene.width + x]?.push(piece);
  }
  return byCell;
}

/** The piece a cell shows: the topmost that is not its layer's default fill, else the topmost. */
function shownPiece(ctx: ViewContext, pieces: readonly Piece[]): Piece | null {
  let top: Piece | null = null;
  let topFill: Piece | null = null;
  for (const piece of pieces) {
    const layer = ctx.pack.layers[piece.layerIndex];
    const isFill = piece.role === "ground" && layer?.fill?.kind === piece.kind;
    if (isFill) {
      if (!topFill || piece.layerIndex > topFill.layerIndex) topFill = piece;
    } else if (!top || piece.layerIndex >= top.layerIndex) top = piece;
  }
  return top ?? topFill;
}

/**
 * A scene as text: `height` rows of `width` characters, then (with `legend`) one line per symbol,
 * `<symbol> <display name>`, in the order the symbols first appear.
 */
export function sceneText(ctx: ViewContext, scene: Scene, options: SceneTextOptions = {}): string {
  const blank = options.blank ?? " ";
  const avatar = scene.avatar?.enabled ? scene.avatar.piece.cell : null;
  const byCell = piecesByCell(scene);
  const legend = new Map<string, string>();
  const rows: string[] = [];
  for (let y = 0; y < scene.height; y++) {
    let row = "";
    for (let x = 0; x < scene.width; x++) {
      if (avatar && avatar[0] === x && avatar[1] === y) {
        row += "@";
        continue;
      }
      const piece = shownPiece(ctx, byCell[y * scene.width + x] ?? []);
      if (!piece) {
        // Void ground without art of its own has no piece; the grid still marks it.
        const hole = scene.void[y * scene.width + x] ? voidEntry(ctx) : null;
        if (hole && !legend.has(hole.symbol)) legend.set(hole.symbol, hole.name);
        row += hole?.symbol ?? blank;
        continue;
      }
      row += glyph(piece);
      // A kind drawn by a param's value (number tiles) is listed under its own symbol.
      const symbol = ctx.pack.kinds.get(piece.kind)?.def.symbol ?? glyph(piece);
      if (!legend.has(symbol)) legend.set(symbol, piece.name);
    }
    rows.push(row);
  }
  if (options.legend) {
    if (avatar) rows.push("@ avatar");
    for (const [symbol, name] of legend) rows.push(`${symbol} ${name}`);
  }
  return rows.join("\n");
}
