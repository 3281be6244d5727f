import { defineConfig } from "vite";

// Relative asset URLs, so the same build serves at `/` (`pnpm studio`) and under any folder of a
// published catalog (`/studio/`, `/games/studio/`).
export default defineConfig({
  base: "./",
  build: { outDir: "site", emptyOutDir: true, target: "es2022", sourcemap: true },
  worker: { format: "es" },
});
