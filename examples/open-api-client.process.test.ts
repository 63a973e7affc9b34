import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errCodes } from "../contracts/schemas/envelope.ts";
import { applicationWithCredentials, callAsMerchant } from "../e2e/support/api.ts";
import { merchantSession } from "../e2e/support/session.ts";
import { devClients } from "../server/chain/deploy.ts";
import { depositSalt, depositSaltKey, forwarderFactoryAbi } from "../server/chain/deposit-forwarder.ts";
import { readDevnetFacts } from "../server/chain/devnet.ts";
import { loadServerSecret } from "../server/db/server-secret.ts";
import { mainStarter } from "../server/testing/devnet-main.ts";
import { migratedDataDir } from "../server/testing/migrated-data-folder.ts";
import { tempDirs } from "../server/testing/temp-dirs.ts";
import { invoiceEndUser } from "../server/domain/invoices/open-api-invoices.ts";
import { openApiClient } from "./open-api-client.ts";

/**
 * The example client against the reference server as a merchant runs it: `node server/main.ts` on the devnet (the
 * forwarder factory deployed at start), a merchant, package and application made through the console's API, the
 * credentials after the e-mail code, then the signed open-API calls.
 */
const tempDir = tempDirs("mc-open-api-");
const startMain = mainStarter();

/** The server on its own data folder, devnet on a free port, dev outbox on; its API address once it listens. */
const startServer = (dataDir: string): Promise<string> =>
  startMain(dataDir, { HOST: "127.0.0.1", DEV_OUTBOX: "true" }).api;

/** A merchant on the free trial with one application, and that application's credentials (after the e-mail code). */
async function merchantApplication(api: string) {
  const session = await merchantSession(api, "open-api");
  const accessToken = session.token;
  const as = <T>(path: string, body: unknown = {}) => callAsMerchant<T>(api, accessToken, path, body);
  const packages = await as<Array<{ id: string; kind: string }>>("/api/Package/List");
  const trial = packages.find((p) => p.kind === "trial");
  await as("/api/Order/Create", { packageId: trial!.id });
  return applicationWithCredentials(api, session, { name: "Example shop" });
}

describe("examples/open-api-client.ts against the reference server on the devnet", { timeout: 120_000 }, () => {
  it("creates a deposit address twice (the same one), reads it back, an invoice and reads it back, the balance and the bills (none yet); a wrong secret is refused", async () => {
    const dataDir = await migratedDataDir(join(tempDir(), "data"));
    const api = await startServer(dataDir);
    const credentials = await merchantApplication(api);
    const client = openApiClient({ baseUrl: api, appKey: credentials.appKey, appSecret: credentials.appSecret });

    const first = await client.createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
    expect(first, JSON.stringify(first)).toMatchObject({ success: true, errCode: errCodes.ok });
    expect(first.resData).toMatchObject({ endUserId: "customer-42", chain: "Devnet", appCode: credentials.appCode });
    expect(first.resData.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The devnet's factory, deployed at start, computes the same address on chain.
    const facts = readDevnetFacts(join(dataDir, "devnet"))!;
    const onChain = await devClients(facts.rpcUrl).public.readContract({
      address: facts.depositFactory,
      abi: forwarderFactoryAbi,
      functionName: "forwarderAddress",
      args: [depositSalt(depositSaltKey(loadServerSecret({ env: {}, dataDir })), credentials.appCode, "customer-42")],
    });
    expect(onChain).toBe(first.resData.address);
    const again = await client.createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
    expect(again.resData).toEqual(first.resData);
    expect(await client.depositAddress("customer-42", "Devnet")).toMatchObject({
      success: true,
      resData: first.resData,
    });
    // The trial allows one address: another end user is refused, naming the limit.
    expect(await client.createDepositAddress({ endUserId: "customer-43", chain: "Devnet" })).toMatchObject({
      errCode: errCodes.openApiWalletLimit,
    });
    // An invoice's addresses are not end customers' addresses: the trial's limit of one does not stop it.
    const invoice = await client.createInvoice({ orderId: "order-42", amount: "19.99", description: "A mug" });
    expect(invoice, JSON.stringify(invoice)).toMatchObject({ success: true, errCode: errCodes.ok });
    expect(invoice.resData).toMatchObject({ orderId: "order-42", status: "new", amount: "19.99", amountReceived: "0" });
    expect(invoice.resData.checkoutUrl).toBe(`${api}/pay/${invoice.resData.invoiceId}`);
    const [payTo] = invoice.resData.addresses;
    expect(payTo).toMatchObject({ chain: "Devnet", chainId: facts.chainId });
    const invoiceForwarder = await devClients(facts.rpcUrl).public.readContract({
      address: facts.depositFactory,
      abi: forwarderFactoryAbi,
      functionName: "forwarderAddress",
      args: [
        depositSalt(
          depositSaltKey(loadServerSecret({ env: {}, dataDir })),
          credentials.appCode,
          invoiceEndUser(invoice.resData.invoiceId),
        ),
      ],
    });
    expect(invoiceForwarder).toBe(payTo!.address);
    expect(await client.invoice(invoice.resData.invoiceId)).toMatchObject({ success: true, resData: invoice.resData });
    expect(await client.balance()).toEqual({
      success: true,
      errCode: errCodes.ok,
      errMsg: "",
      resData: { balance: "0", currency: "USDT" },
    });

    // No deposit has arrived: no bills yet, and a bill number the application has none of is not found.
    expect(await client.listBills({ endUserId: "customer-42", status: "credited", pageSize: 20 })).toEqual({
      success: true,
      errCode: errCodes.ok,
      errMsg: "",
      resData: { items: [], pageSize: 20, nextCursor: null, previousCursor: null, total: 0, totalCapped: false },
    });
    expect(await client.bill("2026010190000001")).toMatchObject({ success: false, errCode: errCodes.billNotFound });

    const wrong = openApiClient({ baseUrl: api, appKey: credentials.appKey, appSecret: "not-the-secret" });
    expect(await wrong.balance()).toMatchObject({ success: false, errCode: errCodes.openApiSignatureInvalid });
  });
});
