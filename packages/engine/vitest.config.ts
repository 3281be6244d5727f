import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Conformance and property tests replay the whole corpus; on a busy two-core CI machine, beside the other
// packages' tests, that can take far longer than vitest's 5 s default.
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
