import { describe, expect, it } from "vitest";
import { loadViewChoice, saveViewChoice, viewChoiceKey } from "../src/client/view-choice.js";
import { memoryStorage, throwingStorage } from "./storage-doubles.js";

describe("the board view choice", () => {
  it("is kept per catalog root", () => {
    const storage = memoryStorage();
    expect(loadViewChoice(storage, "/")).toBeNull();
    saveViewChoice(storage, "/", "top-down");
    saveViewChoice(storage, "/other/", "isometric");
    expect(loadViewChoice(storage, "/")).toBe("top-down");
    expect(loadViewChoice(storage, "/other/")).toBe("isometric");
    expect(storage.data.get(viewChoiceKey("/"))).toBe("top-down");
  });

  it("reads only a view: anything else stored is no choice", () => {
    const storage = memoryStorage();
    for (const stored of ["", "3d", "TOP-DOWN", '"top-down"', "<script>"]) {
      storage.data.set(viewChoiceKey("/"), stored);
      expect(loadViewChoice(storage, "/")).toBeNull();
    }
  });

  it("degrades to no choice where storage is missing, full or forbidden", () => {
    expect(() => saveViewChoice(throwingStorage, "/", "top-down")).not.toThrow();
    expect(loadViewChoice(throwingStorage, "/")).toBeNull();
    expect(loadViewChoice(null, "/")).toBeNull();
  });
});
