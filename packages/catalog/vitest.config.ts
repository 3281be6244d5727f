import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Astro builds in child processes and headless-browser tests run beside every other package's tests on a
// two-core CI machine: limits are generous so that only real hangs fail.
// Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
// Sites that several test files only read are built once per run (test/global-setup.ts).
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 300_000,
    globalSetup: ["test/global-setup.ts"],
    ...corpusTestOptions(import.meta.dirname),
  },
});
