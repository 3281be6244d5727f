import { escapePointerSegment } from "./diagnostics.js";
import type { FileDiagnostic } from "./schema-check.js";

/**
 * The one name no pack may use, as a key or as a name: JavaScript reads `obj["__proto__"] = …` as
 * "change the object's prototype", so any program that copies pack data into an object (a plugin, a
 * build tool, an editor) would silently drop the entry, or graft pack data onto the object.
 */
export const RESERVED_NAME = "__proto__";

/** At most this many reserved-name diagnostics per file; one already makes the file invalid. */
const MAX_REPORTED = 20;

/**
 * Every place a JSON value uses the reserved name: as an object key, or as a string (names and
 * references are strings, and a string value may become a key later, such as a portal channel).
 * Walks iteratively, so deep values cannot overflow the stack.
 */
export function findReservedNames(value: unknown): FileDiagnostic[] {
  const found: FileDiagnostic[] = [];
  const stack: { v: unknown; pointer: string }[] = [{ v: value, pointer: "" }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const { v, pointer } = stack.pop() as { v: unknown; pointer: string };
    if (v === RESERVED_NAME) {
      found.push({
        pointer,
        severity: "error",
        code: "reserved-name",
        message: `"${RESERVED_NAME}" is reserved and cannot be used as a name`,
        hint: "JavaScript gives this name a special meaning; choose another name",
      });
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    const entries = Array.isArray(v) ? v.map((item, i) => [i, item] as const) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as readonly [string | number, unknown];
      if (key === RESERVED_NAME) {
        found.push({
          pointer: `${pointer}/${key}`,
          severity: "error",
          code: "reserved-name",
          message: `"${RESERVED_NAME}" is reserved and cannot be used as a key`,
          hint: "JavaScript gives this name a special meaning; choose another name",
        });
        continue;
      }
      stack.push({ v: child, pointer: `${pointer}/${escapePointerSegment(key)}` });
    }
  }
  return found;
}
