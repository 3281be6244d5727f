import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stableStringify } from "../src/index.js";

/** What stableStringify promises: the text of a copy whose object keys are sorted at every level. */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      Object.defineProperty(out, key, {
        value: sortedCopy((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

describe("stableStringify", () => {
  it("writes the same text as JSON.stringify of a copy with sorted keys, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stableStringify(value)).toBe(JSON.stringify(sortedCopy(value)));
      }),
      { numRuns: 2000, seed: 20261129 },
    );
  });

  it("gives objects that differ only in key order the same text, and leaves out undefined fields", () => {
    expect(stableStringify({ b: [1, { d: true, c: null }], a: "x", u: undefined })).toBe(
      '{"a":"x","b":[1,{"c":null,"d":true}]}',
    );
    expect(stableStringify({ a: 1, b: 2 })).toBe(stableStringify({ b: 2, a: 1 }));
    expect(stableStringify([undefined, -0, Number.NaN])).toBe("[null,0,null]");
  });

  it("lists keys that are array indices first, in numeric order, as every JavaScript object does", () => {
    expect(stableStringify({ b: 1, "10": 2, "": 3, "9": 4, "01": 5 })).toBe(
      '{"9":4,"10":2,"":3,"01":5,"b":1}',
    );
  });

  it("writes a key named __proto__ as data, not as the object's prototype", () => {
    const value = JSON.parse('{"__proto__":{"x":1},"a":2}');
    expect(stableStringify(value)).toBe('{"__proto__":{"x":1},"a":2}');
  });
});
