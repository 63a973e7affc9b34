import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { blueprintHotkeyWarnings } from "./scripts/vite-blueprint-hotkey-warnings.ts";
import { blueprintStylesheet } from "./scripts/vite-blueprint-stylesheet.ts";
import { googleClientIdInDevPages } from "./scripts/vite-google-client-meta.ts";
import { localeParts } from "./scripts/vite-locale-parts.ts";
import { consoleServerFs } from "./scripts/vite-server-fs.ts";
import { EnvironmentSequencer } from "./scripts/test-times/environment-sequencer.ts";
import { stageReporters } from "./scripts/test-times/reporters.ts";
import { stageWorkers } from "./scripts/test-times/stage-workers.ts";
import { leftToPostgres } from "./scripts/database-tests.ts";
import { testNodeFlags } from "./server/testing/test-node-flags.ts";

/** @blueprintjs/icons' list of every icon name, replaced by src/ui/icon-names.ts (why is there). */
const lightIconNames = (): Plugin => ({
  name: "light-icon-names",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "./iconNames" && importer?.includes("@blueprintjs/icons"))
      return fileURLToPath(new URL("./src/ui/icon-names.ts", import.meta.url));
    return null;
  },
});

/** `vite dev` answers the hosted checkout page's paths with pay.html, as the server does (built by vite.checkout.config.ts). */
const checkoutPageInDev = (): Plugin => ({
  name: "checkout-page-in-dev",
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url && /^\/pay\/[^/?]+\/?(\?|$)/.test(request.url)) request.url = "/pay.html";
      next();
    });
  },
});

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    react(),
    lightIconNames(),
    localeParts(),
    blueprintStylesheet(),
    blueprintHotkeyWarnings(),
    googleClientIdInDevPages(),
    checkoutPageInDev(),
  ],
  // The manifest tells scripts/prerender.ts which chunks each prerendered page needs; it deletes it afterwards.
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // What the entry imports statically runs on every page: one chunk instead of twenty, so a first visit
        // does not queue twenty module preloads on HTTP/1.1's six connections. Lazy pages stay chunks of their own.
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], test: (id) => !/\/(index\.html|src\/main\.tsx)$/.test(id), priority: 2 },
          ],
          experimentalInlineCommonChunks: { maxSize: 64 * 1024 },
        },
      },
    },
  },
  // The console's one page; not every .html under the root (reports/ holds the model-coverage report).
  optimizeDeps: { entries: ["index.html"] },
  server: {
    proxy: { "/api": { target: apiTarget, changeOrigin: false } },
    fs: consoleServerFs(),
  },
  test: {
    include: [
      "src/**/*.test.{ts,tsx}",
      "machines/**/*.test.ts",
      "server/**/*.test.ts",
      "contracts/**/*.test.ts",
      "scripts/**/*.test.ts",
      "model-tests/**/*.test.ts",
      "bench/**/*.test.ts",
      "chaos/**/*.test.ts",
      "examples/**/*.test.ts",
    ],
    exclude: [
      "contracts/pact/**",
      "node_modules/**",
      "**/*.browser.test.ts",
      "**/*.process.test.ts",
      // Under npm test, the database tests test:server:postgres runs (scripts/database-tests.ts). Read by the run that
      // lists the files, not by a test worker that loads this file to check it (the server's imports parsed for nothing).
      ...(process.env.VITEST && !process.env.VITEST_WORKER_ID
        ? leftToPostgres(fileURLToPath(new URL(".", import.meta.url)))
        : []),
    ],
    environment: "node",
    // The files of one environment one after another, so that a worker's modules serve the next file (see there).
    sequence: { sequencer: EnvironmentSequencer },
    reporters: stageReporters("test:unit"),
    globalSetup: ["server/testing/test-database-setup.ts"],
    // Many files wait on PGlite, timers and sockets rather than the CPU: Vitest's default (cores − 1, one worker here) leaves a core idle.
    maxWorkers: stageWorkers(3, 2),
    // Files share their worker's module cache (PGlite's compiled WebAssembly above all): half the CPU of one fresh
    // worker per file. Every file must leave no global state behind; its own beforeAll/afterAll set up and tear down.
    isolate: false,
    // A file with a DOM starts on a blank page all the same, whatever the worker's previous file left in its window.
    setupFiles: ["src/app/blank-document-setup.ts"],
    // PGlite compiled once by V8's baseline compiler (server/testing/test-node-flags.ts).
    execArgv: [...testNodeFlags],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
