/**
 * Deep-freezes plain JSON data so it can be shared between states without defensive copies.
 * Exported for the agent; not part of the public API.
 * @internal
 */
export function freezeJson<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    // `for…in` rather than `Object.values`: no array per object (entities with params are made on
    // turns). JSON data has no inherited enumerable keys.
    for (const key in value) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== null && typeof v === "object") freezeJson(v);
    }
  }
  return value;
}

/**
 * A deep, deep-frozen copy of plain JSON data, in one pass: sessions copy a level's multi-cell object
 * params this way, and a round trip through JSON text cost a tenth of preparing such a level.
 */
export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) out.push(frozenCopy(item));
    return Object.freeze(out) as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (Object.hasOwn(value, key)) out[key] = frozenCopy((value as Record<string, unknown>)[key]);
  }
  return Object.freeze(out) as T;
}

/** Whether nothing in a JSON value can change: every object and array in it is frozen. */
export function isDeepFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true;
  if (!Object.isFrozen(value)) return false;
  for (const key in value) if (!isDeepFrozen((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** Whether an object has no own keys, without building the key list (this runs on turns). */
export function hasNoKeys(object: object): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return false;
  return true;
}

/** Structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], bb[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (
      !Object.hasOwn(b, k) ||
      !jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
    ) {
      return false;
    }
  }
  return true;
}
