import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CORPUS } from "../../../src/location.js";

it("reads the corpus", () => {
  expect(existsSync(join(CORPUS, "packs"))).toBe(true);
});
