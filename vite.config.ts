import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 400 },
  server: { proxy: { "/api": { target: apiTarget, changeOrigin: false } } },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "machines/**/*.test.ts", "server/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts", "model-tests/**/*.test.ts"],
    exclude: ["contracts/pact/**", "node_modules/**", "**/*.browser.test.ts", "**/*.process.test.ts"],
    environment: "node",
    // Many files wait on PGlite, timers and sockets rather than the CPU: Vitest's default (cores − 1, one worker here) leaves a core idle.
    maxWorkers: 3,
    // Files share their worker's module cache (PGlite's compiled WebAssembly above all): half the CPU of one fresh
    // worker per file. Every file must leave no global state behind; its own beforeAll/afterAll set up and tear down.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
