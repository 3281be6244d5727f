import {
  type BufferGeometry,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedMesh,
  type Material,
} from "three";

/** Whoever holds a slot: told its new index when a removal moves it. */
export interface SlotOwner {
  slot: number;
}

/**
 * One InstancedMesh with a fixed capacity and densely packed slots: freeing a slot moves the last
 * instance into it, so `count` is always the number drawn and nothing is drawn hidden.
 */
export class Batch {
  readonly mesh: InstancedMesh;
  readonly capacity: number;
  readonly #owners: (SlotOwner | null)[];
  readonly #matrices: Float32Array;
  readonly #extras: Float32Array;

  constructor(
    geometry: BufferGeometry,
    readonly material: Material,
    capacity: number,
    renderOrder: number,
  ) {
    this.capacity = Math.max(1, capacity);
    this.mesh = new InstancedMesh(geometry, material, this.capacity);
    this.mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    this.mesh.instanceColor = new InstancedBufferAttribute(new Float32Array(this.capacity * 3), 3);
    this.mesh.instanceColor.setUsage(DynamicDrawUsage);
    this.mesh.count = 0;
    this.mesh.frustumCulled = false;
    this.mesh.matrixAutoUpdate = false;
    this.mesh.renderOrder = renderOrder;
    this.#matrices = this.mesh.instanceMatrix.array as Float32Array;
    this.#extras = this.mesh.instanceColor.array as Float32Array;
    this.#owners = new Array(this.capacity).fill(null);
  }

  get count(): number {
    return this.mesh.count;
  }

  get free(): number {
    return this.capacity - this.mesh.count;
  }

  alloc(owner: SlotOwner): number {
    const slot = this.mesh.count;
    if (slot >= this.capacity) throw new Error("batch capacity exceeded");
    this.#owners[slot] = owner;
    owner.slot = slot;
    this.mesh.count = slot + 1;
    this.markDirty();
    return slot;
  }

  release(owner: SlotOwner): void {
    const slot = owner.slot;
    const last = this.mesh.count - 1;
    if (slot < 0 || slot > last || this.#owners[slot] !== owner) return;
    if (slot !== last) {
      this.#matrices.copyWithin(slot * 16, last * 16, last * 16 + 16);
      this.#extras.copyWithin(slot * 3, last * 3, last * 3 + 3);
      const moved = this.#owners[last] ?? null;
      this.#owners[slot] = moved;
      if (moved) moved.slot = slot;
    }
    this.#owners[last] = null;
    owner.slot = -1;
    this.mesh.count = last;
    this.markDirty();
  }

  /** Empties the batch (its buffers stay allocated for reuse). */
  clear(): void {
    this.#owners.fill(null);
    this.mesh.count = 0;
    this.markDirty();
  }

  /** Writes a column-major matrix and the per-instance extras (opacity, label slot). */
  write(slot: number, m: ArrayLike<number>, opacity: number, extra = 0): void {
    const o = slot * 16;
    const a = this.#matrices;
    for (let i = 0; i < 16; i++) a[o + i] = m[i] ?? 0;
    const e = slot * 3;
    this.#extras[e] = opacity;
    this.#extras[e + 1] = extra;
    this.markDirty();
  }

  markDirty(): void {
    this.mesh.instanceMatrix.needsUpdate = true;
    const color = this.mesh.instanceColor;
    if (color) color.needsUpdate = true;
  }

  /** Frees the instance buffers and the material; geometry and textures are shared and freed by their owners. */
  dispose(): void {
    this.mesh.removeFromParent();
    this.mesh.dispose();
    this.material.dispose();
  }
}
