import type { Diagnostic } from "@gridponder/schema";

/** Why a catalog could not be built, for front ends that phrase their own advice (a CLI flag, say). */
export type CatalogErrorCode =
  /** Packs that are invalid: `diagnostics` say where; `skipInvalid` leaves them out. */
  | "invalid-packs"
  /** The output folder holds files no build wrote: `force` builds into it anyway, keeping them. */
  | "output-not-ours"
  /** Files no build wrote stand where the new site writes: `force` replaces them. */
  | "output-conflict"
  /** The studio was never built: build `@gridponder/studio`, or leave it out (`studio: false`). */
  | "studio-missing";

/**
 * A catalog that cannot be built: invalid packs, a gold path that no longer wins, an asset path that
 * leaves its pack, an output folder it must not touch. `diagnostics` name the file (with its pack
 * folder) and the JSON pointer.
 */
export class CatalogError extends Error {
  override readonly name = "CatalogError";
  constructor(
    message: string,
    readonly diagnostics: readonly Diagnostic[] = [],
    readonly code?: CatalogErrorCode,
  ) {
    super(message);
  }
}
