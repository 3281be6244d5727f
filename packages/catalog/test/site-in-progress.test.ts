import { describe, expect, it } from "vitest";
import { inProgressKey, loadInProgress, saveInProgress } from "../src/client/in-progress.js";
import type { PackRef } from "../src/client/progress.js";
import { memoryStorage, throwingStorage } from "./storage-doubles.js";

const pack: PackRef = { slug: "dev-x", gameId: "dev.x", version: "1.0.0" };

describe("levels in progress", () => {
  it("keeps each level's moves per pack version, and forgets a level when asked", () => {
    const storage = memoryStorage();
    saveInProgress(storage, pack, "l1", "AQID");
    saveInProgress(storage, pack, "l2", "BAUG");
    expect(loadInProgress(storage, pack, "l1")).toBe("AQID");
    expect(loadInProgress(storage, pack, "l2")).toBe("BAUG");
    expect(loadInProgress(storage, { ...pack, version: "2.0.0" }, "l1")).toBeNull();
    expect(loadInProgress(storage, { ...pack, slug: "dev-x-2" }, "l1")).toBeNull();
    saveInProgress(storage, pack, "l1", null);
    expect(loadInProgress(storage, pack, "l1")).toBeNull();
    expect(loadInProgress(storage, pack, "l2")).toBe("BAUG");
    expect(JSON.parse(storage.data.get(inProgressKey(pack)) ?? "")).toEqual({ l2: "BAUG" });
  });

  it("reads only what it wrote: other JSON, non-code strings and a __proto__ level are plain data", () => {
    const storage = memoryStorage();
    for (const stored of ["not json", "[1,2]", "null", '"text"', '{"l1": 5, "l2": "<script>"}']) {
      storage.data.set(inProgressKey(pack), stored);
      expect(loadInProgress(storage, pack, "l1")).toBeNull();
      expect(loadInProgress(storage, pack, "l2")).toBeNull();
    }
    storage.data.set(inProgressKey(pack), '{"__proto__": "AQID", "l3": "Ag"}');
    expect(loadInProgress(storage, pack, "__proto__")).toBe("AQID");
    expect(loadInProgress(storage, pack, "toString")).toBeNull();
    saveInProgress(storage, pack, "l4", "Aw");
    expect(JSON.parse(storage.data.get(inProgressKey(pack)) ?? "")).toEqual(
      JSON.parse('{"__proto__": "AQID", "l3": "Ag", "l4": "Aw"}'),
    );
  });

  it("degrades to keeping nothing where storage is missing, full or forbidden", () => {
    expect(() => saveInProgress(throwingStorage, pack, "l1", "AQID")).not.toThrow();
    expect(loadInProgress(throwingStorage, pack, "l1")).toBeNull();
    expect(() => saveInProgress(null, pack, "l1", "AQID")).not.toThrow();
    expect(loadInProgress(null, pack, "l1")).toBeNull();
  });
});
