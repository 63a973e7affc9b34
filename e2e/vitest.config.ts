import { defineConfig } from "vitest/config";
import { stageReporters } from "../scripts/test-times/reporters.ts";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["e2e/**/*.e2e.test.ts"],
    environment: "node",
    reporters: stageReporters("test:e2e"),
    globalSetup: ["e2e/global-setup.ts"],
    // One server for every file, one Chromium per worker. A journey waits on the page, the server and the chain far more
    // than it computes (alone, the files used half a core), so two files run side by side.
    maxWorkers: 2,
    // Files share their worker's module cache (playwright-core, the support code) and its Chromium (workerBrowser).
    isolate: false,
    // A poll waits for the page to reach a state; 1 s (Vitest's default) is too little while other stages share the cores.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
