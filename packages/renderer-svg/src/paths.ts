import type { Form } from "@gridponder/view";
import { num } from "./escape.js";

/** Path data of an axis-aligned rectangle. */
export function rectPath(x: number, y: number, w: number, h: number): string {
  return `M${num(x)} ${num(y)}h${num(w)}v${num(h)}h${num(-w)}z`;
}

/** A zero-length segment: drawn with a round cap it is a disc of the stroke's width, in a few bytes. */
export function dotPath(cx: number, cy: number): string {
  return `M${num(cx)} ${num(cy)}h0`;
}

/**
 * How a path is painted. `opacity` applies to the whole element, so fill and stroke of the same piece
 * never show through each other.
 */
export interface Paint {
  readonly fill?: string;
  readonly stroke?: string;
  readonly width?: number;
  /** Round joins turn a stroked rectangle into a rounded one; round caps turn a dot into a disc. */
  readonly round?: "join" | "cap";
  readonly opacity: number;
}

/** One path fragment; fragments with the same paint merge into one element. */
export interface Fragment {
  readonly paint: Paint;
  readonly d: string;
}

/**
 * A rounded square as a rectangle stroked in its own colour with round joins: the stroke's half width
 * is the corner radius. A sixth of the bytes of four arcs.
 */
function roundedSquare(
  color: string,
  opacity: number,
  x: number,
  y: number,
  size: number,
  r: number,
): Fragment {
  return {
    paint: { fill: color, stroke: color, width: 2 * r, round: "join", opacity },
    d: rectPath(x + r, y + r, size - 2 * r, size - 2 * r),
  };
}

/**
 * The procedural silhouette of a form in the cell whose top-left corner is (x, y), seen from above as
 * the player's 2D fallback draws it: slabs fill the cell, blocks get a darker rim, crates sit inset with
 * a rim, orbs are discs, tiles are rounded squares and figures a head over a body. Proportions are
 * sixteenths of a cell, so that the default 16-unit cell gives whole numbers.
 */
export function formFragments(
  form: Form,
  color: string,
  rim: string,
  opacity: number,
  x: number,
  y: number,
  c: number,
): Fragment[] {
  const u = c / 16;
  const cx = x + c / 2;
  const cy = y + c / 2;
  switch (form) {
    case "flat":
      return [{ paint: { fill: color, opacity }, d: rectPath(x, y, c, c) }];
    case "block":
      return [
        { paint: { fill: color, opacity }, d: rectPath(x, y, c, c) },
        { paint: { stroke: rim, width: u, opacity }, d: rectPath(x + u / 2, y + u / 2, c - u, c - u) },
      ];
    case "crate":
      return [
        {
          paint: { fill: color, stroke: rim, width: u, opacity },
          d: rectPath(x + 2 * u, y + 2 * u, 12 * u, 12 * u),
        },
      ];
    case "orb":
      return [{ paint: { stroke: color, width: 10 * u, round: "cap", opacity }, d: dotPath(cx, cy) }];
    case "tile":
      return [roundedSquare(color, opacity, x + u, y + u, 14 * u, 2 * u)];
    case "figure":
      return [
        { paint: { stroke: color, width: 5 * u, round: "cap", opacity }, d: dotPath(cx, cy - 2 * u) },
        {
          paint: { stroke: color, width: 4 * u, round: "join", fill: color, opacity },
          d: rectPath(cx - u, cy + 2 * u, 2 * u, 2 * u),
        },
      ];
  }
}
