import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { normalizeEmail } from "../domain/merchants.ts";
import { failure } from "../http/envelope.ts";
import type { Services } from "../http/handler.ts";
import { describeIssues } from "../http/validation.ts";

const outboxQuery = z.object({ to: z.string().check(z.minLength(1), z.maxLength(254)) });

/**
 * GET /api/dev/outbox?to= — the mail the server "sent" to one address, newest first, so browser
 * tests can read codes. Registered only on a test server (DEV_OUTBOX=true, never in production);
 * an address is required, and a code shows only while it is valid. Plain JSON, not the envelope.
 */
export function registerDevRoutes(app: FastifyInstance, { db, clock }: Services): void {
  app.get("/api/dev/outbox", async (request, reply) => {
    const parsed = outboxQuery.safeParse({ ...(request.query as object) });
    if (!parsed.success) return reply.status(400).send(failure(errCodes.validation, describeIssues(parsed.error.issues, request.query)));
    const now = clock();
    const rows = await db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body", "code", "code_expires_at", "created_at"])
      .where("recipient", "=", normalizeEmail(parsed.data.to))
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(100)
      .execute();
    const expired = (r: (typeof rows)[number]) => r.code_expires_at !== null && r.code_expires_at <= now;
    return {
      messages: rows.map((r) => ({
        to: r.recipient,
        subject: r.subject,
        text: expired(r) ? "" : r.body,
        code: expired(r) ? "" : (r.code ?? ""),
        createdAt: r.created_at.toISOString(),
      })),
    };
  });
}
