/**
 * Records keyed by pack data. A pack may name a kind, a colour or a parameter `constructor` or
 * `toString`: a plain object would answer such a lookup from `Object.prototype` when the pack never
 * defined the name. These helpers only ever see a record's own keys.
 * @module
 */

/**
 * The value `record` holds under `key` itself; never one `Object.prototype` supplies.
 * Exported for the engine, the view, the match package and the studio; not part of the public API.
 * @internal
 */
export function own<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A record without a prototype, holding the entries given: every lookup in it finds only its own keys,
 * and even a key `__proto__` is an ordinary key.
 * Exported for the engine, the view, the match package and the studio; not part of the public API.
 * @internal
 */
export function dictionary<T>(
  entries: Iterable<readonly [string, T]> | Readonly<Record<string, T>> = [],
): Record<string, T> {
  const out: Record<string, T> = Object.create(null);
  if (Symbol.iterator in entries) {
    for (const [key, value] of entries as Iterable<readonly [string, T]>) out[key] = value;
    return out;
  }
  // `for…in` rather than `Object.entries`: no array per copy (entities with params are made on turns).
  const record = entries as Readonly<Record<string, T>>;
  for (const key in record) if (Object.hasOwn(record, key)) out[key] = record[key] as T;
  return out;
}
