import type { FastifyInstance, FastifyRequest } from "fastify";
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
      try {
        done(null, parseJsonBody(String(body)));
      } catch (error) {
        done(error as ApiError);
      }
    },
  );
}

/**
 * The same, keeping the body's bytes as received (`rawBodyOf`): an open-API request's Content-Digest (RFC 9530) is
 * checked over them, and a parsed and re-serialised body would not be the same bytes. For one encapsulated scope.
 */
export function acceptJsonKeepingRaw(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: bodyLimitBytes },
    (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      try {
        done(null, parseJsonBody((body as Buffer).toString("utf8")));
      } catch (error) {
        done(error as ApiError);
      }
    },
  );
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The body's bytes as received by a scope of `acceptJsonKeepingRaw`; empty when the request had none. */
export const rawBodyOf = (request: FastifyRequest): Buffer => rawBodies.get(request) ?? Buffer.alloc(0);

/** A JSON body, or undefined for a blank one; throws the 400 of malformed JSON or a forbidden key. */
function parseJsonBody(raw: string): unknown {
  if (raw.trim() === "") return undefined;
  const forbidden = new Set<string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw, (key, value: unknown) => {
      if (forbiddenKeys.has(key)) forbidden.add(key);
      return value;
    });
  } catch {
    throw new ApiError(errCodes.malformedJson, messages.malformedJson, 400);
  }
  if (forbidden.size > 0) throw new ApiError(errCodes.validation, `Forbidden field: ${[...forbidden].join(", ")}`, 400);
  return parsed;
}
