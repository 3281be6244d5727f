// The app's `start` script: `node dist/start-cli.js [--port N] [--out DIR]`, once the packages are built.
import { start } from "./start.ts";

await start(process.argv.slice(2));
