/** Reading the data attributes the pages write (JSON that the build produced, parsed defensively). */

/** A JSON array of strings from a data attribute (empty when missing or malformed). */
export function stringList(value: string | undefined): string[] {
  const parsed = parseJson(value);
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
}

export function parseJson(value: string | undefined): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** "1 move", "3 moves", "20,000 moves". */
export function count(n: number, word: string): string {
  return `${number(n)} ${word}${n === 1 ? "" : "s"}`;
}

/** 20000 → "20,000": share links make long counts. */
export function number(n: number): string {
  return n.toLocaleString("en-US");
}
