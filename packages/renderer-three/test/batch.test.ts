import { BoxGeometry, MeshBasicMaterial } from "three";
import { describe, expect, it } from "vitest";
import { Batch, type SlotOwner } from "../src/batch.js";

function matrixWith(value: number): number[] {
  return Array.from({ length: 16 }, () => value);
}

describe("Batch", () => {
  it("packs slots densely: freeing one moves the last instance into the hole", () => {
    const batch = new Batch(new BoxGeometry(), new MeshBasicMaterial(), 4, 0);
    const owners: SlotOwner[] = [0, 1, 2].map(() => ({ slot: -1 }));
    owners.forEach((o, i) => {
      batch.alloc(o);
      batch.write(o.slot, matrixWith(i + 1), 0.5, i);
    });
    expect(batch.count).toBe(3);
    const [first, , last] = owners as [SlotOwner, SlotOwner, SlotOwner];
    batch.release(first);
    expect(batch.count).toBe(2);
    expect(first.slot).toBe(-1);
    expect(last.slot).toBe(0);
    expect(batch.mesh.instanceMatrix.array[0]).toBe(3);
    expect(batch.mesh.instanceColor?.array[1]).toBe(2);
    // Releasing twice is harmless.
    batch.release(first);
    expect(batch.count).toBe(2);
    batch.dispose();
  });

  it("refuses more instances than its capacity", () => {
    const batch = new Batch(new BoxGeometry(), new MeshBasicMaterial(), 1, 0);
    batch.alloc({ slot: -1 });
    expect(() => batch.alloc({ slot: -1 })).toThrow(/capacity/);
    batch.dispose();
  });
});
