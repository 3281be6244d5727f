import { readFileSync } from "node:fs";

/**
 * The package version, read at run time: `src/` and `dist/` both sit next to package.json, and a JSON
 * import would pull package.json into the compiled output's root.
 */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return pkg.version;
}
