// `pnpm studio` (after the build): serves the studio on localhost until Ctrl+C. `--port N` (default 4322).
import { parseArgs } from "node:util";
import { serveStudio } from "./serve.js";

const { values } = parseArgs({ options: { port: { type: "string", default: "4322" } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${JSON.stringify(values.port)}`);
  process.exit(2);
}
const server = await serveStudio(port);
console.log(`Gridponder studio: ${server.url}  (Ctrl+C stops it)`);
