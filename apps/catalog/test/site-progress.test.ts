import { describe, expect, it } from "vitest";
import {
  firstUnsolved,
  type KeyValueStorage,
  loadProgress,
  progressKey,
  recordWin,
  solvedCount,
} from "../src/client/progress.js";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
  };
}

const throwing: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
};

describe("progress storage", () => {
  it("records wins per pack gameId and version, keeping the best move count", () => {
    const storage = memoryStorage();
    recordWin(storage, "dev.x.pack", "1.0.0", "l1", 12);
    recordWin(storage, "dev.x.pack", "1.0.0", "l1", 9);
    recordWin(storage, "dev.x.pack", "1.0.0", "l1", 15);
    recordWin(storage, "dev.x.pack", "1.0.0", "l3", 4);
    const progress = loadProgress(storage, "dev.x.pack", "1.0.0");
    expect(progress.l1).toEqual({ solved: true, best: 9 });
    expect(progress.l3).toEqual({ solved: true, best: 4 });
    expect(loadProgress(storage, "dev.x.pack", "2.0.0")).toEqual({});
    expect(loadProgress(storage, "dev.y.pack", "1.0.0")).toEqual({});
    expect(storage.data.has(progressKey("dev.x.pack", "1.0.0"))).toBe(true);
  });

  it("counts solved levels and finds the first unsolved one in play order", () => {
    const storage = memoryStorage();
    const order = ["a", "b", "c", "d"];
    expect(firstUnsolved(loadProgress(storage, "g", "1"), order)).toBe("a");
    recordWin(storage, "g", "1", "a", 3);
    recordWin(storage, "g", "1", "c", 3);
    recordWin(storage, "g", "1", "gone", 3);
    const progress = loadProgress(storage, "g", "1");
    expect(solvedCount(progress, order)).toBe(2);
    expect(firstUnsolved(progress, order)).toBe("b");
    for (const id of order) recordWin(storage, "g", "1", id, 1);
    expect(firstUnsolved(loadProgress(storage, "g", "1"), order)).toBeNull();
  });

  it("ignores what it did not write: garbage, wrong shapes, hostile keys", () => {
    const storage = memoryStorage();
    const key = progressKey("g", "1");
    for (const text of ["{", "null", "[1,2]", '"x"', "42"]) {
      storage.data.set(key, text);
      expect(loadProgress(storage, "g", "1")).toEqual({});
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
    expect({ ...loadProgress(storage, "g", "1") }).toEqual({
      a: { solved: true, best: null },
      d: { solved: true, best: 7 },
    });
    storage.data.set(key, '{"__proto__": {"solved": true, "best": 1}}');
    const progress = loadProgress(storage, "g", "1");
    expect(Object.getPrototypeOf({})).not.toHaveProperty("solved");
    expect(solvedCount(progress, ["__proto__"])).toBe(1);
  });

  it("never throws when storage is missing or refuses access", () => {
    expect(loadProgress(null, "g", "1")).toEqual({});
    expect(loadProgress(throwing, "g", "1")).toEqual({});
    expect(recordWin(throwing, "g", "1", "a", 2)).toEqual({ a: { solved: true, best: 2 } });
    expect(recordWin(null, "g", "1", "a", 2)).toEqual({ a: { solved: true, best: 2 } });
  });
});
