/**
 * Outlines: connected regions of cells holding a kind with an `outline` style, and their borders.
 * @module
 */
import type { GameState, Pack } from "@gridponder/engine";
import { parseColor } from "./colors.js";
import type { ViewContext } from "./context.js";
import type { Cell, OutlineRegion } from "./types.js";

type Edge = readonly [number, number, number, number];

/** The border of a set of cells: the unit edges between a member cell and a non-member (or the board edge). */
function regionEdges(cells: readonly Cell[], inRegion: (x: number, y: number) => boolean): Edge[] {
  const edges: Edge[] = [];
  for (const [x, y] of cells) {
    if (!inRegion(x, y - 1)) edges.push([x, y, x + 1, y]);
    if (!inRegion(x + 1, y)) edges.push([x + 1, y, x + 1, y + 1]);
    if (!inRegion(x, y + 1)) edges.push([x, y + 1, x + 1, y + 1]);
    if (!inRegion(x - 1, y)) edges.push([x, y, x, y + 1]);
  }
  return edges;
}

/** The orthogonally connected components of the cells where `member` holds, each in row-major order. */
function connectedRegions(width: number, height: number, member: (index: number) => boolean): number[][] {
  const seen = new Uint8Array(width * height);
  const regions: number[][] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !member(start)) continue;
    const region: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const i = stack.pop() as number;
      region.push(i);
      const x = i % width;
      const y = (i - x) / width;
      const next = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const n of next) {
        if (n >= 0 && !seen[n] && member(n)) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
    regions.push(region.sort((a, b) => a - b));
  }
  return regions;
}

function outlinedKinds(pack: Pack) {
  return [...pack.kinds.values()].filter((k) => k.def.outline !== undefined && k.layerIndex >= 0);
}

/** Every outlined region of a state: per outlined kind (in `game.json` order), its connected regions. */
export function outlinesOf(
  ctx: ViewContext,
  state: GameState,
  width: number,
  height: number,
): OutlineRegion[] {
  const out: OutlineRegion[] = [];
  for (const info of outlinedKinds(ctx.pack)) {
    const cells = state.layers[info.layerIndex];
    if (!cells) continue;
    const style = info.def.outline ?? {};
    const parsed = style.color === undefined ? null : parseColor(style.color, ctx.theme.palette);
    const color = parsed?.color ?? "#222222";
    const strokeWidth = typeof style.width === "number" && style.width >= 0 ? style.width : 2;
    const member = (i: number) => cells[i]?.kind === info.name;
    for (const region of connectedRegions(width, height, member)) {
      const regionCells: Cell[] = region.map((i) => [i % width, Math.floor(i / width)] as const);
      const inRegion = (x: number, y: number) =>
        x >= 0 && y >= 0 && x < width && y < height && member(y * width + x);
      out.push({
        kind: info.name,
        layer: info.layer,
        color,
        width: strokeWidth,
        cells: regionCells,
        edges: regionEdges(regionCells, inRegion),
      });
    }
  }
  return out;
}
