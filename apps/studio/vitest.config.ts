import { defineConfig } from "vitest/config";

// Browser tests drive headless chromium (SwiftShader WebGL on the CPU) beside every other package's
// tests on a two-core CI machine: limits are generous so that only real hangs fail.
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000 },
});
