import type { FastifyInstance } from "fastify";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { ApiError, messages } from "../domain/platform/outcome.ts";

export const bodyLimitBytes = 64 * 1024;

const forbiddenKeys = new Set(["__proto__", "constructor", "prototype"]);

/**
 * JSON is the only body the API takes (anything else answers 415). An empty body counts as no body,
 * so calls without fields work with or without a Content-Type.
 */
export function acceptJsonOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: bodyLimitBytes },
    (_request, body, done) => {
      const raw = String(body);
      if (raw.trim() === "") return done(null, undefined);
      const forbidden = new Set<string>();
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw, (key, value: unknown) => {
          if (forbiddenKeys.has(key)) forbidden.add(key);
          return value;
        });
      } catch {
        return done(new ApiError(errCodes.malformedJson, messages.malformedJson, 400));
      }
      if (forbidden.size > 0)
        return done(new ApiError(errCodes.validation, `Forbidden field: ${[...forbidden].join(", ")}`, 400));
      done(null, parsed);
    },
  );
}
