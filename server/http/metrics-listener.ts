import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface MetricsSettings {
  host: string;
  port: number;
}

/**
 * METRICS_HOST (127.0.0.1) and METRICS_PORT (9464): where GET /metrics listens, apart from the public port, so only what
 * can reach that address scrapes it. METRICS_PORT=0 turns it off (null).
 */
export function metricsSettingsFromEnv(env: NodeJS.ProcessEnv): MetricsSettings | null {
  const host = env.METRICS_HOST?.trim() || "127.0.0.1";
  const setting = env.METRICS_PORT?.trim() || "9464";
  const port = Number(setting);
  if (!/^\d+$/.test(setting) || port > 65_535)
    throw new Error("METRICS_PORT must be a port number, or 0 for no metrics");
  return port === 0 ? null : { host, port };
}

export interface MetricsScrape {
  contentType: string;
  /** The Prometheus text exposition of every metric, collected now. */
  text(): Promise<string>;
}

export interface MetricsListener {
  /** The address it listens on (`127.0.0.1:9464`). */
  address: string;
  close(): Promise<void>;
}

/** GET /metrics (HEAD too) and nothing else, on a listener of its own. */
export async function listenForMetrics(settings: MetricsSettings, scrape: MetricsScrape): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    scrape.text().then(
      (text) => {
        response.writeHead(200, { "content-type": scrape.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      () => response.writeHead(500, { "content-type": "text/plain" }).end("metrics could not be collected\n"),
    );
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(settings.port, settings.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  return {
    address: `${bound.address}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The listener, or null when it is off or its address cannot be bound: that is logged and the server runs on without
 * metrics (Prometheus' `up` then shows the target down), rather than refusing payments over a port.
 */
export async function metricsListenerOrNone(
  settings: MetricsSettings | null,
  scrape: MetricsScrape,
  log: { error(data: object, message: string): void },
): Promise<MetricsListener | null> {
  if (!settings) return null;
  try {
    return await listenForMetrics(settings, scrape);
  } catch (error) {
    log.error({ err: error, host: settings.host, port: settings.port }, "GET /metrics not served: cannot listen there");
    return null;
  }
}
