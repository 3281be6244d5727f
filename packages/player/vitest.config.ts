import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Corpus-wide replays and headless-browser tests (SwiftShader renders on the CPU) run beside every other
// package's tests on a two-core CI machine: limits are generous so that only real hangs fail.
// Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files share one module graph: nothing here mocks a module or keeps state between files,
    // and loading the package's modules once per file cost more than many of the files' tests.
    isolate: false,
    ...corpusTestOptions(import.meta.dirname),
  },
});
