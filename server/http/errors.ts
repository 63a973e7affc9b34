import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { ApiError, messages } from "../domain/platform/outcome.ts";
import { failure } from "./envelope.ts";

/** Maps every error to the envelope: a known status and code, or 500 "Internal error" (no stack). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send(failure(error.code, error.message));
    switch (error.code) {
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return reply.status(413).send(failure(errCodes.bodyTooLarge, messages.bodyTooLarge));
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      case "FST_ERR_CTP_INVALID_TYPE":
        return reply.status(415).send(failure(errCodes.unsupportedMediaType, messages.unsupportedMediaType));
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return reply.status(400).send(failure(errCodes.malformedJson, messages.malformedJson));
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status >= 400 && status < 500) return reply.status(status).send(failure(errCodes.validation, "Bad request"));
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send(failure(errCodes.internal, messages.internal));
  });
}

export const sendNotFound = (reply: FastifyReply) =>
  reply.status(404).send(failure(errCodes.notFound, messages.notFound));
