import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { localeParts } from "../scripts/vite-locale-parts.ts";
import { stageWorkers } from "../scripts/test-times/stage-workers.ts";
import { consoleServerFs } from "../scripts/vite-server-fs.ts";

export default defineConfig({
  plugins: [react(), localeParts()],
  // The console's rule for the files Vite may serve (Blueprint's stylesheet by ?url from a linked node_modules).
  server: { fs: consoleServerFs() },
  test: {
    root: ".",
    include: ["model-tests/harnesses/*.model-test.tsx"],
    // happy-dom rather than jsdom: the same paths in about 30 % fewer CPU-seconds (126 -> 91 on two idle cores): jsdom
    // matches its whole default stylesheet for every getComputedStyle that role queries and user-event make. A harness
    // may still ask for jsdom in its first line (google-sign-in.model-test.tsx says why).
    environment: "happy-dom",
    // One DOM and one module cache per worker, not per file: a third of the time. setup.ts unmounts after each path.
    isolate: false,
    maxWorkers: stageWorkers(2, 1),
    testTimeout: 20_000,
    setupFiles: [
      "src/app/blank-document-setup.ts",
      "model-tests/framework/react-dev-cost.ts",
      "model-tests/framework/happy-dom-cost.ts",
      "model-tests/framework/setup.ts",
    ],
  },
});
