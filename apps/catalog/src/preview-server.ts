import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { APP_ROOT } from "./own-site.ts";
import { slashRedirect } from "./slash-redirect.ts";

/** What this app uses of Vite's preview server. */
interface VitePreview {
  preview(config: object): Promise<{
    resolvedUrls: { local: string[] } | null;
    close(): Promise<void>;
  }>;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface SiteServer {
  /** The site's address on localhost, with a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Vite's static preview server, the one of the Astro that `@gridponder/catalog` builds with (so this app
 * pins no Vite of its own): serves the built pages, sending addresses without a trailing slash to it.
 */
async function loadVite(): Promise<VitePreview> {
  const fromApp = createRequire(import.meta.url);
  const fromCatalog = createRequire(fromApp.resolve("@gridponder/catalog/package.json"));
  const fromAstro = createRequire(fromCatalog.resolve("astro/package.json"));
  return (await import(pathToFileURL(fromAstro.resolve("vite")).href)) as VitePreview;
}

/** Serves the built site in `siteDir` on localhost at `port` (0: any free port). */
export async function serveSite(siteDir: string, port: number): Promise<SiteServer> {
  const { preview } = await loadVite();
  const redirect: Middleware = slashRedirect(siteDir);
  const server = await preview({
    configFile: false,
    root: APP_ROOT,
    appType: "mpa",
    logLevel: "warn",
    build: { outDir: siteDir },
    preview: { port, strictPort: true, host: "localhost" },
    plugins: [
      {
        name: "gridponder:slash-redirect",
        configurePreviewServer(server: { middlewares: { use(m: Middleware): void } }) {
          server.middlewares.use(redirect);
        },
      },
    ],
  });
  return {
    url: server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`,
    close: () => server.close(),
  };
}
