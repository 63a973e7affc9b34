import { createHash, createHmac, randomUUID } from "node:crypto";
import { createSigner, httpbis } from "http-message-signatures";
import { describe, expect, it } from "vitest";
import { digestMatches, type SignatureKeys, type SignedRequest, verifySignedRequest } from "./request-signature.ts";

const appKey = "ak_test_1";
const secret = Buffer.from("the-current-app-secret-of-32-bytes!");
const oldSecret = Buffer.from("the-previous-app-secret-of-32-byte");
const url = "https://pay.example/open/v1/deposit-addresses?chain=eth";
const now = new Date("2026-11-25T12:00:00Z");

/** An application's keys as the store would answer them, and the nonces it has seen. */
function keysOf(secrets: Record<string, readonly Buffer[]> = { [appKey]: [secret] }): SignatureKeys {
  const seen = new Set<string>();
  return {
    secretsOf: async (keyid) => secrets[keyid] ?? null,
    claimNonce: async (keyid, nonce) => {
      const key = `${keyid} ${nonce}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}

const digestOf = (body: string) => `sha-256=:${createHash("sha256").update(body).digest("base64")}:`;

interface Signing {
  body?: string;
  key?: Buffer;
  keyid?: string;
  created?: Date;
  nonce?: string | null;
  fields?: string[];
}

/** A request signed the way a merchant's developer would: with the maintained library, not code of ours. */
async function signedByLibrary({
  body = "",
  key = secret,
  keyid = appKey,
  created = now,
  nonce = randomUUID(),
  fields,
}: Signing = {}): Promise<SignedRequest> {
  const headers: Record<string, string> = { host: "pay.example" };
  if (body) Object.assign(headers, { "content-type": "application/json", "content-digest": digestOf(body) });
  const signed = await httpbis.signMessage(
    {
      key: createSigner(key, "hmac-sha256", keyid),
      fields: fields ?? (body ? ["@method", "@target-uri", "content-digest"] : ["@method", "@target-uri"]),
      params: nonce === null ? ["created", "keyid", "alg"] : ["created", "nonce", "keyid", "alg"],
      paramValues: { created, ...(nonce === null ? {} : { nonce }) },
    },
    { method: body ? "POST" : "GET", url, headers },
  );
  return { method: body ? "POST" : "GET", url, headers: signed.headers, body: Buffer.from(body) };
}

describe("open-API request signatures (RFC 9421, hmac-sha256, keyid = AppKey)", () => {
  it("accepts a GET and a POST signed with the maintained library", async () => {
    const keys = keysOf();
    expect(await verifySignedRequest(await signedByLibrary(), keys, now)).toEqual({ ok: true, keyid: appKey });
    const post = await signedByLibrary({ body: '{"endUserId":"u-1"}' });
    expect(await verifySignedRequest(post, keys, now)).toEqual({ ok: true, keyid: appKey });
  });

  it("accepts a signature whose base is built from the RFC's text alone (section 2.5), not by the library", async () => {
    const body = '{"endUserId":"u-2"}';
    const created = Math.floor(now.getTime() / 1000);
    const params = `("@method" "@target-uri" "content-digest");created=${created};nonce="n-rfc";keyid="${appKey}";alg="hmac-sha256"`;
    const base = [
      `"@method": POST`,
      `"@target-uri": ${url}`,
      `"content-digest": ${digestOf(body)}`,
      `"@signature-params": ${params}`,
    ].join("\n");
    const signature = createHmac("sha256", secret).update(base).digest("base64");
    const request: SignedRequest = {
      method: "POST",
      url,
      headers: {
        "Content-Digest": digestOf(body),
        "Signature-Input": `sig1=${params}`,
        Signature: `sig1=:${signature}:`,
      },
      body: Buffer.from(body),
    };
    expect(await verifySignedRequest(request, keysOf(), now)).toEqual({ ok: true, keyid: appKey });
  });

  it("refuses a wrong signature, an unknown key and an unsigned or garbled request", async () => {
    const keys = keysOf();
    expect(await verifySignedRequest(await signedByLibrary({ key: oldSecret }), keys, now)).toEqual({
      ok: false,
      refusal: "bad-signature",
    });
    expect(await verifySignedRequest(await signedByLibrary({ keyid: "ak_nobody" }), keys, now)).toEqual({
      ok: false,
      refusal: "unknown-key",
    });
    const unsigned: SignedRequest = { method: "GET", url, headers: {}, body: Buffer.alloc(0) };
    expect(await verifySignedRequest(unsigned, keys, now)).toEqual({ ok: false, refusal: "unsigned" });
    const garbled = { ...unsigned, headers: { signature: "sig1=:not base64", "signature-input": "sig1=(" } };
    expect(await verifySignedRequest(garbled, keys, now)).toEqual({ ok: false, refusal: "malformed" });
  });

  it("refuses a signature created more than five minutes ago or ahead of the clock", async () => {
    const keys = keysOf();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect((await verifySignedRequest(await signedByLibrary({ created: at(-299) }), keys, now)).ok).toBe(true);
    expect(await verifySignedRequest(await signedByLibrary({ created: at(-301) }), keys, now)).toEqual({
      ok: false,
      refusal: "stale",
    });
    expect(await verifySignedRequest(await signedByLibrary({ created: at(120) }), keys, now)).toEqual({
      ok: false,
      refusal: "stale",
    });
  });

  it("refuses a nonce used again by the same key", async () => {
    const keys = keysOf();
    const request = await signedByLibrary({ nonce: "n-once" });
    expect((await verifySignedRequest(request, keys, now)).ok).toBe(true);
    expect(await verifySignedRequest(request, keys, now)).toEqual({ ok: false, refusal: "replayed" });
  });

  it("refuses a signature that leaves out the target, the body's digest or the nonce", async () => {
    const keys = keysOf();
    const incomplete = { ok: false, refusal: "incomplete" };
    expect(await verifySignedRequest(await signedByLibrary({ fields: ["@method"] }), keys, now)).toEqual(incomplete);
    const bodyUncovered = await signedByLibrary({ body: '{"a":1}', fields: ["@method", "@target-uri"] });
    expect(await verifySignedRequest(bodyUncovered, keys, now)).toEqual(incomplete);
    expect(await verifySignedRequest(await signedByLibrary({ nonce: null }), keys, now)).toEqual(incomplete);
  });

  it("refuses a body changed after signing, and a body without its digest", async () => {
    const keys = keysOf();
    const request = await signedByLibrary({ body: '{"endUserId":"u-3"}' });
    const changed = { ...request, body: Buffer.from('{"endUserId":"u-4"}') };
    expect(await verifySignedRequest(changed, keys, now)).toEqual({ ok: false, refusal: "digest-mismatch" });
    const { "content-digest": _, ...withoutDigest } = request.headers as Record<string, string>;
    expect(await verifySignedRequest({ ...request, headers: withoutDigest }, keys, now)).toEqual({
      ok: false,
      refusal: "digest-missing",
    });
  });

  it("accepts the old secret while a rotation's grace window is open, and only then", async () => {
    const inGrace = keysOf({ [appKey]: [secret, oldSecret] });
    expect((await verifySignedRequest(await signedByLibrary({ key: oldSecret }), inGrace, now)).ok).toBe(true);
    expect((await verifySignedRequest(await signedByLibrary({ key: secret }), inGrace, now)).ok).toBe(true);
    const after = keysOf({ [appKey]: [secret] });
    expect(await verifySignedRequest(await signedByLibrary({ key: oldSecret }), after, now)).toEqual({
      ok: false,
      refusal: "bad-signature",
    });
  });
});

/** The attack of issue 37: the victim's AppKey (public) with garbage bytes in front of the attacker's own valid signature. */
async function doublySigned(attacker: SignedRequest, victimKey: string): Promise<SignedRequest> {
  const { Signature: signature, "Signature-Input": input, ...headers } = attacker.headers as Record<string, string>;
  const created = Math.floor(now.getTime() / 1000);
  const victimInput = `("@method" "@target-uri");created=${created};nonce="n-victim";keyid="${victimKey}";alg="hmac-sha256"`;
  const garbage = Buffer.alloc(32, 7).toString("base64");
  return {
    ...attacker,
    headers: {
      ...headers,
      "Signature-Input": `victim=${victimInput}, ${input}`,
      Signature: `victim=:${garbage}:, ${signature}`,
    },
  };
}

describe("one signature per request, and the application is the one whose secret verified it (issue 37)", () => {
  const victimKey = "ak_victim";
  const victimSecret = Buffer.from("the-victims-secret-nobody-else-knows");

  /** The victim's key answers last, as it did on PostgreSQL when its lookup took the slower connection. */
  function racingKeys(): SignatureKeys & { lookups: string[] } {
    const lookups: string[] = [];
    const inner = keysOf({ [appKey]: [secret], [victimKey]: [victimSecret] });
    return {
      lookups,
      secretsOf: async (keyid) => {
        lookups.push(keyid);
        if (keyid === victimKey) await new Promise((resolve) => setTimeout(resolve, 20));
        return inner.secretsOf(keyid);
      },
      claimNonce: inner.claimNonce,
    };
  }

  it("refuses a request carrying a second signature in front of a valid one, before any key lookup", async () => {
    const keys = racingKeys();
    const attack = await doublySigned(await signedByLibrary(), victimKey);
    expect(await verifySignedRequest(attack, keys, now)).toEqual({ ok: false, refusal: "several-signatures" });
    expect(keys.lookups).toEqual([]);
  });

  it("refuses two Signature or Signature-Input header lines, and labels that do not match", async () => {
    const keys = racingKeys();
    const valid = await signedByLibrary();
    const headers = valid.headers as Record<string, string>;
    const line = String(headers.Signature);
    const twoLines = { ...valid, headers: { ...headers, Signature: [line, line] } };
    expect(await verifySignedRequest(twoLines, keys, now)).toEqual({ ok: false, refusal: "several-signatures" });
    const relabelled = { ...valid, headers: { ...headers, Signature: line.replace(/^[^=]+=/, "other=") } };
    expect(await verifySignedRequest(relabelled, keys, now)).toEqual({ ok: false, refusal: "malformed" });
    expect(keys.lookups).toEqual([]);
  });

  it("refuses a nonce longer than 128 characters or with characters outside printable ASCII, before any lookup", async () => {
    const keys = racingKeys();
    expect((await verifySignedRequest(await signedByLibrary({ nonce: "n".repeat(128) }), keys, now)).ok).toBe(true);
    expect(await verifySignedRequest(await signedByLibrary({ nonce: "n".repeat(129) }), keys, now)).toEqual({
      ok: false,
      refusal: "nonce-invalid",
    });
    expect(await verifySignedRequest(await signedByLibrary({ nonce: "n".repeat(5000) }), keys, now)).toEqual({
      ok: false,
      refusal: "nonce-invalid",
    });
    expect(keys.lookups).toEqual([appKey]);
  });
});

describe("Content-Digest (RFC 9530)", () => {
  const body = Buffer.from("hello");
  it("matches sha-256 and sha-512, and needs one it knows", () => {
    expect(digestMatches(digestOf("hello"), body)).toBe(true);
    expect(digestMatches(`sha-512=:${createHash("sha512").update(body).digest("base64")}:`, body)).toBe(true);
    expect(digestMatches("md5=:XUFAKrxLKna5cZ2REBfFkg==:", body)).toBe(false);
    expect(digestMatches(digestOf("hellO"), body)).toBe(false);
    expect(digestMatches("sha-256=not-bytes", body)).toBe(false);
    expect(digestMatches("((", body)).toBe(false);
  });
});
