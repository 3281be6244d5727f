import { defineConfig } from "vitest/config";
import { corpusTestOptions } from "../../src/vitest.js";

export default defineConfig({ test: { ...corpusTestOptions(import.meta.dirname) } });
