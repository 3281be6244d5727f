/**
 * Goal pictures: the target pattern of a `board_match` goal drawn as the board is seen, so a player
 * compares it with the board without turning it in their head. In the isometric view the cells are
 * the board's 2:1 diamonds (row 0 at the far side, x running down-right) with a tile's edge below;
 * top-down they are squares. Values and glyphs are written upright at a size that reads.
 * @module
 */
import type { Appearance, BoardView, GoalGridView, SpriteRef } from "@gridponder/view";
import { contrastOn, shade } from "./colors.js";
import { safeColor } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
/** The HUD column's inner width: the picture's widest. */
const MAX_WIDTH = 186;
/** Bounds of a cell's size: the smallest keeps a number readable, the largest keeps a 3×3 modest. */
const SQUARE = { min: 18, max: 34 } as const;
const DIAMOND = { min: 28, max: 52 } as const;
const EMPTY_FILL = "rgba(127,127,127,0.18)";

type Attributes = Record<string, string | number>;

function node<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes): SVGElementTagNameMap[K] {
  const n = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) n.setAttribute(name, String(value));
  return n;
}

/** Where one cell is drawn: its outline, its sides (isometric only) and its centre. */
interface CellShape {
  readonly top: string;
  readonly sides: readonly string[];
  readonly cx: number;
  readonly cy: number;
  /** The height of the cell's face on screen: text and sprites are sized by it. */
  readonly face: number;
}

interface Layout {
  readonly width: number;
  readonly height: number;
  readonly cell: (x: number, y: number) => CellShape;
  /** Cells in drawing order, far to near. */
  readonly order: readonly (readonly [number, number])[];
}

function clamp(value: number, bounds: { min: number; max: number }): number {
  return Math.max(bounds.min, Math.min(bounds.max, Math.floor(value)));
}

function cellsOf(w: number, h: number, far: (a: readonly number[], b: readonly number[]) => number) {
  const order: [number, number][] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) order.push([x, y]);
  return order.sort(far);
}

function squareLayout(w: number, h: number): Layout {
  const s = clamp(MAX_WIDTH / w, SQUARE);
  const gap = 1;
  return {
    width: w * s,
    height: h * s,
    order: cellsOf(w, h, () => 0),
    cell: (x, y) => {
      const [left, top, size] = [x * s + gap / 2, y * s + gap / 2, s - gap];
      return {
        top: `${left},${top} ${left + size},${top} ${left + size},${top + size} ${left},${top + size}`,
        sides: [],
        cx: left + size / 2,
        cy: top + size / 2,
        face: size,
      };
    },
  };
}

function diamondLayout(w: number, h: number): Layout {
  const d = clamp((2 * MAX_WIDTH) / (w + h), DIAMOND);
  const [hw, hh] = [d / 2, d / 4];
  const edge = Math.max(2, Math.round(d / 10));
  const inset = 0.6;
  return {
    width: (w + h) * hw,
    height: (w + h) * hh + edge,
    order: cellsOf(w, h, (a, b) => (a[0] ?? 0) + (a[1] ?? 0) - (b[0] ?? 0) - (b[1] ?? 0)),
    cell: (x, y) => {
      const cx = (x - y) * hw + h * hw;
      const cy = (x + y) * hh + hh;
      const [l, r, t, b] = [cx - hw + inset, cx + hw - inset, cy - hh + inset / 2, cy + hh - inset / 2];
      return {
        top: `${cx},${t} ${r},${cy} ${cx},${b} ${l},${cy}`,
        sides: [
          `${l},${cy} ${cx},${b} ${cx},${b + edge} ${l},${cy + edge}`,
          `${cx},${b} ${r},${cy} ${r},${cy + edge} ${cx},${b + edge}`,
        ],
        cx,
        cy,
        face: 2 * hh,
      };
    },
  };
}

function drawCell(
  into: SVGElement,
  at: readonly [number, number],
  shape: CellShape,
  appearance: Appearance | null,
  view: BoardView,
  url: (ref: SpriteRef) => string,
): void {
  const color = appearance ? safeColor(appearance.color) : null;
  const fill = color ?? EMPTY_FILL;
  const group = node("g", { "data-cell": `${at[0]},${at[1]}` });
  if (appearance && appearance.opacity < 1) group.setAttribute("opacity", String(appearance.opacity));
  for (const [i, points] of shape.sides.entries()) {
    const side = color ? shade(color, i === 0 ? -0.25 : -0.4) : EMPTY_FILL;
    group.append(node("polygon", { points, fill: side }));
  }
  group.append(node("polygon", { points: shape.top, fill }));
  if (appearance?.sprite) {
    // Upright sprites stand on their cell in the isometric view and lie on it seen from above.
    const size = view === "isometric" ? shape.face * 1.5 : shape.face;
    const image = node("image", {
      href: url(appearance.sprite),
      x: shape.cx - size / 2,
      y: view === "isometric" ? shape.cy - size * 0.8 : shape.cy - size / 2,
      width: size,
      height: size,
      preserveAspectRatio: "xMidYMid meet",
    });
    if (appearance.mirror) image.setAttribute("transform", `translate(${2 * shape.cx} 0) scale(-1 1)`);
    group.append(image);
  } else if (appearance?.text) {
    const emoji = appearance.display === "emoji";
    const size = Math.max(
      10,
      Math.round(shape.face * (emoji ? 0.62 : appearance.text.length > 2 ? 0.4 : 0.55)),
    );
    const text = node("text", {
      x: shape.cx,
      y: shape.cy,
      "font-size": size,
      "font-weight": emoji ? "normal" : "bold",
      "text-anchor": "middle",
      "dominant-baseline": "central",
      fill: color ? contrastOn(color) : "currentColor",
    });
    text.textContent = appearance.text;
    group.append(text);
  }
  into.append(group);
}

/** The target pattern of one goal as an SVG picture in the board's projection. */
export function goalPicture(
  grid: GoalGridView,
  view: BoardView,
  url: (ref: SpriteRef) => string,
): SVGSVGElement {
  const layout =
    view === "isometric" ? diamondLayout(grid.width, grid.height) : squareLayout(grid.width, grid.height);
  const svg = node("svg", {
    class: "gp-target",
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    width: layout.width,
    height: layout.height,
    role: "img",
    "aria-label": `target pattern, ${grid.width} by ${grid.height}`,
    "data-view": view,
  });
  for (const [x, y] of layout.order)
    drawCell(svg, [x, y], layout.cell(x, y), grid.cells[y * grid.width + x] ?? null, view, url);
  return svg;
}
