import {
  BoxGeometry,
  type BufferGeometry,
  CapsuleGeometry,
  Float32BufferAttribute,
  PlaneGeometry,
  RingGeometry,
  SphereGeometry,
} from "three";
import { mergeGeometries } from "three/examples/jsm/utils/BufferGeometryUtils.js";
import type { Solid } from "./parts.js";

/**
 * Unit-sized geometries with their base at y = 0 (instance matrices scale them to the part's size),
 * and light baked into a per-vertex `shade`: the scene has no lights, so a frame costs no lighting
 * math and a top face shows exactly the appearance colour.
 */

/** Brightness for a surface normal: top faces 1, the left-facing side 0.8, the right-facing side 0.66. */
function shadeFor(nx: number, ny: number, nz: number): number {
  const s = 0.66 + 0.34 * ny + 0.14 * nz - 0.02 * nx;
  return Math.max(0.42, Math.min(1, s));
}

function bakeShade(geometry: BufferGeometry): BufferGeometry {
  const normal = geometry.getAttribute("normal");
  const shade = new Float32Array(normal.count);
  for (let i = 0; i < normal.count; i++) shade[i] = shadeFor(normal.getX(i), normal.getY(i), normal.getZ(i));
  geometry.setAttribute("shade", new Float32BufferAttribute(shade, 1));
  return geometry;
}

/** A box whose edges are chamfered by `radius` (as a fraction of the unit size). */
function roundedBox(radius: number): BufferGeometry {
  const geometry = new BoxGeometry(1, 1, 1, 3, 3, 3);
  const position = geometry.getAttribute("position");
  const inner = 0.5 - radius;
  for (let i = 0; i < position.count; i++) {
    const p = [position.getX(i), position.getY(i), position.getZ(i)];
    const c = p.map((v) => Math.max(-inner, Math.min(inner, v)));
    const d = p.map((v, k) => v - (c[k] ?? 0));
    const len = Math.hypot(d[0] ?? 0, d[1] ?? 0, d[2] ?? 0);
    if (len > 1e-6) for (let k = 0; k < 3; k++) p[k] = (c[k] ?? 0) + ((d[k] ?? 0) / len) * radius;
    position.setXYZ(i, p[0] ?? 0, p[1] ?? 0, p[2] ?? 0);
  }
  geometry.computeVertexNormals();
  return geometry;
}

function strip(geometry: BufferGeometry): BufferGeometry {
  for (const name of Object.keys(geometry.attributes))
    if (name !== "position" && name !== "normal") geometry.deleteAttribute(name);
  return geometry;
}

/** A capsule with a small nose on +Z, so a figure shows which way it faces. */
function figure(): BufferGeometry {
  const body = strip(new CapsuleGeometry(0.5, 1, 3, 12).scale(1, 0.5, 1).translate(0, 0.5, 0));
  const nose = strip(new SphereGeometry(0.18, 10, 8).translate(0, 0.64, 0.44));
  const merged = mergeGeometries([body.toNonIndexed(), nose.toNonIndexed()]);
  body.dispose();
  nose.dispose();
  if (!merged) throw new Error("figure geometry could not be merged");
  return merged;
}

/** A box without the faces the camera never sees (bottom, back, far left): ground tiles are most triangles. */
function groundBox(): BufferGeometry {
  const box = new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
  // BoxGeometry's groups run +x, -x, +y, -y, +z, -z; keep +x, +y and +z.
  const index = box.getIndex();
  if (!index) return box;
  const keep: number[] = [];
  for (const group of box.groups)
    if (group.materialIndex === 0 || group.materialIndex === 2 || group.materialIndex === 4)
      for (let i = group.start; i < group.start + group.count; i++) keep.push(index.getX(i));
  box.setIndex(keep);
  box.clearGroups();
  return box;
}

function build(form: Solid): BufferGeometry {
  switch (form) {
    case "ground":
      return groundBox();
    case "flat":
    case "block":
      return new BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
    case "crate":
      return roundedBox(0.08).translate(0, 0.5, 0);
    case "tile":
      return roundedBox(0.16).translate(0, 0.5, 0);
    case "orb":
      return new SphereGeometry(0.5, 16, 10).translate(0, 0.5, 0);
    case "figure":
      return figure();
    case "ring":
      return new RingGeometry(0.4, 0.5, 40).rotateX(-Math.PI / 2);
  }
}

export function solidGeometry(form: Solid): BufferGeometry {
  return bakeShade(build(form));
}

/** An upright unit quad with its bottom edge on y = 0 (turned to the camera by the instance matrix). */
export function standingQuad(): BufferGeometry {
  return new PlaneGeometry(1, 1).translate(0, 0.5, 0);
}

/** A unit quad lying face up; the image's top edge points to the board's far side (row 0). */
export function flatQuad(): BufferGeometry {
  return new PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
}

/** A unit quad centred on the origin (labels, effects: turned to the camera by their matrix). */
export function centredQuad(): BufferGeometry {
  return new PlaneGeometry(1, 1);
}
