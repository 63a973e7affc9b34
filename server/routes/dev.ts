import type { FastifyInstance } from "fastify";
import * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { normalizeEmail } from "../domain/merchants.ts";
import { failure } from "../http/envelope.ts";
import type { Services } from "../http/handler.ts";
import { describeIssues } from "../http/validation.ts";

const outboxQuery = z.object({ to: z.optional(z.string().check(z.maxLength(254))) });

/**
 * GET /api/dev/outbox?to= — the mail the server "sent", newest first, so browser tests can read
 * codes. Registered only outside production; plain JSON, not the envelope.
 */
export function registerDevRoutes(app: FastifyInstance, { db }: Services): void {
  app.get("/api/dev/outbox", async (request, reply) => {
    const parsed = outboxQuery.safeParse({ ...(request.query as object) });
    if (!parsed.success) return reply.status(400).send(failure(errCodes.validation, describeIssues(parsed.error.issues, request.query)));
    let query = db.selectFrom("mail_outbox").select(["recipient", "subject", "body", "code", "created_at"]).orderBy("created_at", "desc").orderBy("id", "desc").limit(100);
    if (parsed.data.to) query = query.where("recipient", "=", normalizeEmail(parsed.data.to));
    const rows = await query.execute();
    return {
      messages: rows.map((r) => ({ to: r.recipient, subject: r.subject, text: r.body, code: r.code ?? "", createdAt: r.created_at.toISOString() })),
    };
  });
}
