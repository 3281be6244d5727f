/**
 * Edit distance counting insertions, deletions, substitutions and swaps of neighbours (so "tgas" is
 * one edit from "tags"), capped: returns `max + 1` as soon as the distance must exceed `max`.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, (before[j - 2] ?? 0) + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/**
 * Options for {@link closestName}.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export interface ClosestNameOptions {
  /** A longer name is not looked up (default 200 characters). */
  maxLength?: number;
  /** Pass over a candidate that is `name` itself (default: it is the closest). */
  skipSame?: boolean;
}

/**
 * The candidate closest to `name`, ignoring case, if it is close enough to be a likely typo
 * (distance at most a third of the name's length, and at most 3).
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function closestName(
  name: string,
  candidates: Iterable<string>,
  { maxLength = 200, skipSame = false }: ClosestNameOptions = {},
): string | undefined {
  if (name.length > maxLength) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    if (skipSame && candidate === name) continue;
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase(), limit);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` when a close candidate exists, else the empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const best = closestName(name, candidates);
  return best === undefined ? "" : ` (did you mean "${best}"?)`;
}

/** Quotes a value for a message, shortening long strings and large structures. */
export function quote(value: unknown): string {
  if (typeof value === "string") {
    const short = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return JSON.stringify(short);
  }
  return shortJson(value);
}

/**
 * A value as JSON for a message, cut short past 60 characters; `nothing` for `undefined`.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function shortJson(value: unknown): string {
  if (value === undefined) return "nothing";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * The JSON type name of a value, as used in messages.
 * Exported for the match validator, which reports its findings the same way; not part of the public API.
 * @internal
 */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
