import { describe, it } from "vitest";
import { expectRowHolds, isOwnPack, ROWS } from "./pack-keyed-fields.js";

// The rows of pack-keys.test.ts whose packs are the conformance corpus's.
describe("names of Object.prototype in keyed fields of the DSL", () => {
  for (const [title, row] of Object.entries(ROWS).filter(([, row]) => !isOwnPack(row))) {
    it(`${title} (${row.pack}): plays as a plain name does; __proto__ is refused where it is`, () => {
      expectRowHolds(row);
    });
  }
});
