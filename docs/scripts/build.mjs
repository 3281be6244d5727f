// Builds the docs site: the generated parts (scripts/generate.mjs), then `astro build`, which also
// runs typedoc (starlight-typedoc) and the link checker (starlight-links-validator). Any warning
// fails the build, so CI keeps the site free of them; the time taken is printed at the end.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { completePolicies } from "./csp.mjs";
import { generate } from "./generate.mjs";

const started = performance.now();
const pages = await generate();
const astro = join(import.meta.dirname, "../node_modules/.bin/astro");
const child = spawn(astro, ["build", ...process.argv.slice(2)], {
  cwd: join(import.meta.dirname, ".."),
  stdio: ["ignore", "pipe", "pipe"],
});
const warnings = [];
for (const stream of [child.stdout, child.stderr]) {
  let rest = "";
  stream.on("data", (chunk) => {
    const target = stream === child.stdout ? process.stdout : process.stderr;
    target.write(chunk);
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (/\[WARN\]|\bwarn(ing)?:/i.test(line)) warnings.push(line.trim());
  });
}
const code = await new Promise((resolve) => child.on("close", resolve));
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (code !== 0) {
  console.error(`docs: astro build failed (exit ${code}) after ${seconds} s`);
  process.exit(1);
}
const policies = completePolicies(join(import.meta.dirname, "../dist"));
if (warnings.length > 0) {
  console.error(`docs: the build printed ${warnings.length} warning(s); the site must build without any:`);
  for (const w of warnings) console.error(`  ${w}`);
  process.exit(1);
}
console.log(`docs: built (${pages} generated reference pages, ${policies} pages with a CSP) in ${seconds} s`);
