import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { invoiceMerchant } from "../../testing/invoice-chain.ts";
import { resetDatabase, testServerSecret } from "../../testing/seed.ts";
import { configuredChain } from "../../testing/stub-chain.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { notifyChannels } from "../platform/notify-channels.ts";
import { invoiceGroundOf } from "./invoice-ground.ts";
import { createInvoice, type InvoiceSettings, readInvoice } from "./open-api-invoices.ts";

// Runs on PGlite and on PostgreSQL: the invoice's NOTIFY is raised inside its one-statement write, and reaches PGlite's
// own LISTEN on one engine and a pool's dedicated client on the other (scripts/database-tests.ts).

let database: OpenedDatabase;
const heard: unknown[] = [];
let unlisten: () => Promise<void>;
beforeAll(async () => {
  database = await createTestDatabase();
  await resetDatabase(database.db);
  unlisten = await database.listen(notifyChannels.liveChanges, {
    onPayload: (payload) => heard.push(JSON.parse(payload)),
    onGap: () => {},
  });
});
afterAll(async () => {
  await unlisten?.();
  await database?.close();
});

const devnet = configuredChain("Devnet", 31337, { depositFactory: "0x5FbDB2315678afecb367f032d93F642f64180aa3" });
const bsc = configuredChain("Bsc", 56, { depositFactory: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512" });
const chains = [devnet, bsc];
const settings: InvoiceSettings = {
  chains,
  tokens: chains.map((c) => ({
    chainId: c.chainId,
    token: String(c.tokens[0]?.address).toLowerCase(),
    symbol: "USDT",
    product: c.product,
  })),
  callbackTargets: { allowPrivate: true, resolve: async () => [] },
  secret: testServerSecret,
  origin: "https://pay.example",
  now: new Date(),
};

describe("a new invoice written in one statement", () => {
  it("writes the invoice, an address per chain and its live change at once, and answers what reading it back answers", async () => {
    const { caller, userId } = await invoiceMerchant(database.db);
    const body = { orderId: "order-1", amount: "12.5", chains: ["Devnet"] };
    const made = await createInvoice(database.db, caller, body, undefined, settings);
    if (!made.ok) throw new Error(JSON.stringify(made));
    // The answer built from the rows written is the answer a read gives.
    expect(await readInvoice(database.db, caller, made.data.invoiceId, settings)).toEqual(made);
    expect(made.data.addresses.map((a) => a.chainId)).toEqual([31337]);
    const addresses = await database.db
      .selectFrom("deposit_addresses")
      .innerJoin("invoices", "invoices.id", "deposit_addresses.invoice_id")
      .select(["deposit_addresses.chain_id", "deposit_addresses.invoice_watch_only", "deposit_addresses.end_user_id"])
      .where("invoices.public_id", "=", made.data.invoiceId)
      .orderBy("deposit_addresses.chain_id")
      .execute();
    // The chain it does not offer is watched all the same.
    expect(addresses).toEqual([
      { chain_id: 56, invoice_watch_only: true, end_user_id: `invoice ${made.data.invoiceId}` },
      { chain_id: 31337, invoice_watch_only: false, end_user_id: `invoice ${made.data.invoiceId}` },
    ]);
    const change = { stream: "invoice", merchantId: userId, key: made.data.invoiceId };
    await vi.waitFor(() => expect(heard).toEqual([change]));

    // The same request again writes and raises nothing; the next new invoice's change is the only one after it.
    expect(await createInvoice(database.db, caller, body, undefined, settings)).toEqual(made);
    const next = await createInvoice(database.db, caller, { ...body, orderId: "order-2" }, undefined, settings);
    if (!next.ok) throw new Error(JSON.stringify(next));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard).toEqual([change, { ...change, key: next.data.invoiceId }]);
    expect(await database.db.selectFrom("invoices").select("order_id").orderBy("order_id").execute()).toEqual([
      { order_id: "order-1" },
      { order_id: "order-2" },
    ]);
  });
});

describe("a new invoice's round trips", () => {
  it("decides on one read and writes in one statement; the same request again is that one read", async () => {
    const { caller } = await invoiceMerchant(database.db, { email: "trips@example.com" });
    let statements = 0;
    const counted = database.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements++;
        return result;
      },
    });
    const body = { orderId: "trips-1", amount: "3", chains: ["Devnet"], metadata: { cart: "7" } };
    const made = await createInvoice(counted, caller, body, "trips-key", settings);
    if (!made.ok) throw new Error(JSON.stringify(made));
    expect(statements).toBe(2);
    // Answered from the same read, its addresses included, as reading it answers.
    expect(await createInvoice(counted, caller, body, "trips-key", settings)).toEqual(made);
    expect(statements).toBe(3);
    expect(await readInvoice(database.db, caller, made.data.invoiceId, settings)).toEqual(made);
    expect(await createInvoice(counted, caller, { ...body, amount: "4" }, undefined, settings)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(statements).toBe(4);
  });
});

describe("the read a new invoice is decided on", () => {
  it("is kept prepared on PostgreSQL's connection (parsed and planned once), and answers alike each time", async () => {
    const { caller } = await invoiceMerchant(database.db, { email: "prepared@example.com" });
    const { statements, grounds } = await database.db.transaction().execute(async (trx) => {
      const read = () => invoiceGroundOf(trx, caller, "prepared-1", "prepared-key");
      const grounds = [await read(), await read()];
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements
        where statement like '/* prepared */%or i.idempotency_key = $%'`.execute(trx);
      return { statements: rows[0]?.n, grounds };
    });
    // PGlite's driver names no statement: the mark is a comment there.
    expect(statements).toBe(database.engine && "connectionString" in database.engine ? 1 : 0);
    expect(grounds[1]).toEqual(grounds[0]);
    expect(grounds[0]).toMatchObject({ earlier: [], choices: [], pkg: { name: expect.any(String) } });
  });
});
