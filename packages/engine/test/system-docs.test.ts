import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../src/assembly/builtins.js";
import { documented, PHASES } from "./documented-systems.js";

describe("system docs against the engine", () => {
  it("document every built-in system", () => {
    for (const type of builtinRegistry.systems.keys()) expect(documented.has(type), type).toBe(true);
  });

  it("name the phases each built-in system takes part in", () => {
    for (const [type, behaviour] of builtinRegistry.systems) {
      const hooks = PHASES.filter((phase) => behaviour?.[phase] !== undefined);
      expect(hooks, type).toEqual(documented.get(type)?.phases);
    }
  });
});
