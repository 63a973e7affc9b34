import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { listenForMetrics, metricsListenerOrNone, metricsSettingsFromEnv } from "./metrics-listener.ts";

const scrape = { contentType: "text/plain; version=0.0.4; charset=utf-8", text: async () => "mc_ready 1\n" };

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("metricsSettingsFromEnv", () => {
  it("listens on 127.0.0.1:9464 by default, not at all with METRICS_PORT=0, and refuses a port that is not one", () => {
    expect(metricsSettingsFromEnv({})).toEqual({ host: "127.0.0.1", port: 9464 });
    expect(metricsSettingsFromEnv({ METRICS_HOST: "10.0.0.5", METRICS_PORT: "9100" })).toEqual({
      host: "10.0.0.5",
      port: 9100,
    });
    expect(metricsSettingsFromEnv({ METRICS_PORT: "0" })).toBeNull();
    for (const METRICS_PORT of ["-1", "http", "70000", "94.6"])
      expect(() => metricsSettingsFromEnv({ METRICS_PORT })).toThrow("METRICS_PORT must be a port number");
  });
});

describe("the metrics listener", () => {
  it("is not started with METRICS_PORT=0", async () => {
    const log = { error: () => expect.unreachable() };
    expect(await metricsListenerOrNone(metricsSettingsFromEnv({ METRICS_PORT: "0" }), scrape, log)).toBeNull();
  });

  it("binds 127.0.0.1 by default and answers GET /metrics there, nothing else", async () => {
    const port = await freePort();
    const settings = metricsSettingsFromEnv({ METRICS_PORT: String(port) });
    const listener = await listenForMetrics(settings!, scrape);
    try {
      expect(listener.address).toBe(`127.0.0.1:${port}`);
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe(scrape.contentType);
      expect(await answer.text()).toBe("mc_ready 1\n");
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: "POST" })).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/user/menu`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it("leaves the server running without metrics when its port is taken, and says so", async () => {
    const port = await freePort();
    const first = await listenForMetrics({ host: "127.0.0.1", port }, scrape);
    const logged: string[] = [];
    try {
      const second = await metricsListenerOrNone({ host: "127.0.0.1", port }, scrape, {
        error: (_data, message) => logged.push(message),
      });
      expect(second).toBeNull();
      expect(logged).toEqual(["GET /metrics not served: cannot listen there"]);
    } finally {
      await first.close();
    }
  });
});
