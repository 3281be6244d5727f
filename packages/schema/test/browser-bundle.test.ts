import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { readPackFolder } from "../src/node.js";

const root = join(import.meta.dirname, "..");

// validatePack must run in browsers: bundle the package entry for the browser platform (a Node
// built-in import would fail the build) and run it in a bare context that has only what a browser
// offers (no process, no require, no module system).
describe("browser build", () => {
  it("bundles without Node built-ins and validates a pack in a bare context", async () => {
    const result = await build({
      entryPoints: [join(root, "src/index.ts")],
      bundle: true,
      platform: "browser",
      format: "iife",
      globalName: "GridponderSchema",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]?.text ?? "";
    expect(code.length).toBeGreaterThan(10_000);

    const files = await readPackFolder(join(root, "test/fixtures/valid/mini"));
    const broken = {
      ...files,
      "levels/l1.json": String(files["levels/l1.json"]).replace('"crate"', '"crat"'),
    };
    const sandbox: Record<string, unknown> = { TextDecoder, console, files, broken };
    runInNewContext(
      `${code}
       globalThis.good = GridponderSchema.validatePack(files);
       globalThis.bad = GridponderSchema.validatePack(broken);`,
      sandbox,
    );
    const good = sandbox.good as { ok: boolean; diagnostics: unknown[] };
    const bad = sandbox.bad as { ok: boolean; diagnostics: { code: string; message: string }[] };
    expect(good.ok).toBe(true);
    expect(good.diagnostics).toEqual([]);
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.some((d) => d.code === "unknown-kind" && d.message.includes('"crat"'))).toBe(true);
    expect(readFileSync(join(root, "package.json"), "utf8")).toContain('"sideEffects": false');
  });
});
