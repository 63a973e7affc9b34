import { defineConfig } from "vitest/config";
import { leftToPostgres } from "./database-tests.ts";
import { stageReporters } from "./test-times/reporters.ts";
import { testNodeFlags } from "../server/testing/test-node-flags.ts";

const root = new URL("..", import.meta.url).pathname;

// npm run test:process: the tests that start whole processes (the server, the anvil devnet, a PostgreSQL
// cluster, the stage runner). They wait on those processes more than they compute, so they run side by side.
export default defineConfig({
  test: {
    root,
    include: ["**/*.process.test.ts"],
    // Under npm test, the database tests test:server:postgres runs (scripts/database-tests.ts).
    exclude: ["node_modules/**", ...leftToPostgres(root)],
    environment: "node",
    reporters: stageReporters("test:process"),
    globalSetup: ["server/testing/process-test-setup.ts"],
    // Three even beside another lane (not stageWorkers' one fewer): under npm test this stage starts while the other
    // lane still has its last stages to run and then ends the run alone, and with two workers the machine sat a
    // quarter idle through that tail (150 % busy of 200 in 5 s samples, 40-50 s of it; 195-199 % with three).
    maxWorkers: 3,
    // PGlite compiled once by V8's baseline compiler (server/testing/test-node-flags.ts).
    execArgv: [...testNodeFlags],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
