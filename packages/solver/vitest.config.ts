import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// These tests start worker threads and child processes, which a busy two-core CI machine can make slow.
// Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
export default defineConfig({
  test: {
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // The test files share one module graph (and so the packs they load and the compiled code they warm):
    // none mocks a module or keeps state between files; the one spy on the clock is restored at once.
    isolate: false,
    ...corpusTestOptions(import.meta.dirname),
  },
});
