import { createHash, createHmac, createSecretKey, type KeyObject, randomUUID } from "node:crypto";
import type { SignedRequest } from "../../examples/open-api-client.ts";

const covered = '("@method" "@target-uri" "content-digest")';

/** A structured-field string (RFC 8941): the nonce and the AppKey, quoted. */
const sfString = (value: string) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;

/**
 * Signs a request with a body as `signRequest` of examples/open-api-client.ts does (RFC 9421: @method, @target-uri and
 * content-digest, with created, nonce, keyid and alg; hmac-sha256 under the AppSecret), the same headers and bytes,
 * each call with its own created and nonce. The bench's client shares the server's two cores, so it signs with a key
 * made once and writes the signature base itself rather than through the library (a test checks the server verifies it
 * and that its headers are the example client's).
 */
export function requestSigner({ appKey, appSecret }: { appKey: string; appSecret: string }) {
  const key: KeyObject = createSecretKey(Buffer.from(appSecret, "utf8"));
  const keyid = sfString(appKey);
  return (
    request: SignedRequest & { body: string },
    created = new Date(),
    nonce: string = randomUUID(),
  ): SignedRequest => {
    const digest = `sha-256=:${createHash("sha256").update(request.body).digest("base64")}:`;
    const params = `${covered};created=${Math.floor(created.getTime() / 1000)};nonce=${sfString(nonce)};keyid=${keyid};alg="hmac-sha256"`;
    const base =
      `"@method": ${request.method.toUpperCase()}\n"@target-uri": ${request.url}\n` +
      `"content-digest": ${digest}\n"@signature-params": ${params}`;
    const signature = createHmac("sha256", key).update(base).digest("base64");
    return {
      ...request,
      headers: {
        ...request.headers,
        "content-type": "application/json",
        "content-digest": digest,
        Signature: `sig=:${signature}:`,
        "Signature-Input": `sig=${params}`,
      },
    };
  };
}
