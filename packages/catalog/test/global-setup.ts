/**
 * One folder per test run for the sites that several test files read and none changes (see
 * `sharedSite` in site-helpers.ts): each is built once per run instead of once per file, and the folder
 * goes when the run ends.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where this run's shared sites are built. */
    sharedSites: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "gridponder-shared-sites-"));
  project.provide("sharedSites", dir);
  return () => rm(dir, { recursive: true, force: true });
}
