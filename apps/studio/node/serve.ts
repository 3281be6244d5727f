import { preview } from "vite";
import { STUDIO_SITE_DIR } from "./studio-site.js";

export interface StudioServer {
  /** The studio's address on localhost, with a trailing slash. */
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the built studio on localhost at `port` (0: any free port). */
export async function serveStudio(port: number): Promise<StudioServer> {
  const server = await preview({
    configFile: false,
    root: new URL("../..", import.meta.url).pathname,
    logLevel: "warn",
    build: { outDir: STUDIO_SITE_DIR },
    preview: { port, strictPort: port !== 0, host: "localhost" },
  });
  return {
    url: server.resolvedUrls?.local[0] ?? `http://localhost:${port}/`,
    close: () => server.close(),
  };
}
