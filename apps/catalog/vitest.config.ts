import { defineConfig } from "vitest/config";

// The site build runs Astro in child processes and the browser test drives headless chromium beside
// every other package's tests on a two-core CI machine: limits are generous so that only real hangs fail.
export default defineConfig({
  test: { testTimeout: 300_000, hookTimeout: 300_000 },
});
