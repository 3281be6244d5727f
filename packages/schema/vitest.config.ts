import { defineConfig } from "vitest/config";

// Validating the whole corpus takes seconds; on a busy two-core CI machine, beside the other packages'
// tests, far longer than vitest's 5 s default. Only a real hang should fail.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
