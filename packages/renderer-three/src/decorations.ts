import type { Scene } from "@gridponder/view";
import {
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
} from "three";
import { parseColor } from "./color.js";
import { ORDER_LABELS, ORDER_OVERLAY } from "./draw-order.js";
import { highestIn, type StandHeights } from "./stand-heights.js";

interface Decoration {
  readonly mesh: Mesh | LineSegments;
  readonly geometry: BufferGeometry;
  readonly material: { dispose(): void };
}

/**
 * What a scene draws over its pieces, not being pieces: region outlines on the ground and the overlay
 * cursor's frame. Few and rebuilt with every scene, so each is its own mesh.
 */
export class Decorations {
  #shown: Decoration[] = [];

  /** The one three.js scene they are drawn in. */
  readonly #root: Object3D;

  constructor(root: Object3D) {
    this.#root = root;
  }

  show(scene: Scene, heights: StandHeights): void {
    this.clear();
    for (const decoration of [outlines(scene), overlayFrame(scene, heights)]) {
      if (!decoration) continue;
      this.#root.add(decoration.mesh);
      this.#shown.push(decoration);
    }
  }

  clear(): void {
    for (const d of this.#shown) {
      d.mesh.removeFromParent();
      d.geometry.dispose();
      d.material.dispose();
    }
    this.#shown = [];
  }
}

/** Every outline region's edges as lines just above the ground. */
function outlines(scene: Scene): Decoration | null {
  if (scene.outlines.length === 0) return null;
  const hw = scene.width / 2;
  const hh = scene.height / 2;
  const positions: number[] = [];
  const colors: number[] = [];
  for (const region of scene.outlines) {
    const c = parseColor(region.color);
    for (const [x1, y1, x2, y2] of region.edges) {
      positions.push(x1 - hw, 0.03, y1 - hh, x2 - hw, 0.03, y2 - hh);
      colors.push(...c, ...c);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  geometry.setAttribute("color", new Float32BufferAttribute(colors, 3));
  const material = new LineBasicMaterial({ vertexColors: true });
  const mesh = new LineSegments(geometry, material);
  mesh.renderOrder = ORDER_LABELS;
  mesh.frustumCulled = false;
  return { mesh, geometry, material };
}

/**
 * The overlay's rectangle as four flat bars at the height of the tops it frames, drawn over
 * everything (last, without a depth test) so the cursor is never hidden behind a raised tile.
 */
function overlayFrame(scene: Scene, heights: StandHeights): Decoration | null {
  const overlay = scene.overlay;
  if (!overlay) return null;
  const hw = scene.width / 2;
  const hh = scene.height / 2;
  const [x0, y0] = overlay.cell;
  const [w, h] = overlay.size;
  const t = 0.08;
  const rects: [number, number, number, number][] = [
    [x0, y0, x0 + w, y0 + t],
    [x0, y0 + h - t, x0 + w, y0 + h],
    [x0, y0 + t, x0 + t, y0 + h - t],
    [x0 + w - t, y0 + t, x0 + w, y0 + h - t],
  ];
  const positions: number[] = [];
  const y = highestIn(heights, x0, y0, w, h) + 0.05;
  for (const [ax, ay, bx, by] of rects) {
    const [a, b, c, d] = [ax - hw, ay - hh, bx - hw, by - hh];
    positions.push(a, y, b, a, y, d, c, y, b, c, y, b, a, y, d, c, y, d);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute("position", new Float32BufferAttribute(positions, 3));
  const rgb = parseColor(overlay.color, [1, 0.85, 0.2]);
  const material = new MeshBasicMaterial({
    color: new Color(rgb[0], rgb[1], rgb[2]),
    depthTest: false,
    // In the transparent pass, which three.js draws after every opaque piece: else the pieces drawn
    // later would cover it whatever its render order.
    transparent: true,
    side: 2,
  });
  const mesh = new Mesh(geometry, material);
  mesh.renderOrder = ORDER_OVERLAY;
  mesh.frustumCulled = false;
  return { mesh, geometry, material };
}
