import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    root: ".",
    include: ["model-tests/harnesses/*.model-test.tsx"],
    environment: "jsdom",
    // One jsdom and one module cache per worker, not per file: a third of the time. setup.ts unmounts after each path.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 20_000,
    setupFiles: ["model-tests/framework/setup.ts"],
  },
});
