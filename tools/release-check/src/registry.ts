import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runServer } from "verdaccio";

/** A Verdaccio registry on 127.0.0.1 with a throwaway storage folder and one user to publish as. */
export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`. */
  readonly url: string;
  /**
   * An npm user config for every npm and pnpm run: `@gridponder` from this registry (with the
   * publishing user's token), everything else from the usual one.
   */
  readonly userconfig: string;
  /** Stops the server and deletes its storage; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Where packages that are not ours come from: the registry npm itself would use (a mirror the user's
 * npm is set to, else npmjs). A user of a private registry sets it for one scope, as here.
 */
function upstream(): string {
  const configured = process.env.npm_config_registry ?? process.env.NPM_CONFIG_REGISTRY;
  return configured?.startsWith("http") ? configured : "https://registry.npmjs.org/";
}

/**
 * Starts Verdaccio in this process (so it cannot outlive the test run). It serves `@gridponder/*`
 * only from what is published to it, never proxied: a package that was not published fails the install
 * instead of being fetched from npm. The user config it writes sends that scope to it and every other
 * package to the usual registry, as a company's private scope is set up (a Verdaccio uplink would
 * fetch whole package documents and take minutes where npm's abbreviated ones take seconds).
 */
export async function startRegistry(): Promise<LocalRegistry> {
  const root = await mkdtemp(join(tmpdir(), "gridponder-registry-"));
  let server: Server | null = null;
  const close = async () => {
    const open = server;
    server = null;
    if (open) {
      open.closeAllConnections();
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    const app = await runServer({
      self_path: root,
      storage: join(root, "storage"),
      auth: { htpasswd: { file: join(root, "htpasswd") } },
      packages: { "@gridponder/*": { access: "$all", publish: "$authenticated" } },
      log: { type: "stdout", format: "pretty", level: "error" },
      web: { enable: false },
    } as never);
    const listening: Server = app.listen(0, "127.0.0.1");
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once("listening", resolve);
      listening.once("error", reject);
    });
    const { port } = listening.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/`;
    const token = await addUser(url);
    const userconfig = join(root, "npmrc");
    await writeFile(
      userconfig,
      `registry=${upstream()}\n@gridponder:registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`,
    );
    return { url, userconfig, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Creates the publishing user (as `npm adduser` does) and returns its token. */
async function addUser(url: string): Promise<string> {
  const name = "gridponder-release-check";
  const response = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password: `pw-${process.pid}-${Date.now()}` }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || typeof body.token !== "string")
    throw new Error(`the registry refused the user: ${response.status} ${body.error ?? ""}`);
  return body.token;
}

/** The versions the registry holds of a package (empty when it has none). */
export async function publishedVersions(registry: LocalRegistry, name: string): Promise<string[]> {
  const response = await fetch(`${registry.url}${name.replace("/", "%2f")}`);
  if (response.status === 404) return [];
  const doc = (await response.json()) as { versions?: Record<string, unknown> };
  return Object.keys(doc.versions ?? {});
}
