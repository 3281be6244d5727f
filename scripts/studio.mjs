// `pnpm studio`: builds the studio and the packages it uses, then serves it on localhost until Ctrl+C.
// Arguments go to the server (`pnpm studio --port 5000`).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const root = join(import.meta.dirname, "..");
const built = spawnSync(
  "turbo",
  ["run", "build", "--filter=@gridponder/studio...", "--output-logs=errors-only"],
  {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  },
);
if (built.status !== 0) process.exit(built.status ?? 1);
await import(pathToFileURL(join(root, "apps/studio/dist/node/serve-cli.js")).href);
