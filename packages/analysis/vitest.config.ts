import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Analyses and generation are bounded by counts of states and candidates, never by time; a busy
// two-core CI machine can still make them slow, so only a real hang should fail.
// Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
export default defineConfig({
  test: {
    testTimeout: 600_000,
    hookTimeout: 300_000,
    ...corpusTestOptions(import.meta.dirname),
  },
});
