/**
 * Shared wording for the player-facing sentences goal and lose condition types make (their `describe`
 * declarations): comparisons, line scopes, predicates and lists, as the HUD shows them.
 * @module
 */

/** A comparison as words ("at least"). */
export const COMPARISON_WORDS = { gte: "at least", lte: "at most", eq: "exactly" } as const;

/** Names joined as prose ("a, b and c"). */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** A line scope as words: `every` for a sum over it, `one` for a per-line count. */
export function lineScopeWords(scope: string, index: number | undefined): { every: string; one: string } {
  switch (scope) {
    case "all_rows":
      return { every: "every row", one: "each row" };
    case "all_cols":
      return { every: "every column", one: "each column" };
    case "row":
      return { every: `row ${(index ?? 0) + 1}`, one: `row ${(index ?? 0) + 1}` };
    default:
      return { every: `column ${(index ?? 0) + 1}`, one: `column ${(index ?? 0) + 1}` };
  }
}

/** A tile predicate (`even`, `gte_3`, …) as words. */
export function predicateWords(predicate: string): string {
  if (predicate === "even") return "even numbers";
  if (predicate === "odd") return "odd numbers";
  const m = /^(eq|gte|lte|gt|lt)_(-?\d+)$/.exec(predicate);
  if (!m) return `numbers matching ${predicate}`;
  const words: Record<string, string> = {
    eq: "equal to",
    gte: "of at least",
    lte: "of at most",
    gt: "greater than",
    lt: "less than",
  };
  return `numbers ${words[m[1] as string]} ${m[2]}`;
}
