/**
 * URL segments for packs and levels. Pack text is untrusted, so a slug keeps only lowercase letters,
 * digits and single `-` between them: it can never be `.`/`..`, hold a `/`, or need escaping anywhere.
 */

/** A URL-safe segment of `text`, or `fallback` when nothing usable is left. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug === "" ? fallback : slug.slice(0, 80).replace(/-+$/, "");
}

/**
 * Gives each text a slug that no earlier one (nor a reserved name) has taken, appending `-2`, `-3`, ….
 * Slugs are compared case-insensitively; they are lowercase anyway.
 */
export function uniqueSlugs(
  texts: readonly string[],
  fallback: string,
  reserved: readonly string[] = [],
): string[] {
  const taken = new Set(reserved);
  return texts.map((text) => {
    const base = slugify(text, fallback);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}
