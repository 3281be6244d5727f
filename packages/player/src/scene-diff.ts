/**
 * Which cells of the 2D board need drawing again when one scene at rest replaces another, so that an
 * edit of a few cells (a paint stroke in the studio) redraws those cells rather than the whole board.
 * Conservative: whenever a change could reach pixels outside the cells it names, the answer is `null`
 * (draw everything).
 * @module
 */
import type { Appearance, Piece, Scene, SpriteRef } from "@gridponder/view";

/** What the diff needs of a scene, made once per scene and kept for the next comparison. */
export interface SceneIndex {
  readonly scene: Scene;
  /** The pieces in drawing order: by layer, stably. */
  readonly order: readonly Piece[];
}

/** What changed between two scenes, as far as drawing goes. */
export interface SceneChange {
  /** Row-major indices of the cells whose pixels may differ. */
  readonly cells: ReadonlySet<number>;
}

/** Whether the text of a piece of `scene` stays inside its cell (the renderer knows its metrics). */
export type StaysInCells = (scene: Scene, piece: Piece) => boolean;

export const byLayer = (a: { layerIndex: number }, b: { layerIndex: number }): number =>
  a.layerIndex - b.layerIndex;

/** Scenes list their pieces by layer but for multi-cell objects: most need no sorting. */
export function indexScene(scene: Scene): SceneIndex {
  const pieces = scene.pieces;
  let sorted = true;
  for (let i = 1; i < pieces.length && sorted; i++)
    sorted = (pieces[i - 1] as Piece).layerIndex <= (pieces[i] as Piece).layerIndex;
  return { scene, order: sorted ? pieces : [...pieces].sort(byLayer) };
}

const sameSprite = (a: SpriteRef | null | undefined, b: SpriteRef | null | undefined): boolean =>
  a === b || (!!a && !!b && a.collection === b.collection && a.path === b.path);

/** The fields of an appearance the 2D board draws. */
function sameLook(a: Appearance, b: Appearance): boolean {
  return (
    a === b ||
    (sameSprite(a.sprite, b.sprite) &&
      a.mirror === b.mirror &&
      a.form === b.form &&
      a.color === b.color &&
      a.text === b.text &&
      a.opacity === b.opacity)
  );
}

function sameCells(a: Piece, b: Piece): boolean {
  if (a.cells === b.cells) return a.cell[0] === b.cell[0] && a.cell[1] === b.cell[1];
  if (a.cells.length !== b.cells.length || a.cell[0] !== b.cell[0] || a.cell[1] !== b.cell[1]) return false;
  return a.cells.every((c, i) => c[0] === b.cells[i]?.[0] && c[1] === b.cells[i]?.[1]);
}

function sameSprites(a: Piece["cellSprites"], b: Piece["cellSprites"]): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((s, i) => sameSprite(s, b[i]));
}

const queueText = (p: Piece): string => (p.queue && p.queue.length > 0 ? p.queue.map(String).join(" ") : "");

/** What the avatar piece draws beyond its own fields: the avatar's sprite, mirroring, visibility, badge. */
function sameAvatar(a: Scene, b: Scene): boolean {
  const x = a.avatar;
  const y = b.avatar;
  if (x === y) return true;
  if (!x || !y) return false;
  const xi = x.item?.appearance;
  const yi = y.item?.appearance;
  return (
    x.visible === y.visible &&
    x.mirror === y.mirror &&
    sameSprite(x.sprite, y.sprite) &&
    (xi === yi || (!!xi && !!yi && sameSprite(xi.sprite, yi.sprite) && xi.color === yi.color))
  );
}

/** Whether two pieces of the same id draw the same pixels. */
function samePiece(before: Scene, a: Piece, after: Scene, b: Piece): boolean {
  if (a !== b) {
    if (
      a.role !== b.role ||
      a.layerIndex !== b.layerIndex ||
      a.selected !== b.selected ||
      !sameCells(a, b) ||
      !sameLook(a.appearance, b.appearance) ||
      !sameSprites(a.cellSprites, b.cellSprites) ||
      queueText(a) !== queueText(b)
    )
      return false;
  }
  return a.role !== "avatar" || sameAvatar(before, after);
}

/** The row-major index of an integer cell on the board, else -1. */
function indexOf(scene: Scene, c: readonly [number, number]): number {
  const [x, y] = c;
  if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= scene.width || y >= scene.height)
    return -1;
  return y * scene.width + x;
}

/** Whether every cell of a piece is a whole cell of the board. */
function onBoard(scene: Scene, piece: Piece): boolean {
  for (const c of piece.cells) if (indexOf(scene, c) < 0) return false;
  return true;
}

/**
 * Whether a redraw of some cells must draw this piece whatever its cells: it may draw outside them
 * (text wider than a cell, a pipe's queue, a cell off the board).
 */
export function isWide(scene: Scene, piece: Piece, stays: StaysInCells): boolean {
  return (
    (piece.queue !== undefined && piece.queue.length > 0) || !stays(scene, piece) || !onBoard(scene, piece)
  );
}

function sameTheme(a: Scene, b: Scene): boolean {
  return (
    a.theme === b.theme ||
    (a.theme.backgroundColor === b.theme.backgroundColor &&
      a.theme.board.showGridLines === b.theme.board.showGridLines &&
      a.theme.board.gridLineColor === b.theme.board.gridLineColor)
  );
}

/** Outlines and overlay frames straddle cell edges: any change of them redraws the whole board. */
function sameFrames(a: Scene, b: Scene): boolean {
  return (
    (a.outlines === b.outlines || JSON.stringify(a.outlines) === JSON.stringify(b.outlines)) &&
    (a.overlay === b.overlay || JSON.stringify(a.overlay) === JSON.stringify(b.overlay))
  );
}

/** How far ahead the walk looks for a piece inserted or removed before giving up on pairing. */
const LOOKAHEAD = 8;

/**
 * The cells to draw again when `after` replaces `before` (both at rest), or `null` when the whole
 * board should be: another size or theme, a piece that may draw beyond its own cells, or a change
 * of outlines or overlay.
 *
 * Both scenes' pieces are walked in drawing order and paired where they draw the same (ids only
 * suggest which to try): the pairs keep their order, so on every cell no unpaired piece covers, the
 * same drawings are made in the same order. Unpaired pieces mark their cells.
 */
export function changedCells(before: SceneIndex, after: SceneIndex, stays: StaysInCells): SceneChange | null {
  const a = before.scene;
  const b = after.scene;
  if (a.width !== b.width || a.height !== b.height || !sameTheme(a, b) || !sameFrames(a, b)) return null;
  const cells = new Set<number>();
  const size = b.width * b.height;
  for (let i = 0; i < size; i++) if (a.void[i] !== b.void[i]) cells.add(i);
  const markPiece = (scene: Scene, piece: Piece): boolean => {
    if (isWide(scene, piece, stays)) return false;
    for (const c of piece.cells) cells.add(indexOf(scene, c));
    return true;
  };
  const x = before.order;
  const y = after.order;
  // Overflowing text and the like would have to be redrawn, clipped, wherever it reaches.
  if (y.some((p) => isWide(b, p, stays))) return null;
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const p = x[i] as Piece;
    const q = y[j] as Piece;
    if (p.id === q.id) {
      if (!samePiece(a, p, b, q) && !(markPiece(a, p) && markPiece(b, q))) return null;
      i++;
      j++;
      continue;
    }
    // An inserted piece (q and the next ones, up to p's id) or a removed one (p, up to q's id)?
    let skipped = false;
    for (let k = 1; k <= LOOKAHEAD && !skipped; k++) {
      if (y[j + k]?.id === p.id) {
        for (; k > 0; k--, j++) if (!markPiece(b, y[j] as Piece)) return null;
        skipped = true;
      } else if (x[i + k]?.id === q.id) {
        for (; k > 0; k--, i++) if (!markPiece(a, x[i] as Piece)) return null;
        skipped = true;
      }
    }
    if (skipped) continue;
    if (!(markPiece(a, p) && markPiece(b, q))) return null;
    i++;
    j++;
  }
  for (; i < x.length; i++) if (!markPiece(a, x[i] as Piece)) return null;
  for (; j < y.length; j++) if (!markPiece(b, y[j] as Piece)) return null;
  return { cells };
}

/**
 * The partial redraws of the 2D board, for `CanvasRenderer`'s `partialRedraws` option. Declared rather than
 * inferred from `partialRedraws`, so the type names the operations and not this module's functions.
 */
export interface PartialRedraws {
  /** What the diff needs of a scene, made once per scene. */
  indexScene(scene: Scene): SceneIndex;
  /** The cells whose pixels may differ between two scenes, or `null` to draw everything. */
  changedCells(before: SceneIndex, after: SceneIndex, stays: StaysInCells): SceneChange | null;
}

/** The partial redraws of the 2D board, for `CanvasRenderer`'s `partialRedraws` option. */
export const partialRedraws: PartialRedraws = { indexScene, changedCells };
