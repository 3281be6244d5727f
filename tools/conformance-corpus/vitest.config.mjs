import { defineConfig } from "vitest/config";

// The fixture package is run by the tests, with its own config, not collected here.
export default defineConfig({ test: { exclude: ["**/node_modules/**", "test/fixture-package/**"] } });
