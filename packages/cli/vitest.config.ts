import { defineConfig } from "vitest/config";

// These tests start worker threads and child processes, which a busy two-core CI machine can make slow.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
