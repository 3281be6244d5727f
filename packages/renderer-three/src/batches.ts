import type { SpriteRef } from "@gridponder/view";
import type { BufferGeometry, Object3D, ShaderMaterial, Vector4 } from "three";
import { Batch } from "./batch.js";
import { parseColor, type Rgb } from "./color.js";
import { ORDER_GHOST, ORDER_GROUND, ORDER_LABELS, ORDER_PIECES } from "./draw-order.js";
import { centredQuad, flatQuad, solidGeometry, standingQuad } from "./geometries.js";
import { ATLAS_COLUMNS, ATLAS_ROWS, LabelAtlas } from "./label-atlas.js";
import { labelMaterial, solidMaterial, spriteMaterial } from "./materials.js";
import { type BatchSpec, countInstances, GHOST_OPACITY, type PartSpec } from "./parts.js";
import { Shared } from "./shared.js";
import { SpriteTextures } from "./textures.js";

/** A part realised in a batch. */
export interface LivePart {
  readonly spec: PartSpec;
  readonly batch: Batch;
  slot: number;
  readonly labelSlot: number;
}

/**
 * The instanced batches the board is drawn with, and the GPU resources they share (geometries, sprite
 * textures, the label atlas), each counted so that it is freed when the last batch using it goes.
 */
export class BatchPool {
  readonly #batches = new Map<string, Batch>();
  /** What each batch holds a reference to, released when the batch is disposed. */
  readonly #resources = new Map<Batch, { geometry: string; sprite: SpriteRef | null }>();
  readonly #geometries = new Shared<BufferGeometry>();
  readonly #textures: SpriteTextures;
  #atlas: LabelAtlas | null = null;
  /** The one three.js scene every batch is drawn in. */
  readonly #root: Object3D;

  constructor(root: Object3D, assetUrl: (ref: SpriteRef) => string, onTextureLoad: () => void) {
    this.#root = root;
    this.#textures = new SpriteTextures(assetUrl, onTextureLoad);
  }

  /**
   * Makes room for every part in `lists` (all are counted, drawn at once or not): batches are reused by
   * key while their capacity fits, and freed when no longer needed.
   */
  provide(lists: readonly PartSpec[][], fontFamily: string): void {
    const needed = countInstances(lists);
    this.#prepareLabels(lists, fontFamily);
    for (const [key, batch] of this.#batches)
      if (!needed.has(key)) {
        this.release(batch);
        this.#batches.delete(key);
      }
    for (const [key, { spec, count }] of needed) {
      const existing = this.#batches.get(key);
      if (existing && existing.capacity >= count && existing.capacity <= Math.max(64, count * 4)) {
        existing.clear();
        continue;
      }
      // Created before the old one goes, so shared geometry and textures are not freed and remade.
      this.#batches.set(key, this.#createBatch(spec, nextCapacity(count), fontFamily));
      if (existing) this.release(existing);
    }
    if (!this.#batches.has("label") && this.#atlas) {
      this.#atlas.dispose();
      this.#atlas = null;
    }
  }

  /** Takes a slot for each part; a part whose batch is full (or whose label found no room) is left out. */
  allocate(specs: readonly PartSpec[]): LivePart[] {
    const parts: LivePart[] = [];
    for (const spec of specs) {
      const batch = this.#batches.get(spec.batch.key);
      if (!batch || batch.free <= 0) continue;
      const labelSlot = spec.label && this.#atlas ? this.#atlas.slotOf(spec.label) : 0;
      if (labelSlot < 0) continue;
      const part: LivePart = { spec, batch, slot: -1, labelSlot };
      batch.alloc(part);
      parts.push(part);
    }
    return parts;
  }

  /**
   * A batch of one drawing a frame of a sprite sheet on a camera-facing quad (the shaders read
   * per-instance data, so even a single quad is instanced); `uv` picks the frame.
   */
  sheetBatch(sheet: SpriteRef, uv: Vector4): Batch {
    const texture = this.#textures.acquire(sheet);
    const material = spriteMaterial(texture, [1, 1, 1], 1, false, uv);
    const batch = new Batch(this.#geometries.acquire("centred", centredQuad), material, 1, ORDER_LABELS);
    this.#resources.set(batch, { geometry: "centred", sprite: sheet });
    this.#root.add(batch.mesh);
    return batch;
  }

  /** Disposes a batch and lets go of the geometry and texture it used. */
  release(batch: Batch): void {
    batch.dispose();
    const resources = this.#resources.get(batch);
    if (!resources) return;
    this.#resources.delete(batch);
    this.#geometries.release(resources.geometry);
    if (resources.sprite) this.#textures.release(resources.sprite);
  }

  /** Resolves once every sprite image requested so far has loaded (or failed). */
  whenLoaded(): Promise<void> {
    return this.#textures.whenLoaded();
  }

  dispose(): void {
    for (const batch of this.#batches.values()) this.release(batch);
    this.#batches.clear();
    this.#geometries.disposeAll();
    this.#atlas?.dispose();
    this.#atlas = null;
    this.#textures.dispose();
  }

  /** Gives every label a slot up front, starting the atlas over when the new ones would not fit. */
  #prepareLabels(lists: readonly PartSpec[][], fontFamily: string): void {
    const labels = new Map<string, NonNullable<PartSpec["label"]>>();
    for (const parts of lists)
      for (const p of parts)
        if (p.label) labels.set(`${p.label.style}|${p.label.background}|${p.label.text}`, p.label);
    if (labels.size === 0) return;
    if (!this.#atlas) this.#atlas = new LabelAtlas(fontFamily);
    const atlas = this.#atlas;
    let fresh = 0;
    for (const label of labels.values()) if (!atlas.has(label)) fresh++;
    if (atlas.size + fresh > atlas.capacity) atlas.reset();
    for (const label of labels.values()) atlas.slotOf(label);
  }

  #createBatch(spec: BatchSpec, capacity: number, fontFamily: string): Batch {
    let batch: Batch;
    let geometry: string;
    let sprite: SpriteRef | null = null;
    switch (spec.type) {
      case "solid": {
        geometry = `solid:${spec.form}`;
        const material = solidMaterial(parseColor(spec.color), spec.opacity, spec.form !== "ground");
        const mesh = this.#geometries.acquire(geometry, () => solidGeometry(spec.form));
        batch = new Batch(mesh, material, capacity, spec.form === "ground" ? ORDER_GROUND : ORDER_PIECES);
        break;
      }
      case "sprite": {
        sprite = spec.sprite;
        const texture = this.#textures.acquire(spec.sprite);
        const tint: Rgb = spec.tint ? parseColor(spec.tint, [1, 1, 1]) : [1, 1, 1];
        const material = spriteMaterial(texture, tint, spec.opacity, spec.mirror);
        geometry = spec.orient;
        const mesh = this.#geometries.acquire(geometry, spec.orient === "flat" ? flatQuad : standingQuad);
        batch = new Batch(mesh, material, capacity, spec.orient === "flat" ? ORDER_GROUND : ORDER_PIECES);
        break;
      }
      case "label": {
        if (!this.#atlas) this.#atlas = new LabelAtlas(fontFamily);
        const material = labelMaterial(this.#atlas.texture, ATLAS_COLUMNS, ATLAS_ROWS);
        geometry = "centred";
        batch = new Batch(this.#geometries.acquire(geometry, centredQuad), material, capacity, ORDER_LABELS);
        break;
      }
    }
    if (spec.type !== "label" && spec.ghost) seeThrough(batch);
    this.#resources.set(batch, { geometry, sprite });
    this.#root.add(batch.mesh);
    return batch;
  }
}

/**
 * Makes a batch draw faintly over whatever was drawn before it, hidden or not: where its piece is in
 * plain view it lands on its own pixels and changes nothing; where something hides the piece, it
 * shows through. Labels come later, so numbers stay on top of it.
 */
function seeThrough(batch: Batch): void {
  const material = batch.mesh.material as ShaderMaterial;
  material.uniforms.uOpacity = { value: (material.uniforms.uOpacity?.value ?? 1) * GHOST_OPACITY };
  material.transparent = true;
  material.depthTest = false;
  material.depthWrite = false;
  batch.mesh.renderOrder = ORDER_GHOST;
}

/** Powers of two, so a board that grows by a few pieces does not remake its batches every turn. */
function nextCapacity(count: number): number {
  let c = 4;
  while (c < count) c *= 2;
  return c;
}
