import { describe, expect, it } from "vitest";
import {
  firstUnsolved,
  type KeyValueStorage,
  legacyProgressKey,
  loadProgress,
  type PackRef,
  progressKey,
  recordWin,
  solvedCount,
} from "../src/client/progress.js";
import { memoryStorage, throwingStorage } from "./storage-doubles.js";

/** A pack of the catalog at `slug`. */
const at = (slug: string, gameId: string, version: string): PackRef => ({ slug, gameId, version });
const g1 = at("g", "g", "1");

describe("progress storage", () => {
  it("records wins per pack slug, gameId and version, keeping the best move count", () => {
    const storage = memoryStorage();
    const x = at("dev-x-pack", "dev.x.pack", "1.0.0");
    recordWin(storage, x, "l1", 12);
    recordWin(storage, x, "l1", 9);
    recordWin(storage, x, "l1", 15);
    recordWin(storage, x, "l3", 4);
    const progress = loadProgress(storage, x);
    expect(progress.l1).toEqual({ solved: true, best: 9 });
    expect(progress.l3).toEqual({ solved: true, best: 4 });
    expect(loadProgress(storage, at("dev-x-pack", "dev.x.pack", "2.0.0"))).toEqual({});
    expect(loadProgress(storage, at("dev-y-pack", "dev.y.pack", "1.0.0"))).toEqual({});
    expect(storage.data.has(progressKey(x))).toBe(true);
  });

  it("keeps two packs with the same gameId apart: the catalog's slug is part of the key", () => {
    const storage = memoryStorage();
    const first = at("dev-x-pack", "dev.x.pack", "1.0.0");
    const second = at("dev-x-pack-2", "dev.x.pack", "1.0.0");
    recordWin(storage, first, "l1", 5);
    expect(loadProgress(storage, first).l1).toEqual({ solved: true, best: 5 });
    expect(loadProgress(storage, second).l1).toBeUndefined();
    recordWin(storage, second, "l2", 7);
    expect(Object.keys(loadProgress(storage, first))).toEqual(["l1"]);
    expect(Object.keys(loadProgress(storage, second))).toEqual(["l2"]);
  });

  it("keeps progress saved under the gameId alone: every pack of that gameId reads it, none deletes it", () => {
    const storage = memoryStorage();
    const first = at("dev-x-pack", "dev.x.pack", "1.0.0");
    const second = at("dev-x-pack-2", "dev.x.pack", "1.0.0");
    const legacy = legacyProgressKey(first);
    expect(legacy).toBe("gridponder:progress:dev.x.pack@1.0.0");
    const saved = JSON.stringify({ l1: { solved: true, best: 9 }, l2: { solved: true, best: 4 } });
    storage.data.set(legacy, saved);
    expect({ ...loadProgress(storage, first) }).toEqual({
      l1: { solved: true, best: 9 },
      l2: { solved: true, best: 4 },
    });
    // A win carries the older progress over to the pack's own key, and leaves the older key alone.
    recordWin(storage, first, "l1", 6);
    recordWin(storage, first, "l3", 2);
    expect({ ...loadProgress(storage, first) }).toEqual({
      l1: { solved: true, best: 6 },
      l2: { solved: true, best: 4 },
      l3: { solved: true, best: 2 },
    });
    expect(storage.data.get(legacy)).toBe(saved);
    expect({ ...loadProgress(storage, second) }).toEqual({
      l1: { solved: true, best: 9 },
      l2: { solved: true, best: 4 },
    });
    // Another version is another pack version: the older key of 1.0.0 is not its progress.
    expect(loadProgress(storage, at("dev-x-pack", "dev.x.pack", "2.0.0"))).toEqual({});
    // Unreadable text under the new key falls back to the older one rather than to nothing.
    storage.data.set(progressKey(second), "{");
    expect(loadProgress(storage, second).l2).toEqual({ solved: true, best: 4 });
  });

  it("counts solved levels and finds the first unsolved one in play order", () => {
    const storage = memoryStorage();
    const order = ["a", "b", "c", "d"];
    expect(firstUnsolved(loadProgress(storage, g1), order)).toBe("a");
    recordWin(storage, g1, "a", 3);
    recordWin(storage, g1, "c", 3);
    recordWin(storage, g1, "gone", 3);
    const progress = loadProgress(storage, g1);
    expect(solvedCount(progress, order)).toBe(2);
    expect(firstUnsolved(progress, order)).toBe("b");
    for (const id of order) recordWin(storage, g1, id, 1);
    expect(firstUnsolved(loadProgress(storage, g1), order)).toBeNull();
  });

  it("ignores what it did not write: garbage, wrong shapes, hostile keys", () => {
    const storage = memoryStorage();
    const key = progressKey(g1);
    for (const text of ["{", "null", "[1,2]", '"x"', "42"]) {
      storage.data.set(key, text);
      expect(loadProgress(storage, g1)).toEqual({});
    }
    storage.data.set(
      key,
      JSON.stringify({
        a: { solved: true, best: -1 },
        b: { solved: "yes" },
        c: 5,
        d: { solved: true, best: 7 },
      }),
    );
    expect({ ...loadProgress(storage, g1) }).toEqual({
      a: { solved: true, best: null },
      d: { solved: true, best: 7 },
    });
    storage.data.set(key, '{"__proto__": {"solved": true, "best": 1}}');
    const progress = loadProgress(storage, g1);
    expect(Object.getPrototypeOf({})).not.toHaveProperty("solved");
    expect(solvedCount(progress, ["__proto__"])).toBe(1);
  });

  it("never throws when storage is missing or refuses access", () => {
    expect(loadProgress(null, g1)).toEqual({});
    expect(loadProgress(throwingStorage, g1)).toEqual({});
    expect(recordWin(throwingStorage, g1, "a", 2)).toEqual({ a: { solved: true, best: 2 } });
    expect(recordWin(null, g1, "a", 2)).toEqual({ a: { solved: true, best: 2 } });
  });
});
