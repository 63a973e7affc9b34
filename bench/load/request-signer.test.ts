import { describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { checkSignature } from "../../server/http/request-signature.ts";
import { requestSigner } from "./request-signer.ts";

const credentials = { appKey: "ak_test_key", appSecret: "a-secret-of-the-application" };
const request = {
  method: "POST",
  url: "http://127.0.0.1:3000/open/v1/invoices",
  headers: { accept: "application/json", "idempotency-key": "key-1" },
  body: JSON.stringify({ orderId: "bench-1", amount: "10.000001" }),
};
const secretsOf = async (keyid: string) =>
  keyid === credentials.appKey ? [Buffer.from(credentials.appSecret, "utf8")] : null;
const asReceived = (signed: { headers: Record<string, string>; body?: string }) => ({
  method: "POST",
  url: request.url,
  headers: signed.headers,
  body: Buffer.from(signed.body ?? ""),
});

describe("the bench's request signer", () => {
  it("signs as the example client does: the same headers, and the signature the library makes for the same created and nonce", async () => {
    const example = await signRequest(request, credentials);
    const input = example.headers["Signature-Input"]!;
    const created = new Date(Number(/;created=(\d+)/.exec(input)![1]) * 1000);
    const nonce = /;nonce="([^"]+)"/.exec(input)![1]!;
    const ours = requestSigner(credentials)(request, created, nonce);
    expect(ours).toEqual(example);
  });

  it("makes requests the server verifies, each with its own nonce, and one the server refuses under another secret", async () => {
    const sign = requestSigner(credentials);
    const [first, second] = [sign(request), sign(request)];
    const now = new Date();
    const verdicts = await Promise.all([first, second].map((s) => checkSignature(asReceived(s), secretsOf, now)));
    expect(verdicts.map((v) => v.ok)).toEqual([true, true]);
    const nonces = verdicts.map((v) => (v.ok ? v.signature.nonce : null));
    expect(new Set(nonces).size).toBe(2);
    const forged = requestSigner({ ...credentials, appSecret: "another-secret" })(request);
    expect(await checkSignature(asReceived(forged), secretsOf, now)).toEqual({ ok: false, refusal: "bad-signature" });
  });
});
