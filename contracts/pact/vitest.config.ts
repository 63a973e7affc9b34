import { defineConfig } from "vitest/config";
import { stageReporters } from "../../scripts/test-times/reporters.ts";

export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["contracts/pact/**/*.pact.test.ts"],
    environment: "node",
    reporters: stageReporters("contracts:test"),
    env: { PACT_DO_NOT_TRACK: process.env.PACT_DO_NOT_TRACK ?? "true" },
    globalSetup: ["contracts/pact/global-setup.ts"],
    // All files write the same pact file, so they run one after another.
    fileParallelism: false,
    // One module graph (Pact and its native core, the console's API client) for all the files, not one per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
