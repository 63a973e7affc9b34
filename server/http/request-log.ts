import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/**
 * One log line a request, at its end: Fastify's "request completed" with the request's method, URL and client address
 * (`req`), its status (`res`), time and id; its "incoming request" line is not written (a second write a request, on
 * the hot path). The request goes into the request's own logger instead, so every line written during it, an error's
 * too, says which request it was (the terminal log shows it: wiring/terminal-log.ts).
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const log = request.log.child({ req: request });
    request.log = log;
    reply.log = log;
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    // As Fastify's, without `req` a second time: the request's logger carries it.
    if (reply.statusCode >= 500) reply.log.error({ res: reply, err: error }, error?.message);
    else reply.log.info({ res: reply, err: error }, error?.message);
  }
}
