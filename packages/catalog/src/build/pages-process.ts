/**
 * Runs Astro's build of the pages in a child process (`pages-child.ts`): its working folder is the
 * build's own staging folder, so two builds never share Astro's intermediate files nor write into the
 * user's working folder or the installed package, and an interrupted build can stop it at once.
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Catalog } from "./catalog.ts";
import type { PagesJob } from "./pages-job.ts";

/** Enough of Astro's error output to say what went wrong without flooding the terminal. */
const MAX_ERROR_TEXT = 16 * 1024;

export interface PagesRun {
  readonly child: ChildProcess;
  readonly done: Promise<void>;
}

/** Starts building the pages of `catalog` into `outDir`, with `stagingDir` as the working folder. */
export async function startPages(
  catalog: Catalog,
  base: string,
  outDir: string,
  stagingDir: string,
): Promise<PagesRun> {
  const job: PagesJob = {
    catalog,
    base,
    outDir,
    cacheDir: join(stagingDir, "astro-cache"),
    viteCacheDir: join(stagingDir, "vite-cache"),
  };
  const jobFile = join(stagingDir, "pages-job.json");
  await writeFile(jobFile, JSON.stringify(job));
  const ext = extname(import.meta.url);
  const script = fileURLToPath(new URL(`./pages-child${ext}`, import.meta.url));
  // From the sources (tests), the child is TypeScript.
  const flags = ext === ".ts" ? ["--experimental-strip-types", "--no-warnings"] : [];
  const child = spawn(process.execPath, [...flags, script, jobFile], {
    cwd: stagingDir,
    stdio: ["ignore", "ignore", "pipe"],
    // Someone building packs into a site has not opted into Astro's usage reports.
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  });
  let errors = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    if (errors.length < MAX_ERROR_TEXT) errors += text.slice(0, MAX_ERROR_TEXT - errors.length);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `building the pages failed (${signal ?? `exit code ${code}`})${errors.trim() ? `: ${errors.trim()}` : ""}`,
          ),
        );
    });
  });
  return { child, done };
}
