import { defineConfig } from "vitest/config";

// Perft and full game-tree counts are bounded by counts, not time; on a busy two-core CI machine they
// take far longer than vitest's 5 s default. Only a real hang should fail.
export default defineConfig({
  test: { testTimeout: 600_000, hookTimeout: 300_000 },
});
