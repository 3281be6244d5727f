import type { Diagnostic } from "@gridponder/schema";

/**
 * A catalog that cannot be built: invalid packs, a gold path that no longer wins, an asset path that
 * leaves its pack. `diagnostics` name the file (with its pack folder) and the JSON pointer.
 */
export class CatalogError extends Error {
  override readonly name = "CatalogError";
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[] = [],
  ) {
    super(message);
  }
}
