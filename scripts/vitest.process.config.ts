import { defineConfig } from "vitest/config";
import { stageReporters } from "./test-times/reporters.ts";
import { stageWorkers } from "./test-times/stage-workers.ts";

// npm run test:process: the tests that start whole processes (the server, the anvil devnet, a PostgreSQL
// cluster, the stage runner). They wait on those processes more than they compute, so they run side by side.
export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["**/*.process.test.ts"],
    exclude: ["node_modules/**"],
    environment: "node",
    reporters: stageReporters("test:process"),
    globalSetup: ["server/testing/process-test-setup.ts"],
    maxWorkers: stageWorkers(3, 2),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
