/**
 * Every page registers the catalog's service worker (`sw.js`, written by the build at the catalog's
 * root): after one visit the catalog's pages and the levels played keep working offline, and the
 * catalog installs as an app. Not under `astro dev`, which writes no worker.
 * @module
 */
import { CSP_ENABLED } from "../components/csp.ts";

const base = document.documentElement.dataset.base ?? "/";
// Built sites only (the flag is off under the dev server, like the CSP): `import.meta.env.PROD` would
// also be off in a site built from a test run.
if (CSP_ENABLED && "serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch(() => {
    // A host that does not serve the worker (or a browser that refuses it) only loses offline play.
  });
}
