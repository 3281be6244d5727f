// The main job: build the workspace packages the catalog site and the CLI need, then run the catalog
// site app (apps/catalog), which builds the playable catalog of every pack in packs/ and serves it on
// localhost. One process from start to Ctrl+C, with no shell between it and the package manager, so
// stopping the server ends the job as a success.

import { spawnSync } from "node:child_process";
import { join } from "node:path";

const built = spawnSync(
  "turbo",
  [
    "run",
    "build",
    "--filter=@gridponder/catalog-site...",
    "--filter=@gridponder/cli...",
    "--output-logs=errors-only",
  ],
  { cwd: join(import.meta.dirname, ".."), stdio: "inherit", shell: process.platform === "win32" },
);
if (built.status !== 0) process.exit(built.status ?? 1);
// Imported once built: the app turbo just compiled.
const { start } = await import("@gridponder/catalog-site");
await start(process.argv.slice(2));
