import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { createHarness, type Harness, signedInMerchant } from "../testing/harness.ts";
import { seedApplication } from "../testing/seed.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ trustProxy: ["10.0.0.1"] });
});
afterAll(() => h?.close());

/** A balance call signed for `signedUrl`, arriving at the server from `peer` with the given headers. */
async function balanceCall(signedUrl: string, peer: string, headers: Record<string, string>) {
  const m = await signedInMerchant(h, `m-${Math.random()}@example.com`);
  const app = await seedApplication(h.db, { userId: m.userId });
  const signed = await signRequest({ method: "GET", url: signedUrl, headers: {} }, app);
  const response = await h.app.inject({
    method: "GET",
    url: `${openApiPrefix}/balance`,
    headers: { ...headers, ...signed.headers },
    remoteAddress: peer,
  });
  return { status: response.statusCode, ...response.json() };
}

describe("@target-uri is the URL the client called", () => {
  const forwarded = { host: "backend:3000", "x-forwarded-proto": "https", "x-forwarded-host": "pay.example" };

  it("behind a trusted proxy: the scheme and host it forwards", async () => {
    const answer = await balanceCall(`https://pay.example${openApiPrefix}/balance`, "10.0.0.1", forwarded);
    expect(answer).toMatchObject({ status: 200, success: true });
  });

  it("from anyone else: the request's own, whatever X-Forwarded-* says", async () => {
    const spoofed = await balanceCall(`https://pay.example${openApiPrefix}/balance`, "10.0.0.9", forwarded);
    expect(spoofed).toMatchObject({ status: 401, errCode: errCodes.openApiSignatureInvalid });
    const own = await balanceCall(`http://backend:3000${openApiPrefix}/balance`, "10.0.0.9", forwarded);
    expect(own).toMatchObject({ status: 200, success: true });
  });
});
