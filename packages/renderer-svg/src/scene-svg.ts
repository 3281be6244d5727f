import { type Appearance, luminance, type Piece, type Scene, type SpriteRef } from "@gridponder/view";
import { escapeXml, hexColor, num, shade } from "./escape.js";
import { dotPath, type Fragment, formFragments, type Paint, rectPath } from "./paths.js";

/** Options of {@link sceneToSvg}. */
export interface SvgOptions {
  /**
   * The URL of a sprite. Without it no image is referenced: every piece is drawn as its colour and form,
   * which keeps the SVG self-contained.
   */
  readonly assetUrl?: (ref: SpriteRef) => string;
  /** Side of a cell in SVG user units (default 16); the drawing scales through its `viewBox`. */
  readonly cellSize?: number;
  /** An accessible name (`<title>`); without it the drawing is marked decorative. */
  readonly title?: string;
}

const DEFAULT_CELL = 16;
/** Labels longer than this are cut: a thumbnail cell has no room for more. */
const MAX_TEXT = 12;

/**
 * A static, top-down SVG of a scene: the background, then layer by layer the pieces (sprites when an
 * `assetUrl` is given, else their colour and form, with their text), grid lines over the ground, the
 * avatar and its carried item, outlines and the overlay cursor. Pieces of one paint share one `<path>`,
 * so a board of a hundred cells stays a few kilobytes. Every text and attribute is escaped; the result
 * has no scripts, styles, event attributes or foreign content, so it can be inlined into a page.
 */
export function sceneToSvg(scene: Scene, options: SvgOptions = {}): string {
  const requested = options.cellSize;
  const c =
    typeof requested === "number" && Number.isFinite(requested) && requested > 0 ? requested : DEFAULT_CELL;
  const width = num(scene.width * c);
  const height = num(scene.height * c);
  const title = options.title;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
    title === undefined ? ` aria-hidden="true">` : ` role="img"><title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="${hexColor(scene.theme.backgroundColor, "#202020")}"/>`,
  ];

  const batch = new Batch(c);
  const lastGroundLayer = scene.layers.reduce((last, layer) => (layer.exactlyOne ? layer.index : last), -1);
  let gridDrawn = !scene.theme.board.showGridLines;
  const drawGrid = () => {
    if (gridDrawn) return;
    gridDrawn = true;
    const d = gridPath(scene, c);
    if (d) out.push(pathElement({ stroke: gridColor(scene), width: Math.max(0.5, c / 32), opacity: 1 }, d));
  };

  const pieces = [...scene.pieces].sort((a, b) => a.layerIndex - b.layerIndex);
  let layerIndex = pieces[0]?.layerIndex ?? 0;
  for (const piece of pieces) {
    if (piece.layerIndex !== layerIndex) {
      out.push(batch.flush());
      if (layerIndex >= lastGroundLayer) drawGrid();
      layerIndex = piece.layerIndex;
    }
    if (piece.role === "avatar") {
      drawAvatar(scene, piece, batch, options, out);
      continue;
    }
    drawPiece(scene, piece, piece.appearance, batch, options);
  }
  out.push(batch.flush());
  drawGrid();

  for (const outline of scene.outlines) {
    const d = outline.edges
      .map(([x1, y1, x2, y2]) => `M${num(x1 * c)} ${num(y1 * c)}L${num(x2 * c)} ${num(y2 * c)}`)
      .join("");
    const strokeWidth = Math.max(0.75, (outline.width * c) / scene.theme.board.cellSize);
    if (d)
      out.push(
        pathElement({ stroke: hexColor(outline.color, "#ffffff"), width: strokeWidth, opacity: 1 }, d),
      );
  }
  if (scene.overlay) {
    const { cell, size, color } = scene.overlay;
    const w = Math.max(1.5, c / 12);
    const d = rectPath(cell[0] * c + w, cell[1] * c + w, size[0] * c - 2 * w, size[1] * c - 2 * w);
    out.push(pathElement({ stroke: hexColor(color, "#ffffff"), width: w, opacity: 1 }, d));
  }
  out.push("</svg>");
  return out.join("");
}

function gridColor(scene: Scene): string {
  return hexColor(scene.theme.board.gridLineColor, "#000000");
}

/**
 * Grid lines as long horizontal and vertical runs: a cell border is drawn where at least one of the
 * two cells it separates is not void.
 */
function gridPath(scene: Scene, c: number): string {
  const { width: w, height: h } = scene;
  const solid = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && !scene.void[y * w + x];
  let d = "";
  for (let y = 0; y <= h; y++)
    for (const [a, b] of runs(w, (x) => solid(x, y - 1) || solid(x, y)))
      d += `M${num(a * c)} ${num(y * c)}H${num(b * c)}`;
  for (let x = 0; x <= w; x++)
    for (const [a, b] of runs(h, (y) => solid(x - 1, y) || solid(x, y)))
      d += `M${num(x * c)} ${num(a * c)}V${num(b * c)}`;
  return d;
}

/** The maximal runs `[start, end)` of indices below `length` for which `on` holds. */
function runs(length: number, on: (i: number) => boolean): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= length; i++) {
    const here = i < length && on(i);
    if (here && start < 0) start = i;
    if (!here && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

function drawPiece(
  scene: Scene,
  piece: Piece,
  appearance: Appearance,
  batch: Batch,
  options: SvgOptions,
  sprite: SpriteRef | null = appearance.sprite,
  mirror = appearance.mirror,
): void {
  const c = batch.cell;
  const opacity = clamp01(appearance.opacity);
  if (opacity === 0) return;
  piece.cells.forEach((cell, i) => {
    const [cx, cy] = cell;
    if (piece.role === "ground" && scene.void[cy * scene.width + cx]) return;
    const x = cx * c;
    const y = cy * c;
    const ref = (piece.cellSprites?.[i] ?? sprite) || null;
    const url = ref && options.assetUrl ? options.assetUrl(ref) : "";
    if (url) {
      batch.image(url, x, y, c, c, mirror, opacity);
      return;
    }
    const color = hexColor(appearance.color, "#808080");
    batch.add(formFragments(appearance.form, color, shade(color, -0.38), opacity, x, y, c));
    // A sprite pictures the piece by itself; text (numbers, labels, glyphs) stands in for one.
    if (appearance.text && i === 0) batch.text(appearance.text, x + c / 2, y + c / 2, textColor(color), c);
  });
  if (piece.queue && piece.queue.length > 0) {
    const [qx, qy] = piece.cell;
    batch.queueText(piece.queue.map(String).join(" "), qx * c + c * 0.06, qy * c + c * 0.2, c * 0.22);
  }
  if (piece.selected) {
    const w = Math.max(1, c / 14);
    const [sx, sy] = piece.cell;
    batch.add([
      {
        paint: { stroke: "#ffffff", width: w, opacity: 1 },
        d: rectPath(sx * c + c * 0.08, sy * c + c * 0.08, c * 0.84, c * 0.84),
      },
    ]);
  }
}

function drawAvatar(scene: Scene, piece: Piece, batch: Batch, options: SvgOptions, out: string[]): void {
  const avatar = scene.avatar;
  if (avatar && !avatar.visible) return;
  drawPiece(
    scene,
    piece,
    piece.appearance,
    batch,
    options,
    avatar?.sprite ?? piece.appearance.sprite,
    avatar?.mirror ?? piece.appearance.mirror,
  );
  const item = avatar?.item;
  if (!item) return;
  // The badge goes over the avatar, whatever paints they share.
  out.push(batch.flush());
  const c = batch.cell;
  const bx = (piece.cell[0] + 0.78) * c;
  const by = (piece.cell[1] + 0.22) * c;
  const badge = c * 0.34;
  batch.add([
    { paint: { stroke: "#000000", width: badge * 1.24, round: "cap", opacity: 0.45 }, d: dotPath(bx, by) },
  ]);
  const ref = item.appearance.sprite;
  const url = ref && options.assetUrl ? options.assetUrl(ref) : "";
  if (url) batch.image(url, bx - badge / 2, by - badge / 2, badge, badge, false, 1);
  else
    batch.add([
      {
        paint: {
          stroke: hexColor(item.appearance.color, "#808080"),
          width: badge * 0.9,
          round: "cap",
          opacity: 1,
        },
        d: dotPath(bx, by),
      },
    ]);
}

function textColor(background: string): string {
  return luminance(background.slice(0, 7)) > 0.45 ? "#111111" : "#ffffff";
}

function clamp01(n: number): number {
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
}

function paintAttributes(paint: Paint): string {
  let out = `fill="${paint.fill === undefined ? "none" : escapeXml(paint.fill)}"`;
  if (paint.stroke !== undefined)
    out += ` stroke="${escapeXml(paint.stroke)}" stroke-width="${num(paint.width ?? 1)}"`;
  if (paint.round === "join") out += ` stroke-linejoin="round"`;
  if (paint.round === "cap") out += ` stroke-linecap="round"`;
  if (paint.opacity < 1) out += ` opacity="${num(paint.opacity)}"`;
  return out;
}

function pathElement(paint: Paint, d: string): string {
  return `<path ${paintAttributes(paint)} d="${escapeXml(d)}"/>`;
}

/**
 * What one layer draws, collected so that fragments of the same paint become one `<path>`. Pieces of
 * a layer do not overlap, so merging them does not change what covers what.
 */
class Batch {
  private readonly paths = new Map<string, { paint: Paint; d: string }>();
  private images: string[] = [];
  private texts: string[] = [];

  constructor(readonly cell: number) {}

  add(fragments: readonly Fragment[]): void {
    for (const { paint, d } of fragments) {
      const key = paintAttributes(paint);
      const entry = this.paths.get(key);
      if (entry) entry.d += d;
      else this.paths.set(key, { paint, d });
    }
  }

  image(url: string, x: number, y: number, w: number, h: number, mirror: boolean, opacity: number): void {
    const flip = mirror ? ` transform="matrix(-1 0 0 1 ${num(2 * x + w)} 0)"` : "";
    const alpha = opacity < 1 ? ` opacity="${num(opacity)}"` : "";
    this.images.push(
      `<image href="${escapeXml(url)}" x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}"${flip}${alpha}/>`,
    );
  }

  text(text: string, x: number, y: number, fill: string, c: number): void {
    const glyphs = Array.from(text).slice(0, MAX_TEXT);
    const size = glyphs.length <= 2 ? c * 0.55 : Math.max(c * 0.22, (c * 1.1) / glyphs.length);
    this.texts.push(
      `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}" fill="${fill}">${escapeXml(glyphs.join(""))}</text>`,
    );
  }

  queueText(text: string, x: number, y: number, size: number): void {
    const glyphs = Array.from(text)
      .slice(0, MAX_TEXT * 2)
      .join("");
    this.texts.push(
      `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}" fill="#ffffff" text-anchor="start">${escapeXml(glyphs)}</text>`,
    );
  }

  /** The collected elements (paths, then images, then text on top), and a fresh start. */
  flush(): string {
    let out = "";
    for (const { paint, d } of this.paths.values()) out += pathElement(paint, d);
    out += this.images.join("");
    if (this.texts.length > 0)
      out += `<g font-family="sans-serif" text-anchor="middle" dominant-baseline="central">${this.texts.join("")}</g>`;
    this.paths.clear();
    this.images = [];
    this.texts = [];
    return out;
  }
}
