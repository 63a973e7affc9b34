import { defineConfig } from "vitest/config";
import { databaseTestFiles } from "./database-tests.ts";
import { stageReporters } from "./test-times/reporters.ts";
import { stageWorkers } from "./test-times/stage-workers.ts";

const root = new URL("..", import.meta.url).pathname;

// npm run test:server:postgres: the server tests that use the test database, on the throw-away PostgreSQL cluster.
export default defineConfig({
  test: {
    root,
    include: databaseTestFiles(root),
    environment: "node",
    globalSetup: ["server/testing/test-database-setup.ts"],
    reporters: stageReporters("test:server:postgres"),
    // As in vite.config.ts: the files share their worker's module cache, and wait on the server more than they compute.
    maxWorkers: stageWorkers(3, 2),
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
