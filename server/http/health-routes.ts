import type { FastifyInstance } from "fastify";
import type { Readiness } from "../wiring/readiness.ts";

/**
 * GET /healthz (the process answers) and GET /readyz (it can do its work: wiring/readiness.ts), unauthenticated for load
 * balancers and orchestrators. They answer each check's name and "ok", "failed" or "timeout", never an error's text.
 * Logged only when they go wrong: a probe every few seconds would otherwise fill the log.
 */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.get("/healthz", { logLevel: "warn" }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: "alive" }),
  );
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    const report = await readiness.report();
    const status = report.draining ? "draining" : report.ready ? "ready" : "not ready";
    return reply
      .status(report.ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status, checks: report.checks });
  });
}
