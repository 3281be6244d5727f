import type { Catalog } from "./catalog-types.ts";

/** One file of the published catalog, relative to the site root (Astro's output folder), without the base. */
export type PublishedEntry =
  | { readonly path: string; readonly data: string | Uint8Array }
  /** A file to copy; `verbatim` for our own files (the studio's), which are not sanitized. */
  | { readonly path: string; readonly from: string; readonly verbatim?: true };

/** What `publishCatalog` writes for a catalog, kept beside it without being part of the page data. */
export interface PublishPlan {
  /** The base the catalog's URLs start with. */
  readonly base: string;
  readonly entries: readonly PublishedEntry[];
  /** The pack folders by slug, for locating warnings. */
  readonly sources: readonly { readonly slug: string; readonly dir: string }[];
}

// A registry symbol: the catalog may be created by one copy of this module and published by another.
const PLAN = Symbol.for("@gridponder/catalog/publish-plan");

export function setPublishPlan(catalog: Catalog, plan: PublishPlan): void {
  Object.defineProperty(catalog, PLAN, { value: plan, enumerable: false });
}

export function publishPlanOf(catalog: Catalog): PublishPlan {
  const plan = (catalog as { [PLAN]?: PublishPlan })[PLAN];
  if (!plan) throw new Error("not a catalog from getCatalog(): it has nothing to publish");
  return plan;
}
