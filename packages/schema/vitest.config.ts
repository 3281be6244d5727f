import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Validating the whole corpus takes seconds; on a busy two-core CI machine, beside the other packages'
// tests, far longer than vitest's 5 s default. Only a real hang should fail.
// Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
export default defineConfig({
  test: { testTimeout: 300_000, hookTimeout: 300_000, ...corpusTestOptions(import.meta.dirname) },
});
