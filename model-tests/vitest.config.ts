import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  test: {
    root: ".",
    include: ["model-tests/harnesses/*.model-test.tsx"],
    environment: "jsdom",
    testTimeout: 20_000,
    setupFiles: ["model-tests/framework/setup.ts"],
  },
});
