// The catalog site: static pages for a folder of packs. GRIDPONDER_PACKS picks the folder (default:
// the repository's packs/), GRIDPONDER_BASE the URL path it is served under (default "/").
import { defineConfig } from "astro/config";
import { gridponderCatalog } from "./src/build/integration.ts";

const base = process.env.GRIDPONDER_BASE || "/";

export default defineConfig({
  output: "static",
  base: base.endsWith("/") ? base : `${base}/`,
  trailingSlash: "always",
  build: {
    format: "directory",
    // External stylesheets only: the Content-Security-Policy allows no inline styles.
    inlineStylesheets: "never",
  },
  vite: {
    build: {
      // Astro inlines small bundled scripts below this limit; the CSP (script-src 'self') forbids
      // inline scripts, so every script must stay a file.
      assetsInlineLimit: 0,
    },
  },
  // The CSP is written by the layout as a <meta> (src/components/csp.ts), so it is the same on every
  // page and on any static host; Astro's own CSP would also hash inline code, which this site has none of.
  integrations: [gridponderCatalog(process.env.GRIDPONDER_PACKS ? { packsDir: process.env.GRIDPONDER_PACKS } : {})],
  devToolbar: { enabled: false },
});
