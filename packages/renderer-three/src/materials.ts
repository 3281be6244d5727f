import { DoubleSide, ShaderMaterial, type Texture, Vector3, Vector4 } from "three";
import type { Rgb } from "./color.js";

/**
 * Small unlit shaders. Per-instance data rides in `instanceColor` (so the geometries stay shared):
 * `.r` is the instance's opacity, `.g` a label's atlas slot. Colours are used as given and the
 * renderer's output is not colour-managed, so a top face draws exactly its `#rrggbb`.
 */

const INSTANCE_TRANSFORM = /* glsl */ `
  vec4 worldPosition = instanceMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * modelViewMatrix * worldPosition;
`;

export function solidMaterial(color: Rgb, opacity: number, transparent: boolean): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { uColor: { value: new Vector3(...color) }, uOpacity: { value: opacity } },
    vertexShader: /* glsl */ `
      attribute float shade;
      varying float vShade;
      varying float vOpacity;
      void main() {
        vShade = shade;
        vOpacity = instanceColor.r;
        ${INSTANCE_TRANSFORM}
      }`,
    fragmentShader: /* glsl */ `
      uniform vec3 uColor;
      uniform float uOpacity;
      varying float vShade;
      varying float vOpacity;
      void main() {
        float a = uOpacity * vOpacity;
        if (a < 0.01) discard;
        gl_FragColor = vec4(uColor * vShade, a);
      }`,
    transparent,
  });
}

export function spriteMaterial(
  map: Texture,
  tint: Rgb,
  opacity: number,
  mirror: boolean,
  uvRect: Vector4 = new Vector4(0, 0, 1, 1),
): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: {
      uMap: { value: map },
      uTint: { value: new Vector3(...tint) },
      uOpacity: { value: opacity },
      uMirror: { value: mirror ? 1 : 0 },
      uUvRect: { value: uvRect },
    },
    vertexShader: /* glsl */ `
      uniform float uMirror;
      uniform vec4 uUvRect;
      varying vec2 vUv;
      varying float vOpacity;
      void main() {
        vec2 uv0 = vec2(mix(uv.x, 1.0 - uv.x, uMirror), uv.y);
        vUv = uUvRect.xy + uv0 * uUvRect.zw;
        vOpacity = instanceColor.r;
        ${INSTANCE_TRANSFORM}
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D uMap;
      uniform vec3 uTint;
      uniform float uOpacity;
      varying vec2 vUv;
      varying float vOpacity;
      void main() {
        vec4 texel = texture2D(uMap, vUv);
        // Pixel art: hard edges, so nothing half-transparent needs sorting.
        if (texel.a < 0.4) discard;
        float a = uOpacity * vOpacity;
        if (a < 0.01) discard;
        gl_FragColor = vec4(texel.rgb * uTint, a);
      }`,
    transparent: true,
    side: DoubleSide,
  });
}

/** Labels: each instance shows one slot of the atlas, a `columns`×`rows` grid. */
export function labelMaterial(atlas: Texture, columns: number, rows: number): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { uMap: { value: atlas }, uGrid: { value: new Vector3(columns, rows, 0) } },
    vertexShader: /* glsl */ `
      uniform vec3 uGrid;
      varying vec2 vUv;
      varying float vOpacity;
      void main() {
        float slot = instanceColor.g;
        float col = mod(slot, uGrid.x);
        float row = floor(slot / uGrid.x + 0.001);
        vUv = vec2((col + uv.x) / uGrid.x, 1.0 - (row + 1.0 - uv.y) / uGrid.y);
        vOpacity = instanceColor.r;
        ${INSTANCE_TRANSFORM}
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D uMap;
      varying vec2 vUv;
      varying float vOpacity;
      void main() {
        vec4 texel = texture2D(uMap, vUv);
        float a = texel.a * vOpacity;
        if (a < 0.02) discard;
        gl_FragColor = vec4(texel.rgb, a);
      }`,
    transparent: true,
    depthWrite: false,
  });
}
