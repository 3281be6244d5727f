import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, sep } from "node:path";

/**
 * Sends a page's address without its trailing slash to the one with it (`/a/b` → 301 `/a/b/` where
 * `a/b/index.html` is a built page), as static hosts do. Anything else goes on to `next`.
 */
export function slashRedirect(siteDir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const [path = "/", query = ""] = (req.url ?? "/").split(/(?=\?)/);
    if (isPageWithoutSlash(siteDir, path)) res.writeHead(301, { location: `${path}/${query}` }).end();
    else next();
  };
}

function isPageWithoutSlash(siteDir: string, path: string): boolean {
  if (path.endsWith("/") || /\.[^/]*$/.test(path)) return false;
  let page: string;
  try {
    page = join(siteDir, decodeURIComponent(path), "index.html");
  } catch {
    return false;
  }
  // Only pages inside the site: a decoded `..` cannot reach past it.
  return page.startsWith(siteDir + sep) && existsSync(page);
}
