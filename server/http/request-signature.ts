import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import {
  ExpiredError,
  httpbis,
  MalformedSignatureError,
  UnacceptableSignatureError,
  UnsupportedAlgorithmError,
  type VerifyingKey,
} from "http-message-signatures";
import { isInnerList, parseDictionary } from "structured-headers";

/**
 * Open-API requests are signed with RFC 9421 HTTP Message Signatures (hmac-sha256, keyid = the AppKey, key = the
 * AppSecret), so a merchant's developer signs with a maintained library of their language rather than code of ours.
 * The verification is that library's too (`http-message-signatures`); what is ours is the policy below.
 */

/** What every signature must cover: the method and the whole URL; the body's digest (RFC 9530) when there is one. */
export const requiredComponents = ["@method", "@target-uri"] as const;
export const digestComponent = "content-digest";
/** A signature older than this is refused, and so is a nonce seen again within it. */
export const signatureMaxAgeSeconds = 300;
/** How far a signer's clock may run ahead of ours. */
const clockSkewSeconds = 30;

export type SignatureRefusal =
  /** No Signature / Signature-Input headers. */
  | "unsigned"
  /** Headers that do not parse, a signature without its input, another algorithm. */
  | "malformed"
  /** More than one signature, or more than one Signature / Signature-Input line: exactly one is accepted. */
  | "several-signatures"
  /** A keyid that names no application. */
  | "unknown-key"
  /** A required component or parameter (created, nonce, keyid, alg) left out of the signature. */
  | "incomplete"
  /** A nonce longer than `nonceMaxLength` or with characters outside printable ASCII. */
  | "nonce-invalid"
  /** Created more than five minutes ago, or in the future. */
  | "stale"
  /** The signature does not match any of the application's secrets. */
  | "bad-signature"
  /** A body with no Content-Digest header. */
  | "digest-missing"
  /** A body that does not match its Content-Digest. */
  | "digest-mismatch"
  /** A nonce this key has used within the window. */
  | "replayed";

/** The longest nonce accepted (a UUID has 36 characters): checked before anything is looked up or stored. */
export const nonceMaxLength = 128;
const nonceCharacters = /^[\x21-\x7e]+$/;

export interface SignedRequest {
  method: string;
  /** The absolute URL the client called (scheme, authority, path and query): what `@target-uri` covers. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body as received; empty for a request without one. */
  body: Buffer;
}

/** The secrets a keyid may sign with now: the current one and, in a rotation's grace window, the one before. */
export type SecretsOf = (keyid: string) => Promise<readonly Buffer[] | null>;

export interface SignatureKeys {
  secretsOf: SecretsOf;
  /** Records the nonce; false when this keyid used it already (inside the window, which is all that is kept). */
  claimNonce(keyid: string, nonce: string, created: Date): Promise<boolean>;
}

/** The one signature of a request that verified: whose key, and the nonce still to spend. */
export interface VerifiedSignature {
  keyid: string;
  nonce: string;
  created: Date;
}

export type SignatureVerdict = { ok: true; signature: VerifiedSignature } | { ok: false; refusal: SignatureRefusal };
export type SignatureCheck = { ok: true; keyid: string } | { ok: false; refusal: SignatureRefusal };

const refused = (refusal: SignatureRefusal) => ({ ok: false as const, refusal });

/** Checks a request's RFC 9421 signature and RFC 9530 digest, then spends its nonce. */
export async function verifySignedRequest(
  request: SignedRequest,
  keys: SignatureKeys,
  now: Date = new Date(),
): Promise<SignatureCheck> {
  const verdict = await checkSignature(request, keys.secretsOf, now);
  if (!verdict.ok) return verdict;
  const { keyid, nonce, created } = verdict.signature;
  if (!(await keys.claimNonce(keyid, nonce, created))) return refused("replayed");
  return { ok: true, keyid };
}

/**
 * Checks a request's one RFC 9421 signature and its RFC 9530 digest, without spending the nonce (the open API spends it
 * once the application's rate limit has passed). The keyid, nonce and created answered are those of the signature that
 * verified: a request carries exactly one, so the key looked up is the key that verified (with two, the
 * library's answer was the last signature's and the keyid the last lookup's to finish).
 */
export async function checkSignature(
  request: SignedRequest,
  secretsOf: SecretsOf,
  now: Date = new Date(),
): Promise<SignatureVerdict> {
  const headers = lowerCased(request.headers);
  if (headers.signature === undefined && headers["signature-input"] === undefined) return refused("unsigned");
  const sole = soleSignature(headers);
  if (!sole.ok) return sole;
  const hasBody = request.body.length > 0;
  const digest = headers[digestComponent];
  const digestHeader = Array.isArray(digest) ? digest.join(", ") : digest;
  if (hasBody && digestHeader === undefined) return refused("digest-missing");
  if (hasBody && !digestMatches(digestHeader, request.body)) return refused("digest-mismatch");

  const { keyid, nonce, created } = sole.signature;
  let lookups = 0;
  let result: boolean | null;
  try {
    result = await httpbis.verifyMessage(
      {
        keyLookup: async (params) => {
          lookups += 1;
          if (lookups > 1 || params.keyid !== keyid || !keyid) return null;
          const secrets = await secretsOf(keyid);
          return secrets && secrets.length > 0 ? hmacKey(secrets) : null;
        },
        requiredParams: ["created", "nonce", "keyid", "alg"],
        requiredFields: hasBody ? [...requiredComponents, digestComponent] : [...requiredComponents],
        // The window is checked below against our clock (`now`); the library would read the wall clock.
        notAfter: Number.MAX_SAFE_INTEGER,
      },
      { method: request.method, url: request.url, headers: definedHeaders(headers) },
    );
  } catch (error) {
    return refused(refusalOf(error));
  }
  if (lookups !== 1) return refused("several-signatures");
  if (result === null) return refused("unknown-key");
  if (!result) return refused("bad-signature");
  if (!created) return refused("incomplete");
  const age = (now.getTime() - created.getTime()) / 1000;
  if (age > signatureMaxAgeSeconds || age < -clockSkewSeconds) return refused("stale");
  return { ok: true, signature: { keyid, nonce, created } };
}

/**
 * The request's one signature, read before any key is looked up: one Signature-Input line and one Signature line,
 * each a dictionary of one member under the same label, with a nonce we would store.
 */
function soleSignature(
  headers: Record<string, string | string[] | undefined>,
):
  | { ok: true; signature: { keyid: string; nonce: string; created: Date | null } }
  | { ok: false; refusal: SignatureRefusal } {
  const input = headers["signature-input"];
  const signature = headers.signature;
  if (input === undefined || signature === undefined) return refused("malformed");
  if ((Array.isArray(input) && input.length > 1) || (Array.isArray(signature) && signature.length > 1))
    return refused("several-signatures");
  let inputs: ReturnType<typeof parseDictionary>;
  let signatures: ReturnType<typeof parseDictionary>;
  try {
    inputs = parseDictionary(String(input));
    signatures = parseDictionary(String(signature));
  } catch {
    return refused("malformed");
  }
  if (inputs.size > 1 || signatures.size > 1) return refused("several-signatures");
  const [entry] = inputs;
  if (!entry || signatures.size !== 1 || !signatures.has(entry[0])) return refused("malformed");
  const member = entry[1];
  if (!isInnerList(member)) return refused("malformed");
  const params = member[1];
  const keyid = params.get("keyid");
  const nonce = params.get("nonce");
  const created = params.get("created");
  if (nonce === undefined) return refused("incomplete");
  if (typeof nonce !== "string" || nonce.length > nonceMaxLength || !nonceCharacters.test(nonce))
    return refused("nonce-invalid");
  return {
    ok: true,
    signature: {
      keyid: typeof keyid === "string" ? keyid : "",
      nonce,
      created: typeof created === "number" ? new Date(created * 1000) : null,
    },
  };
}

/** The verifying key of an application: HMAC-SHA256 under any of its live secrets, compared in constant time. */
function hmacKey(secrets: readonly Buffer[]): VerifyingKey {
  return {
    algs: ["hmac-sha256"],
    verify: async (data, signature) =>
      secrets.some((secret) => {
        const expected = createHmac("sha256", secret).update(data).digest();
        return expected.length === signature.length && timingSafeEqual(expected, signature);
      }),
  };
}

function refusalOf(error: unknown): SignatureRefusal {
  if (error instanceof ExpiredError) return "stale";
  if (error instanceof UnacceptableSignatureError) return "incomplete";
  if (error instanceof MalformedSignatureError || error instanceof UnsupportedAlgorithmError) return "malformed";
  // Headers that are not structured fields, or only one of the two: the library throws plain errors for these.
  return "malformed";
}

const digestAlgorithms: Record<string, string> = { "sha-256": "sha256", "sha-512": "sha512" };

/** RFC 9530: every digest the header gives for an algorithm we know matches the body, and there is at least one. */
export function digestMatches(header: string | undefined, body: Buffer): boolean {
  if (!header) return false;
  let digests: ReturnType<typeof parseDictionary>;
  try {
    digests = parseDictionary(header);
  } catch {
    return false;
  }
  let checked = 0;
  for (const [name, member] of digests) {
    const algorithm = digestAlgorithms[name];
    if (!algorithm) continue;
    const value = isInnerList(member) ? null : member[0];
    // A byte sequence parses to an ArrayBuffer; anything else is no digest.
    if (!(value instanceof ArrayBuffer)) return false;
    const expected = createHash(algorithm).update(body).digest();
    const given = Buffer.from(value);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    checked += 1;
  }
  return checked > 0;
}

function lowerCased(headers: SignedRequest["headers"]): Record<string, string | string[] | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function definedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined),
  );
}
