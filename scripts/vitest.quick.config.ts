import { defineConfig } from "vitest/config";
import unitConfig from "../vite.config.ts";
import { databaseOpeningTestFiles } from "./database-tests.ts";
import { stageReporters } from "./test-times/reporters.ts";

const root = new URL("..", import.meta.url).pathname;
const unit = unitConfig.test ?? {};

// npm run test:quick's tests: test:unit's files that open no database. Those that do (the database tests, PGlite's own)
// cost a PGlite load each and a compile of its WebAssembly in every worker; npm test runs them, on PostgreSQL in
// test:server:postgres and on PGlite in test:unit. What is left is the machines, views, client, schemas, the house's
// checks and the server's logic that needs no database.
export default defineConfig({
  ...unitConfig,
  test: {
    ...unit,
    root,
    exclude: [...(unit.exclude ?? []), ...databaseOpeningTestFiles(root)],
    reporters: stageReporters("test:unit:quick"),
    // No file opens the test database, so none needs it made first (test-database-setup.ts).
    globalSetup: [],
  },
});
