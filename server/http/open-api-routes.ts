import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type OpenApiOperation, type OpenApiRoute, openApiPrefix, openApiRoutes } from "../../contracts/open-api.ts";
import { openApiDocument } from "../../contracts/open-api-document.ts";
import { type ErrCode, errCodes } from "../../contracts/schemas/envelope.ts";
import { stoppedSecretsOf } from "../domain/applications/app-secrets.ts";
import { createKnownSigners, type KnownSigners } from "../domain/applications/known-signers.ts";
import { liveSignerOf, type OpenApiCaller, type SignerRow, signerOf } from "../domain/applications/open-api-caller.ts";
import {
  admitKnownSignedCall,
  admitSignedCall,
  type SignedCallAdmission,
} from "../domain/applications/open-api-nonces.ts";
import type { Outcome } from "../domain/platform/outcome.ts";
import { waitMessage } from "../domain/platform/rate-limit.ts";
import type { OpenApiContext, OpenApiHandlers } from "../routes/open-api.ts";
import { failure, success } from "./envelope.ts";
import type { Services } from "./handler.ts";
import { acceptJsonKeepingRaw, rawBodyOf } from "./json-body.ts";
import { checkSignature, nonceMaxLength, type SignatureRefusal } from "./request-signature.ts";
import { parseRequest } from "./validation.ts";

/** Each refusal of the signature check, as the envelope words it (HTTP 401). */
export const signatureRefusals: Record<SignatureRefusal, { code: ErrCode; message: string }> = {
  unsigned: { code: errCodes.openApiUnsigned, message: "Sign the request: RFC 9421 Signature and Signature-Input" },
  malformed: {
    code: errCodes.openApiSignatureInvalid,
    message: "The Signature or Signature-Input header is malformed",
  },
  incomplete: {
    code: errCodes.openApiSignatureInvalid,
    message:
      "The signature must cover @method, @target-uri (and content-digest with a body) with created, nonce, keyid and alg",
  },
  "several-signatures": {
    code: errCodes.openApiSeveralSignatures,
    message: "Send exactly one signature: one Signature-Input and one Signature header, each with one member",
  },
  "nonce-invalid": {
    code: errCodes.openApiNonceInvalid,
    message: `The nonce must be 1 to ${nonceMaxLength} printable ASCII characters, such as a UUID`,
  },
  "bad-signature": {
    code: errCodes.openApiSignatureInvalid,
    message:
      "The signature does not match: sign with the AppSecret's characters as UTF-8, over the URL you call as @target-uri (behind a proxy, the public one)",
  },
  "unknown-key": { code: errCodes.openApiUnknownKey, message: "Unknown AppKey" },
  stale: {
    code: errCodes.openApiSignatureStale,
    message: "The signature's created is more than 5 minutes old or in the future",
  },
  replayed: { code: errCodes.openApiReplayed, message: "This nonce was used already" },
  "digest-missing": {
    code: errCodes.openApiDigestMismatch,
    message:
      "The request has a body but no Content-Digest header: send sha-256=:<base64>: of the body's bytes as sent (RFC 9530), covered by the signature",
  },
  "digest-mismatch": {
    code: errCodes.openApiDigestMismatch,
    message:
      "The body does not match its Content-Digest: digest the bytes you send (RFC 9530, sha-256), not a re-serialised copy",
  },
};

const stopped = { code: errCodes.openApiAppStopped, message: "This application is stopped" };

/**
 * The open API under /open/v1/ (contracts/open-api.ts): one route per row, each verifying the request's RFC 9421
 * signature over the URL the client called and the body's bytes as sent, then the application's rate limit, then the
 * input; and the OpenAPI document, unsigned. In its own scope, so its JSON parser keeps the raw body.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  handlers: OpenApiHandlers,
  services: Services,
): Promise<void> {
  await app.register(async (scope) => {
    acceptJsonKeepingRaw(scope);
    const document = openApiDocument();
    const signers = createKnownSigners();
    scope.get(`${openApiPrefix}/openapi.json`, async (_request, reply) => reply.send(document));
    for (const operation of Object.keys(openApiRoutes) as OpenApiOperation[]) {
      const route: OpenApiRoute = openApiRoutes[operation];
      scope.route({
        method: route.method,
        url: openApiPrefix + route.path.replace(/\{(\w+)\}/g, ":$1"),
        handler: async (request, reply) => {
          const now = services.clock();
          const caller = await verifiedCaller(request, reply, services, signers, now);
          if (!caller) return reply;
          const ctx = {
            db: services.db,
            caller,
            now,
            services,
            origin: originOf(request),
            params: route.params ? parseRequest(route.params, { ...(request.params as object) }) : undefined,
            query: route.query ? parseRequest(route.query, { ...(request.query as object) }) : undefined,
            body: route.body ? parseRequest(route.body, request.body ?? {}) : undefined,
            headers: route.headers ? parseRequest(route.headers, { ...request.headers }) : undefined,
          };
          const handle = handlers[operation] as (c: OpenApiContext<OpenApiOperation>) => Promise<Outcome<unknown>>;
          const outcome = await handle(ctx as OpenApiContext<OpenApiOperation>);
          if (outcome.ok) return reply.status(200).send(success(outcome.data));
          return reply.status(outcome.status).send(failure(outcome.code, outcome.message));
        },
      });
    }
  });
}

/** The URL the client called: scheme and host as the trusted proxies (TRUST_PROXY) forward them, else the request's. */
export const targetUri = (request: FastifyRequest) => `${originOf(request)}${request.url}`;

/** The scheme and host of `targetUri`: what the client signed, so a link built on it points where the client called. */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

type SignedRequest = Parameters<typeof checkSignature>[0];

/** The signature checked and the application's slot taken; null when the reply is already a refusal. */
async function verifiedCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  signers: KnownSigners,
  now: Date,
): Promise<OpenApiCaller | null> {
  const request9421 = {
    method: request.method,
    url: targetUri(request),
    headers: request.headers,
    body: rawBodyOf(request),
  };
  const known = await knownCaller(request9421, reply, services, signers, now);
  return known === undefined ? freshCaller(request9421, reply, services, signers, now) : known;
}

/**
 * A call of an application whose row this process read before, verified with that row's secrets and admitted in one
 * statement that checks the row is unchanged; undefined, nothing spent, when it is to be checked against a fresh read
 * (an application not known here, a signature those secrets do not verify or any other refusal, a changed row).
 */
async function knownCaller(
  request9421: SignedRequest,
  reply: FastifyReply,
  services: Services,
  signers: KnownSigners,
  now: Date,
): Promise<OpenApiCaller | null | undefined> {
  let known: { row: SignerRow; caller: OpenApiCaller } | undefined;
  const check = await checkSignature(
    request9421,
    async (keyid) => {
      const row = signers.get(keyid);
      if (!row) return null;
      const { keys, caller } = signerOf(row, keyid, now, services.secret);
      known = { row, caller };
      return keys;
    },
    now,
  );
  if (!check.ok || !known) return undefined;
  const { keyid, nonce, created } = check.signature;
  const { row, caller } = known;
  const slot = callsSlot(services, caller);
  const request = { appKey: keyid, nonce, created };
  const admission = await admitKnownSignedCall(services.db, slot, request, row, now, services.refusals);
  if (admission.outcome === "changed") {
    signers.forget(keyid);
    return undefined;
  }
  return admitted(reply, admission, caller);
}

/** The signature checked with the application's row read now, then the slot and the nonce. */
async function freshCaller(
  request9421: SignedRequest,
  reply: FastifyReply,
  services: Services,
  signers: KnownSigners,
  now: Date,
): Promise<OpenApiCaller | null> {
  const { db } = services;
  const signer: { caller: OpenApiCaller | null; row: SignerRow | null } = { caller: null, row: null };
  const check = await checkSignature(
    request9421,
    async (keyid) => {
      const found = await liveSignerOf(db, keyid, now, services.secret);
      signer.caller = found?.caller ?? null;
      signer.row = found?.row ?? null;
      if (!found) signers.forget(keyid);
      return found?.keys ?? null;
    },
    now,
  );
  if (!check.ok) {
    // A stopped application has no live secret, so its key reads as unknown. Whoever signs with its secret is told it
    // is stopped; anyone else learns nothing about the key.
    const stoppedCheck =
      check.refusal === "unknown-key"
        ? await checkSignature(request9421, (keyid) => stoppedSecretsOf(db, keyid, now, services.secret), now)
        : null;
    if (stoppedCheck?.ok) return refuse(reply, 403, stopped);
    return refuse(reply, 401, signatureRefusals[check.refusal]);
  }
  const { keyid, nonce, created } = check.signature;
  // The row whose secret verified the signature: the caller comes from that one read.
  const { caller, row } = signer;
  if (!caller || !row || caller.appKey !== keyid) return refuse(reply, 403, stopped);
  signers.remember(keyid, row);
  const slot = callsSlot(services, caller);
  const admission = await admitSignedCall(db, slot, { appKey: keyid, nonce, created }, now, services.refusals);
  return admitted(reply, admission, caller);
}

const callsSlot = (services: Services, caller: OpenApiCaller) => ({
  bucket: "open-api-calls" as const,
  subject: caller.applicationId,
  window: services.limits.openApiCalls,
});

function admitted(reply: FastifyReply, admission: SignedCallAdmission, caller: OpenApiCaller): OpenApiCaller | null {
  if (admission.outcome === "limited") {
    reply.header("retry-after", String(admission.waitSeconds));
    return refuse(reply, 429, { code: errCodes.rateLimited, message: waitMessage(admission.waitSeconds) });
  }
  // Spent only once the rate limit has passed (one statement, admitSignedCall), so refused calls store nothing: at
  // most the limit's burst plus its rate over the five minutes a nonce is kept, per application (SECURITY.md, "Open API").
  if (admission.outcome === "replayed") return refuse(reply, 401, signatureRefusals.replayed);
  return caller;
}

function refuse(reply: FastifyReply, status: number, { code, message }: { code: ErrCode; message: string }): null {
  void reply.status(status).send(failure(code, message));
  return null;
}
