/**
 * `@gridponder/catalog-site`: the repository's own catalog, the packs of `packs/` published with
 * `@gridponder/catalog` and served on localhost. `start` is what `pnpm start` runs once the packages
 * are built.
 * @module
 */
export { APP_ROOT, buildOwnSite, DEFAULT_SITE_DIR, type OwnSiteOptions, REPO_PACKS } from "./own-site.ts";
export { type SiteServer, serveSite } from "./preview-server.ts";
export { slashRedirect } from "./slash-redirect.ts";
export { start } from "./start.ts";
