import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Diagnostic, formatDiagnostics } from "../src/index.js";
import { validatePackFolder } from "../src/node.js";

// Each folder under fixtures/broken is the mini pack broken in exactly one way, with an expected.json
// naming the diagnostic that break must produce.
const FIXTURES = join(import.meta.dirname, "fixtures");
const MINI = join(FIXTURES, "valid/mini");
const BROKEN = join(FIXTURES, "broken");

interface Expected {
  /** Pack-relative file the diagnostic is about. */
  file: string;
  /** RFC 6901 pointer into that file. */
  pointer: string;
  code: string;
  severity: "error" | "warning";
  /** A substring of the message, when the case cares about the wording. */
  messageIncludes?: string;
  /** The expected `ok`; by default false for an expected error and either for an expected warning. */
  ok?: boolean;
}

function readExpected(name: string): Expected {
  return JSON.parse(readFileSync(join(BROKEN, name, "expected.json"), "utf8")) as Expected;
}

const cases = readdirSync(BROKEN, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(BROKEN, e.name, "expected.json")))
  .map((e) => e.name)
  .sort();

function describeExpected(e: Expected): string {
  const message =
    e.messageIncludes === undefined ? "" : ` with a message containing ${JSON.stringify(e.messageIncludes)}`;
  return `${e.severity} ${e.code} at ${e.file}#${e.pointer}${message}`;
}

function matches(d: Diagnostic, e: Expected): boolean {
  return (
    d.file === e.file &&
    d.pointer === e.pointer &&
    d.code === e.code &&
    d.severity === e.severity &&
    (e.messageIncludes === undefined || d.message.includes(e.messageIncludes))
  );
}

describe("the mini fixture pack", () => {
  it("validates with no errors and no warnings", async () => {
    const result = await validatePackFolder(MINI);
    expect(result.diagnostics, formatDiagnostics(result.diagnostics)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(Object.keys(result.pack?.levels ?? {}).sort()).toEqual(["l1", "l2"]);
  });
});

describe("broken fixture packs", () => {
  it("has enough cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)("%s has a well-formed expected.json", (name) => {
    const e = readExpected(name);
    expect(typeof e.file).toBe("string");
    expect(e.pointer === "" || e.pointer.startsWith("/"), `pointer ${JSON.stringify(e.pointer)}`).toBe(true);
    expect(typeof e.code).toBe("string");
    expect(["error", "warning"]).toContain(e.severity);
  });

  it.each(cases)("%s reports the expected diagnostic", async (name) => {
    const expected = readExpected(name);
    const result = await validatePackFolder(join(BROKEN, name));
    const actual = formatDiagnostics(result.diagnostics) || "(no diagnostics)";
    const found = result.diagnostics.some((d) => matches(d, expected));
    expect(found, `expected ${describeExpected(expected)}\nactual diagnostics:\n${actual}`).toBe(true);
    const ok = expected.ok ?? (expected.severity === "warning" ? result.ok : false);
    expect(result.ok, `ok should be ${ok}\nactual diagnostics:\n${actual}`).toBe(ok);
    expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === "error"));
  });
});
