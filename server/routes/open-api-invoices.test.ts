import type { Address } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it as onEither } from "vitest";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { invoiceExpiry } from "../../contracts/schemas/invoice-states.ts";
import { openInvoice, openInvoiceList } from "../../contracts/schemas/open-api-invoices.ts";
import { depositAddress as wireAddress } from "../../contracts/schemas/open-api.ts";
import { subscriptionResult } from "../../contracts/schemas/subscription.ts";
import { depositAddress, depositSalt, depositSaltKey } from "../chain/deposit-forwarder.ts";
import { invoiceEndUser } from "../domain/invoices/open-api-invoices.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { postgresRunCovers } from "../testing/test-database.ts";
import { parseTrustProxy } from "../http/client-address.ts";
import { seedApplication, seedPaidOrder, testServerSecret } from "../testing/seed.ts";
import { sendSigned } from "../testing/open-api-send.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * The open API's invoices: made once per order and request, their own forwarder address on each chain offered, listed
 * a keyset page at a time, cancelled only while nothing arrived, and never reached by another application or merchant.
 * Runs on PGlite and on PostgreSQL: racing creates of one order meet at a unique key on PGlite's one connection and
 * in PostgreSQL's pool alike. The other cases take no path the engines take differently: `it` here runs them once, on
 * PostgreSQL, under `npm test` (`postgresRunCovers`).
 */
const devnetFactory = "0x5FbDB2315678afecb367f032d93F642f64180aa3" as Address;
const bscFactory = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" as Address;
const host = "pay.example";

const it = onEither.skipIf(postgresRunCovers);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([
      configuredChain("Devnet", 31337, { depositFactory: devnetFactory }),
      configuredChain("Bsc", 56, { depositFactory: bscFactory }),
      configuredChain("Eth", 1),
    ]),
    limits: { openApiCalls: { max: 200, seconds: 60 } },
    // Injected requests come from 127.0.0.1: the proxy in front of the server, which says the client used https.
    trustProxy: parseTrustProxy("127.0.0.1", { production: true }),
    // As a deployment's: private and local hosts refused, names resolved (one to a private address).
    callbackTargets: {
      allowPrivate: false,
      resolve: async (name) => (name === "intranet.example" ? ["10.0.0.7"] : ["93.184.216.34"]),
    },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

type App = Awaited<ReturnType<typeof seedApplication>>;

const send = (app: App, method: "GET" | "POST", path: string, body?: object, headers?: Record<string, string>) =>
  sendSigned(h, app, { method, path, body, headers, scheme: "https" });

const create = (app: App, body: object, headers: Record<string, string> = {}) =>
  send(app, "POST", "/invoices", body, headers);

async function merchantWithApp(email = "shop@example.com", packageCode = "basic") {
  const m = await signedInMerchant(h, email);
  await seedPaidOrder(h.db, { userId: m.userId, packageCode, product: "Devnet" });
  return { ...m, app: await seedApplication(h.db, { userId: m.userId }) };
}

const invoiceRows = () => h.db.selectFrom("invoices").selectAll().execute();
const invoiceAddresses = () =>
  h.db.selectFrom("deposit_addresses").selectAll().where("invoice_id", "is not", null).orderBy("chain_id").execute();

describe(`POST ${openApiPrefix}/invoices`, () => {
  it("makes an invoice with its own forwarder address on every accepted chain that takes deposits, and reads it back", async () => {
    const m = await merchantWithApp();
    const answer = await create(m.app, {
      orderId: "order-1001",
      amount: "25.5",
      description: "Two mugs",
      customerEmail: "buyer@example.com",
      redirectUrl: "https://shop.example.com/thanks",
      metadata: { cart: "c-77", channel: "web" },
    });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
    const made = openInvoice.parse(answer.resData);
    expect(made).toMatchObject({
      orderId: "order-1001",
      status: "new",
      flags: [],
      amount: "25.5",
      amountReceived: "0",
      currency: "USDT",
      description: "Two mugs",
      customerEmail: "buyer@example.com",
      redirectUrl: "https://shop.example.com/thanks",
      metadata: { cart: "c-77", channel: "web" },
    });
    expect(made.invoiceId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.checkoutUrl).toBe(`https://${host}/pay/${made.invoiceId}`);
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(invoiceExpiry.defaultSeconds * 1000);
    // Eth has no forwarder factory: it is not offered. Each address is the invoice's own CREATE2 forwarder.
    const salt = depositSalt(depositSaltKey(testServerSecret), m.app.appCode, invoiceEndUser(made.invoiceId));
    expect(made.addresses).toEqual([
      {
        chain: "Bsc",
        chainId: 56,
        token: configuredChain("Bsc", 56).tokens[0]!.address,
        address: depositAddress(bscFactory, salt),
      },
      {
        chain: "Devnet",
        chainId: 31337,
        token: configuredChain("Devnet", 31337).tokens[0]!.address,
        address: depositAddress(devnetFactory, salt),
      },
    ]);
    // The addresses are deposit addresses of the application: the deposit listener credits what arrives there.
    const rows = await invoiceAddresses();
    expect(rows.map((r) => [r.application_id, r.end_user_id])).toEqual([
      [m.app.applicationId, `invoice ${made.invoiceId}`],
      [m.app.applicationId, `invoice ${made.invoiceId}`],
    ]);
    expect((await send(m.app, "GET", `/invoices/${made.invoiceId}`)).resData).toEqual(answer.resData);
  });

  it("offers only the chains named, and takes its expiry within the bounds", async () => {
    const m = await merchantWithApp();
    const made = openInvoice.parse(
      (await create(m.app, { orderId: "o-1", amount: "1", chains: ["devnet"], expiresInSeconds: 300 })).resData,
    );
    expect(made.addresses.map((a) => a.chain)).toEqual(["Devnet"]);
    // Bsc has its address too, watched only: money sent there is the invoice's all the same (flagged otherChain).
    expect((await invoiceAddresses()).map((r) => [r.chain_id, r.invoice_watch_only])).toEqual([
      [56, true],
      [31337, false],
    ]);
    expect((await send(m.app, "GET", `/invoices/${made.invoiceId}`)).resData.addresses).toHaveLength(1);
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(300_000);
    const tooShort = await create(m.app, { orderId: "o-2", amount: "1", expiresInSeconds: 299 });
    const tooLong = await create(m.app, {
      orderId: "o-2",
      amount: "1",
      expiresInSeconds: invoiceExpiry.maxSeconds + 1,
    });
    expect(tooShort).toMatchObject({ status: 400, errCode: errCodes.validation });
    expect(tooLong).toMatchObject({ status: 400, errCode: errCodes.validation });
  });

  it("answers the same invoice for the same order and request, and refuses another request for it (409, 2902)", async () => {
    const m = await merchantWithApp();
    const body = { orderId: "order-7", amount: "10", metadata: { a: "1", b: "2" } };
    const first = await create(m.app, body);
    // The same request, its metadata's keys in another order and its amount written another way.
    const again = await create(m.app, { ...body, amount: "10.000", metadata: { b: "2", a: "1" } });
    expect(again.resData).toEqual(first.resData);
    const other = await create(m.app, { ...body, amount: "11" });
    expect(other).toMatchObject({ status: 409, errCode: errCodes.invoiceOrderConflict, resData: null });
    expect(await invoiceRows()).toHaveLength(1);
    expect(await invoiceAddresses()).toHaveLength(2);
  });

  it("honours an Idempotency-Key: the same request once, another request under it refused (409, 2903)", async () => {
    const m = await merchantWithApp();
    const key = { "idempotency-key": "7c0e1b52-2f7e-4d6b-9d0a-3c4e5f607182" };
    const first = await create(m.app, { orderId: "order-8", amount: "3" }, key);
    expect((await create(m.app, { orderId: "order-8", amount: "3" }, key)).resData).toEqual(first.resData);
    expect(await create(m.app, { orderId: "order-9", amount: "3" }, key)).toMatchObject({
      status: 409,
      errCode: errCodes.invoiceKeyReused,
    });
    // Another application's same key is its own.
    const other = await seedApplication(h.db, { userId: m.userId });
    expect(await create(other, { orderId: "order-9", amount: "3" }, key)).toMatchObject({ success: true });
    expect(await invoiceRows()).toHaveLength(2);
  });

  onEither("racing creates of one order make one invoice and answer it to every one of them", async () => {
    const m = await merchantWithApp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => create(m.app, { orderId: "order-race", amount: "4.25" })),
    );
    const ids = new Set(answers.map((a) => (a.resData as { invoiceId: string }).invoiceId));
    expect(ids.size).toBe(1);
    expect(await invoiceRows()).toHaveLength(1);
    expect(await invoiceAddresses()).toHaveLength(2);
  });

  it("refuses bad input with its own errCode and stores nothing", async () => {
    const m = await merchantWithApp();
    const cases: Array<[object, string, number]> = [
      [{ orderId: "o", amount: "0" }, errCodes.invoiceBadAmount, 400],
      [{ orderId: "o", amount: "1.0000001" }, errCodes.invoiceBadAmount, 400],
      [{ orderId: "o", amount: "-1" }, errCodes.validation, 400],
      [{ orderId: "o", amount: 1 }, errCodes.validation, 400],
      [{ orderId: "with space", amount: "1" }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", chains: ["Tron"] }, errCodes.chainUnknown, 400],
      [{ orderId: "o", amount: "1", chains: ["Eth"] }, errCodes.openApiChainNoDeposits, 400],
      [{ orderId: "o", amount: "1", chains: [] }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", redirectUrl: "http://shop.example.com/" }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", redirectUrl: "https://user:pw@shop.example.com/" }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", customerEmail: "not-an-email" }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", description: "x".repeat(501) }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", metadata: { nested: { a: "b" } } }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", metadata: { "bad key": "v" } }, errCodes.validation, 400],
      [{ orderId: "o", amount: "1", metadata: { k: "v".repeat(257) } }, errCodes.validation, 400],
      [
        {
          orderId: "o",
          amount: "1",
          metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, "v"])),
        },
        errCodes.validation,
        400,
      ],
      [{ orderId: "o", amount: "1", surprise: true }, errCodes.validation, 400],
    ];
    for (const [body, errCode, status] of cases)
      expect(await create(m.app, body), JSON.stringify(body)).toMatchObject({ status, errCode, resData: null });
    expect(await invoiceRows()).toEqual([]);
    expect(await invoiceAddresses()).toEqual([]);
  });

  it("refuses a redirectUrl whose host is private or local, as a callback URL's (2907)", async () => {
    const m = await merchantWithApp();
    const post = (redirectUrl: string) => create(m.app, { orderId: "o-1", amount: "1", redirectUrl });
    for (const url of ["https://intranet.example/back", "https://127.0.0.1/back", "https://[::1]/back"])
      expect(await post(url), url).toMatchObject({ status: 400, errCode: errCodes.invoiceRedirectForbidden });
    expect(await invoiceRows()).toEqual([]);
    expect(await post("https://shop.example.com/back")).toMatchObject({ success: true });
  });

  it("needs an active package, and a chain whose USDT the merchant accepts", async () => {
    const m = await signedInMerchant(h, "nopackage@example.com");
    const app = await seedApplication(h.db, { userId: m.userId });
    expect(await create(app, { orderId: "o", amount: "1" })).toMatchObject({
      status: 403,
      errCode: errCodes.openApiNoPackage,
    });
    const paid = await merchantWithApp();
    for (const chainId of [56, 31337])
      await h.db
        .insertInto("merchant_currencies")
        .values({
          merchant_id: paid.userId,
          chain_id: String(chainId),
          token: configuredChain("x", chainId).tokens[0]!.address.toLowerCase(),
          accepted: chainId === 31337,
          changed_at: new Date(),
        })
        .execute();
    expect(await create(paid.app, { orderId: "o", amount: "1", chains: ["Bsc"] })).toMatchObject({
      status: 403,
      errCode: errCodes.openApiCurrencyOff,
    });
    const made = openInvoice.parse((await create(paid.app, { orderId: "o", amount: "1" })).resData);
    expect(
      made.addresses.map((a) => a.chain),
      "the default: the accepted chains only",
    ).toEqual(["Devnet"]);
    await h.db
      .updateTable("merchant_currencies")
      .set({ accepted: false })
      .where("merchant_id", "=", paid.userId)
      .execute();
    expect(await create(paid.app, { orderId: "o-2", amount: "1" })).toMatchObject({
      status: 403,
      errCode: errCodes.invoiceNoChains,
    });
    expect(await invoiceRows()).toHaveLength(1);
  });

  it("does not count invoice addresses against the package's wallet limit", async () => {
    const m = await merchantWithApp("trial@example.com", "trial");
    for (const orderId of ["o-1", "o-2", "o-3"])
      expect(await create(m.app, { orderId, amount: "1" })).toMatchObject({ success: true });
    const address = await send(m.app, "POST", "/deposit-addresses", { endUserId: "customer-1", chain: "Devnet" });
    expect(wireAddress.parse(address.resData).endUserId).toBe("customer-1");
    const usage = subscriptionResult.parse((await call(h, "subscription", { token: m.token })).resData).usage;
    expect(usage.wallets).toBe(1);
  });
});

describe(`GET ${openApiPrefix}/invoices`, () => {
  it("pages the application's invoices newest first, by status and orderId; its cursor is refused elsewhere", async () => {
    const m = await merchantWithApp();
    for (let i = 1; i <= 5; i++) {
      expect(await create(m.app, { orderId: `order-${i}`, amount: String(i) })).toMatchObject({ success: true });
      h.clock.advance(1);
    }
    const first = openInvoiceList.parse((await send(m.app, "GET", "/invoices?pageSize=2")).resData);
    expect(first.items.map((i) => i.orderId)).toEqual(["order-5", "order-4"]);
    expect(first.total).toBe(5);
    const second = openInvoiceList.parse(
      (await send(m.app, "GET", `/invoices?pageSize=2&cursor=${first.nextCursor}`)).resData,
    );
    expect(second.items.map((i) => i.orderId)).toEqual(["order-3", "order-2"]);
    expect(second.items[0]!.addresses).toHaveLength(2);
    const byOrder = openInvoiceList.parse((await send(m.app, "GET", "/invoices?orderId=order-2")).resData);
    expect(byOrder.items.map((i) => i.orderId)).toEqual(["order-2"]);
    const cancelled = byOrder.items[0]!.invoiceId;
    expect(await send(m.app, "POST", `/invoices/${cancelled}/cancel`)).toMatchObject({ success: true });
    const byStatus = openInvoiceList.parse((await send(m.app, "GET", "/invoices?status=cancelled")).resData);
    expect(byStatus.items.map((i) => i.invoiceId)).toEqual([cancelled]);
    // A cursor under other filters, a forged one, and the same merchant's other application's: all refused.
    const refused = { status: 400, errCode: errCodes.listCursorInvalid };
    expect(await send(m.app, "GET", `/invoices?status=new&cursor=${first.nextCursor}`)).toMatchObject(refused);
    expect(await send(m.app, "GET", `/invoices?cursor=${first.nextCursor!.slice(0, -4)}AAAA`)).toMatchObject(refused);
    const sibling = await seedApplication(h.db, { userId: m.userId });
    expect(await send(sibling, "GET", `/invoices?pageSize=2&cursor=${first.nextCursor}`)).toMatchObject(refused);
    expect(openInvoiceList.parse((await send(sibling, "GET", "/invoices")).resData).items).toEqual([]);
  });
});

describe(`POST ${openApiPrefix}/invoices/{invoiceId}/cancel`, () => {
  it("cancels a new invoice once; a cancelled one answers as it is; a paid-into or expired one is refused (2905)", async () => {
    const m = await merchantWithApp();
    const made = openInvoice.parse((await create(m.app, { orderId: "o-1", amount: "5" })).resData);
    const cancelled = await send(m.app, "POST", `/invoices/${made.invoiceId}/cancel`);
    expect(openInvoice.parse(cancelled.resData).status).toBe("cancelled");
    expect((await send(m.app, "POST", `/invoices/${made.invoiceId}/cancel`)).resData).toEqual(cancelled.resData);

    const received = openInvoice.parse((await create(m.app, { orderId: "o-2", amount: "5" })).resData);
    await h.db
      .updateTable("invoices")
      .set({ amount_received: "1" })
      .where("public_id", "=", received.invoiceId)
      .execute();
    expect(await send(m.app, "POST", `/invoices/${received.invoiceId}/cancel`)).toMatchObject({
      status: 409,
      errCode: errCodes.invoiceNotCancellable,
    });
    const paid = openInvoice.parse((await create(m.app, { orderId: "o-3", amount: "5" })).resData);
    await h.db.updateTable("invoices").set({ status: "processing" }).where("public_id", "=", paid.invoiceId).execute();
    expect(await send(m.app, "POST", `/invoices/${paid.invoiceId}/cancel`)).toMatchObject({
      status: 409,
      errCode: errCodes.invoiceNotCancellable,
    });
    const late = openInvoice.parse(
      (await create(m.app, { orderId: "o-4", amount: "5", expiresInSeconds: 300 })).resData,
    );
    await h.db
      .updateTable("invoices")
      .set({ expires_at: h.clock.now() })
      .where("public_id", "=", late.invoiceId)
      .execute();
    expect(await send(m.app, "POST", `/invoices/${late.invoiceId}/cancel`)).toMatchObject({
      status: 409,
      errCode: errCodes.invoiceNotCancellable,
    });
    const statuses = await h.db.selectFrom("invoices").select(["order_id", "status"]).orderBy("order_id").execute();
    expect(statuses.map((s) => s.status)).toEqual(["cancelled", "new", "processing", "new"]);
  });
});

describe("invoices across applications and merchants", () => {
  it("another application's or merchant's key never reads, lists or cancels an invoice (404, 2904), nor reuses its order", async () => {
    const a = await merchantWithApp("a@example.com");
    const b = await merchantWithApp("b@example.com");
    const sibling = await seedApplication(h.db, { userId: a.userId });
    const made = openInvoice.parse((await create(a.app, { orderId: "shared-order", amount: "9" })).resData);
    for (const other of [b.app, sibling]) {
      expect(await send(other, "GET", `/invoices/${made.invoiceId}`)).toMatchObject({
        status: 404,
        errCode: errCodes.invoiceNotFound,
        resData: null,
      });
      expect(await send(other, "POST", `/invoices/${made.invoiceId}/cancel`)).toMatchObject({
        status: 404,
        errCode: errCodes.invoiceNotFound,
      });
      expect(openInvoiceList.parse((await send(other, "GET", "/invoices?orderId=shared-order")).resData).items).toEqual(
        [],
      );
      // The same order id in another application is another invoice: orders are unique per application.
      const own = openInvoice.parse((await create(other, { orderId: "shared-order", amount: "1" })).resData);
      expect(own.invoiceId).not.toBe(made.invoiceId);
    }
    const mine = openInvoice.parse((await send(a.app, "GET", `/invoices/${made.invoiceId}`)).resData);
    expect(mine.status).toBe("new");
    expect(await send(a.app, "GET", "/invoices/AAAAAAAAAAAAAAAAAAAAAA")).toMatchObject({
      status: 404,
      errCode: errCodes.invoiceNotFound,
    });
    expect(await send(a.app, "GET", "/invoices/short")).toMatchObject({ status: 400, errCode: errCodes.validation });
  });
});
