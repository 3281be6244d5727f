import { fileURLToPath } from "node:url";

/**
 * The folder of the built studio: a static site (index.html and hashed assets, relative URLs) that any
 * static host serves at any path; `gridponder build` copies it into a catalog at `studio/`.
 */
export const STUDIO_SITE_DIR: string = fileURLToPath(new URL("../../site/", import.meta.url));
