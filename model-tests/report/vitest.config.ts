import { defineConfig } from "vitest/config";
import { stageReporters } from "../../scripts/test-times/reporters.ts";

// The report's browser test: it reads what `npm run model-test` wrote, so npm test runs it right after that stage.
export default defineConfig({
  test: {
    root: new URL("../..", import.meta.url).pathname,
    include: ["model-tests/report/**/*.browser.test.ts"],
    environment: "node",
    reporters: stageReporters("test:report"),
    globalSetup: ["model-tests/report/browser-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
