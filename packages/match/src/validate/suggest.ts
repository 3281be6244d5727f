/**
 * Wording helpers for diagnostics: the likely intended name for a misspelt one, values quoted short,
 * lists of names.
 * @module
 */
import { closestName } from "@gridponder/schema";

/** A value as a message shows it: JSON, cut short past 60 characters (`nothing` for `undefined`). */
export { shortJson as quote } from "@gridponder/schema";

/**
 * The candidate a misspelt `name` most likely meant: the closest one, ignoring case, within a third of
 * the name's length (at least one edit, at most three).
 */
export function likelyMeant(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length === 0) return undefined;
  return closestName(name, candidates, { maxLength: 128, skipSame: true });
}

/** ` (did you mean "x"?)`, or nothing when no candidate is close. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const meant = likelyMeant(name, candidates);
  return meant === undefined ? "" : ` (did you mean ${JSON.stringify(meant)}?)`;
}

/** `"a", "b" or "c"`: a list of names for a message, the first `max` of them. */
export function listNames(names: readonly string[], max = 12, conjunction = "or"): string {
  const shown = names.slice(0, max).map((n) => JSON.stringify(n));
  if (names.length > max) return `${shown.join(", ")}, …`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} ${conjunction} ${shown.at(-1)}`;
}
