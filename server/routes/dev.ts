import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { text } from "../../contracts/schemas/fields.ts";
import { normalizeEmail } from "../domain/identity/merchants.ts";
import { devOutboxFor } from "../domain/messaging/mail-outbox.ts";
import type { Services } from "../http/handler.ts";
import { parseRequest } from "../http/validation.ts";

// `text`, as every request string: a NUL reached PostgreSQL and answered 500.
const outboxQuery = z.object({ to: text(z.minLength(1), z.maxLength(254)) });

/**
 * GET /api/dev/outbox?to= — the mail the server "sent" to one address, newest first, so browser
 * tests can read codes. Registered only on a test server (DEV_OUTBOX=true, never in production);
 * an address is required, and a code shows only while it is valid. Plain JSON, not the envelope.
 */
export function registerDevRoutes(app: FastifyInstance, { db, clock, secret }: Services): void {
  app.get("/api/dev/outbox", async (request) => {
    const { to } = parseRequest(outboxQuery, { ...(request.query as object) });
    return { messages: await devOutboxFor(db, normalizeEmail(to), clock(), secret) };
  });
}
