/**
 * The Content-Security-Policy of every page (the layout writes it as a <meta>): only our own files run (no inline or foreign scripts, no eval), styles come
 * from our stylesheets (the player adopts constructed sheets, which CSP does not block), images may
 * be data/blob URLs (three.js textures), and nothing may be framed or posted elsewhere.
 * `frame-ancestors` cannot be set from a <meta>; hosts that can send headers should add it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/** Set by astro.config.mjs: true only under `astro dev`. */
declare const __GRIDPONDER_DEV_SERVER__: boolean | undefined;

/**
 * Whether pages carry the policy: always in built sites. The dev server injects styles and its
 * client inline, which the policy would block (Astro's own CSP is build-only for the same reason).
 */
export const CSP_ENABLED = typeof __GRIDPONDER_DEV_SERVER__ === "undefined" || !__GRIDPONDER_DEV_SERVER__;
