import { blankDocument } from "./blank-document-test-support.ts";

// A setup file (vite.config.ts, model-tests/vitest.config.ts): runs again before each test file, which then starts on a
// blank page whatever the worker's previous file left (blank-document-test-support.ts says what went wrong without it).
if (typeof document !== "undefined") blankDocument();
