import { resolve } from "node:path";

/** The catalog app's folder (its `astro.config.mjs`), from `src/build` or `dist/build` alike. */
export const CATALOG_ROOT = resolve(import.meta.dirname, "../..");
