import { rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createLogger, createServer } from "vite";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

// `npm run dev`: Vite scans the console's imports for the dependencies to pre-bundle. The locale parts are modules the
// config's plugin makes up (scripts/vite-locale-parts.ts); a scan that cannot read them fails as a whole, and then vite
// dev pre-bundles only what a page turns out to import, reloading it on the first visit.
describe("vite dev's dependency scan", () => {
  it("finds the console's dependencies without an error", async () => {
    const said: string[] = [];
    const logger = createLogger("warn");
    const keep = (message: string) => void said.push(message);
    Object.assign(logger, { warn: keep, warnOnce: keep, error: keep });
    const cacheDir = `${root}node_modules/.vite-scan-test`;
    const server = await createServer({
      root,
      configFile: `${root}vite.config.ts`,
      customLogger: logger,
      server: { port: 0, host: "127.0.0.1" },
      optimizeDeps: { force: true },
      cacheDir,
    });
    try {
      await server.listen();
      const optimizer = server.environments.client.depsOptimizer;
      expect(optimizer).toBeDefined();
      await optimizer?.scanProcessing;
      expect(said.filter((m) => /dependency scan|Could not load/i.test(m))).toEqual([]);
      expect(
        Object.keys(optimizer?.metadata.discovered ?? {}).concat(Object.keys(optimizer?.metadata.optimized ?? {})),
      ).toContain("@blueprintjs/core");
    } finally {
      await server.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  }, 60_000);
});
