import { corpusTestOptions } from "@gridponder/conformance-corpus/vitest";
import { defineConfig } from "vitest/config";

// Some tests start the command-line server as a child process, which a busy two-core CI machine can
// make slow. Test files named *.conformance.test.ts need the conformance corpus (see "Tests" in the README).
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    ...corpusTestOptions(import.meta.dirname),
  },
});
