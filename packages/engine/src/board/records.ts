/** The prototype of the records a turn copies: empty, frozen, and itself without a prototype. */
const RECORD_BASE: object = Object.freeze(Object.create(null));

/**
 * A copy of a record keyed by pack data (level variables, actor budgets), made on turns. As with the
 * schema's `dictionary`, a lookup finds only the record's own keys: nothing on its prototype chain has
 * a property, so `constructor` or `__proto__` are ordinary keys. But where V8 keeps an object without a
 * prototype as a hash table, which cost several hundred nanoseconds to copy on every turn that sets a
 * variable, it keeps this one in fast mode.
 */
export function copyRecord<T>(source: Readonly<Record<string, T>>): Record<string, T> {
  const out = Object.create(RECORD_BASE) as Record<string, T>;
  for (const key in source) if (Object.hasOwn(source, key)) out[key] = source[key] as T;
  return out;
}
