import { defineConfig } from "vitest/config";

// Conformance and property tests replay the whole corpus; on a busy two-core CI machine, beside the other
// packages' tests, that can take far longer than vitest's 5 s default.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
