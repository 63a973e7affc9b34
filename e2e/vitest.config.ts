import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    // One server, one Chromium per file: files run one after another so the 2 cores are not oversubscribed.
    fileParallelism: false,
    // A poll waits for the page to reach a state; 1 s (Vitest's default) is too little while other stages share the cores.
    expect: { poll: { timeout: 10_000 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
