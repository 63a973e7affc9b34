import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { parseTrustProxy } from "../http/client-address.ts";
import { createHarness, type Harness, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedPaidOrder } from "../testing/seed.ts";
import { countStatements, type StatementCount } from "../testing/statement-count.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * The round trips of a whole signed call of the open API, counted where the statements leave for the database (the
 * pool's clients, or PGlite), not only those of the invoice's own code: the signature's admission, the invoice's one
 * read and its one write. Runs on PGlite and on PostgreSQL: the engines are counted at different places.
 */
const host = "pay.example";

let h: Harness;
let counting: StatementCount | undefined;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([
      configuredChain("Devnet", 31337, { depositFactory: "0x5FbDB2315678afecb367f032d93F642f64180aa3" }),
    ]),
    trustProxy: parseTrustProxy("127.0.0.1", { production: true }),
  });
});
afterEach(() => counting?.stop());
afterAll(() => h?.close());

type App = Awaited<ReturnType<typeof seedApplication>>;

/** POST /open/v1/invoices signed as a merchant's client signs it; the statements it sent with its answer. */
async function create(app: App, body: object, key?: string) {
  const text = JSON.stringify(body);
  const request = await signRequest(
    {
      method: "POST",
      url: `https://${host}${openApiPrefix}/invoices`,
      headers: { host, ...(key ? { "idempotency-key": key } : {}) },
      body: text,
    },
    app,
  );
  counting = countStatements(h.engine);
  const response = await h.app.inject({
    method: "POST",
    url: `${openApiPrefix}/invoices`,
    headers: { ...request.headers, "x-forwarded-proto": "https" },
    payload: text,
  });
  const sent = counting.sent;
  counting.stop();
  counting = undefined;
  return { status: response.statusCode, body: response.json(), sent };
}

describe(`the round trips of POST ${openApiPrefix}/invoices`, () => {
  it("a new invoice takes 3 (admission, the ground, the write), its repeat 2, an AppKey's first call one more", async () => {
    const m = await signedInMerchant(h, "trips@example.com");
    await seedPaidOrder(h.db, { userId: m.userId, packageCode: "basic", product: "Devnet" });
    const app = await seedApplication(h.db, { userId: m.userId });

    // The server does not know the AppKey yet: its row is read, the signature checked, then the slot and nonce taken.
    const first = await create(app, { orderId: "trip-1", amount: "10" });
    expect(first.status).toBe(200);
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ success: true });
    expect(first.sent).toBe(4);

    const second = await create(app, { orderId: "trip-2", amount: "10" }, "trip-key-2");
    expect(second.body).toMatchObject({ success: true });
    expect(second.sent).toBe(3);

    const again = await create(app, { orderId: "trip-2", amount: "10" }, "trip-key-2");
    expect(again.body.resData).toEqual(second.body.resData);
    expect(again.sent).toBe(2);

    // A refusal the invoice's checks make (another body for the same order) still reads once and writes nothing.
    const refused = await create(app, { orderId: "trip-2", amount: "11" });
    expect(refused.body.success).toBe(false);
    expect(refused.sent).toBe(2);
  });
});
