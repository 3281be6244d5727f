// The catalog site: static pages for a folder of packs. GRIDPONDER_PACKS picks the folder (default:
// the repository's packs/), GRIDPONDER_BASE the URL path it is served under (default "/").
import { fileURLToPath } from "node:url";
import { defineConfig } from "astro/config";
import { gridponderCatalog } from "./src/build/integration.ts";

const base = process.env.GRIDPONDER_BASE || "/";

/**
 * Tells the layout whether this is `astro dev`, whose inline styles and client the CSP would block
 * (src/components/csp.ts). A compile-time constant, so no environment variable can switch the policy off.
 */
const devServerFlag = {
  name: "gridponder-dev-server-flag",
  hooks: {
    "astro:config:setup": ({ command, updateConfig }) => {
      updateConfig({ vite: { define: { __GRIDPONDER_DEV_SERVER__: JSON.stringify(command === "dev") } } });
    },
  },
};

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
  // The integration reads GRIDPONDER_PACKS itself (one folder, or several separated like PATH) and
  // takes Astro's base for every URL it publishes; without the variable, the repository's packs/.
  integrations: [
    gridponderCatalog(
      process.env.GRIDPONDER_PACKS
        ? {}
        : { packsDir: fileURLToPath(new URL("../../packs", import.meta.url)) },
    ),
    devServerFlag,
  ],
  devToolbar: { enabled: false },
});
