import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "machines/**/*.test.ts", "server/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts", "model-tests/**/*.test.ts"],
    exclude: ["contracts/pact/**", "node_modules/**"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
