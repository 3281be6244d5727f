import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LocalRegistry } from "./registry.js";

/** The repository this package sits in. */
export const REPO_ROOT = join(import.meta.dirname, "../../..");

/** A workspace package that is published: its folder, name and version. */
export interface PublicPackage {
  readonly dir: string;
  readonly name: string;
  readonly version: string;
}

/** Every workspace package not marked private, by name. */
export function publicPackages(): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const group of ["packages", "apps", "tools"])
    for (const folder of readdirSync(join(REPO_ROOT, group))) {
      const dir = join(REPO_ROOT, group, folder);
      let manifest: { name?: string; version?: string; private?: boolean };
      try {
        manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      } catch {
        continue;
      }
      if (manifest.private || !manifest.name || !manifest.version) continue;
      found.push({ dir, name: manifest.name, version: manifest.version });
    }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end; a non-zero exit is a result, not an exception. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      command,
      [...args],
      { cwd: options.cwd, env: options.env, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/**
 * The environment of a user's npm run against the local registry: this process's own npm and pnpm
 * settings (the test command runs under pnpm, which exports its registry) left out, the registry's user
 * config in, and a cache of the run's own, so nothing comes from an earlier install.
 */
export function userEnv(registry: LocalRegistry, cache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm|pnpm)_config_/i.test(key) && key !== "npm_execpath",
    ),
  );
  return {
    ...env,
    npm_config_userconfig: registry.userconfig,
    npm_config_cache: cache,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
    // A registry that cannot be reached fails the install in minutes, not after npm's long backoff.
    npm_config_fetch_retries: "2",
    npm_config_fetch_retry_maxtimeout: "20000",
    // Node warns about experimental features in some dependencies; the output is read by the test.
    NODE_NO_WARNINGS: "1",
  };
}

/** A new empty folder outside the workspace; `cleanup` deletes it. */
export async function freshFolder(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `gridponder-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) };
}

/** A user's project: a folder with a package.json of its own (so npm installs into it, not above). */
export async function userProject(dir: string, name: string): Promise<void> {
  await writeFile(join(dir, "package.json"), `${JSON.stringify({ name, private: true, type: "module" })}\n`);
}
