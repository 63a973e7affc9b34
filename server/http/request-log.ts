import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One log line a request, at its end: Fastify's "request completed" with what its "incoming request" line carried too,
 * the request's method, URL and client address (`req`), beside its status (`res`), time and id. The incoming line is
 * not written: a second write a request on the hot path. Lines written during a request carry its id (and an error's
 * its `req`, as Fastify logs them); binding `req` to each request's logger instead cost more than the line it saved.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
