import { Webhook } from "standardwebhooks";
import { describe, expect, it, onTestFinished } from "vitest";
import { balanceResult } from "../../contracts/schemas/balance.ts";
import { payChainListResult } from "../../contracts/schemas/currencies.ts";
import { openApiClient } from "../../examples/open-api-client.ts";
import { encodeFunctionData } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { devnetPay, devnetRpc, mainStarter, mineBlocks, postToApi } from "../testing/devnet-main.ts";
import { erc20Abi } from "./token-abi.ts";
import { startCallbackReceiver } from "../testing/callback-receiver.ts";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { tempDirs } from "../testing/temp-dirs.ts";

const tempDir = tempDirs("mc-main-devnet-deposit-");
const startMain = mainStarter();
/**
 * The confirmations a devnet transfer needs here: thirty of the devnet's one-second blocks, so a deposit stays seen and
 * not yet confirmed (confirming, the moment to kill the server in) however slow the machine, until the test mines them
 * (mineBlocks) — it never waits a second per block.
 */
const confirmations = 30;

describe("node server/main.ts with the devnet: deposits", { timeout: 120_000 }, () => {
  it("a deposit to an application's deposit address (made through the open API) is credited once by the server's own watcher, also across a kill -9; swept, it pays a withdrawal asked through the open API, once, each of its changes called back signed to the withdraw callback URL", async () => {
    const receiver = await startCallbackReceiver();
    onTestFinished(() => receiver.stop());
    const dataDir = await migratedDataDir(tempDir());
    const env = {
      DEV_OUTBOX: "true",
      PASSWORD_HASH_COST: "test",
      ORDER_PAY_SECONDS: "600",
      DEVNET_CONFIRMATIONS: String(confirmations),
      // Deposits swept and withdrawals sent within seconds, not the production pauses.
      COLLECTION_INTERVAL_SECONDS: "1",
      COLLECTION_THRESHOLD: "1",
      WITHDRAWAL_INTERVAL_SECONDS: "1",
      // The destination put in the address book is usable at once.
      WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS: "0",
    };
    let main = startMain(dataDir, env);
    let base = await main.api;
    const post = async (path: string, body: object = {}, token?: string) => {
      const envelope = await postToApi(base, path, body, token);
      if (!envelope.success) throw new Error(`${path} refused: ${JSON.stringify(envelope)}`);
      return envelope.resData;
    };
    /** The newest code mailed to `email` (the dev outbox lists newest first). */
    const lastCode = async (email: string) => {
      const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${email}`)).json()) as {
        messages: Array<{ code: string }>;
      };
      return outbox.messages[0]!.code;
    };
    const email = "devnet-shop@example.com";
    const password = "Merchant7Pass";
    await post("/api/User/SentVerificationCode", { email, type: "register" });
    await post("/api/Register/Register", { email, code: await lastCode(email), password, repeatPassword: password });
    const token = (await post("/api/Login/Login", { email, password })).accessToken as string;
    const chains = await post("/api/Chain/List", {}, token);
    expect(chains.map((c) => [c.product, c.devnet, c.confirmations])).toEqual([["Devnet", true, confirmations]]);
    const wallet = await post("/api/wallet/DevnetClient/GetUserWallet", { currency: "USDT" }, token);
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await postToApi(base, "/api/wallet/TronClient/GetUserWallet", {}, token)).toMatchObject({
      success: false,
      errCode: "2207",
    });
    // A package first (applications need one): the basic one, an order paid from the dev wallet on the devnet the
    // server started, seen and confirmed by its own watcher.
    const basic = (await post("/api/Package/List", {}, token)).find((p) => p.code === "basic")!;
    const order = await post("/api/Order/Create", { packageId: basic.id }, token);
    expect(Date.parse(order.expiresAt as string) - Date.parse(order.createdAt as string)).toBe(600_000);
    const sent = await post("/api/Chain/DevPay", { orderCode: order.orderCode, product: "Devnet" }, token);
    expect(sent).toMatchObject({ amount: "29" });
    await mineBlocks(dataDir, confirmations);
    let detail: Record<string, unknown> = {};
    for (let i = 0; i < 100 && detail.status !== "paid"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      detail = await post("/api/Order/Detail", { orderCode: order.orderCode }, token);
    }
    expect(detail).toMatchObject({
      status: "paid",
      payType: "chain",
      received: "29",
      transfers: [{ txHash: sent.txHash, status: "confirmed", required: confirmations }],
    });
    expect(await post("/api/Package/Current", {}, token)).toMatchObject({
      active: true,
      package: { code: "basic" },
      // Paying for the package set up no wallet; the devnet's USDT is accepted by default (My currencies).
      usage: { wallets: 0, currencies: 1 },
    });
    const app = await post(
      "/api/App/Add",
      {
        name: "Devnet shop",
        address: "https://shop.example.com",
        rechargeCallbackUrl: receiver.urlFor("/recharge"),
        withdrawCallbackUrl: receiver.urlFor("/withdraw"),
      },
      token,
    );
    await post("/api/User/SentVerificationCode", { email, type: "application" }, token);
    const { proof } = await post(
      "/api/Register/CheckCaptchaCode",
      {
        email,
        code: await lastCode(email),
        type: "application",
        appCode: app.appCode,
        action: "credentials",
      },
      token,
    );
    const credentials = await post("/api/App/Credentials", { appCode: app.appCode, proof }, token);
    const [appKey, appSecret] = [String(credentials.appKey), String(credentials.appSecret)];
    const client = () => openApiClient({ baseUrl: base, appKey, appSecret });
    const made = await client().createDepositAddress({ endUserId: "customer-42", chain: "Devnet" });
    expect(made).toMatchObject({ success: true, resData: { endUserId: "customer-42", chainId: 31337 } });
    const address = made.resData.address;

    const balanceOnceAt = async (amount: string) => {
      let balance = "";
      for (let i = 0; i < 150 && balance !== amount; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        balance = (await client().balance()).resData.balance;
      }
      expect(balance).toBe(amount);
    };
    const hash = await devnetPay(dataDir, address, "12.5");
    await mineBlocks(dataDir, confirmations);
    await balanceOnceAt("12.5");
    const { entries } = balanceResult.parse(await post("/api/Account/Balance", {}, token));
    expect(entries.filter((e) => e.kind === "deposit").map((e) => e.txHash?.toLowerCase())).toEqual([hash]);

    // A second deposit, and the server killed once its bill is confirming (seen, not yet confirmed): after the restart
    // it is credited, once, and the first is not credited again.
    const secondHash = await devnetPay(dataDir, address, "0.25");
    let seenStatus = "";
    for (let i = 0; i < 100 && seenStatus !== "confirming"; i++) {
      const bills = await client().listBills({});
      seenStatus = bills.resData.items.find((b) => b.txHash === secondHash)?.status ?? "";
      if (seenStatus !== "confirming") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seenStatus).toBe("confirming");
    main.child.kill("SIGKILL");
    await main.exit;
    main = startMain(dataDir, env);
    base = await main.api;
    await mineBlocks(dataDir, confirmations);
    await balanceOnceAt("12.75");
    const bills = await client().listBills({});
    expect(bills.resData.items.map((b) => [b.txHash, b.status, b.amount])).toEqual([
      [secondHash, "credited", "0.25"],
      [hash, "credited", "12.5"],
    ]);
    // Blocks keep coming: nothing more is credited while the watcher goes on past them. It has, once a third deposit,
    // paid after three more blocks, is credited: the balance then holds the three deposits, each once.
    await mineBlocks(dataDir, 3);
    const thirdHash = await devnetPay(dataDir, address, "0.01");
    await mineBlocks(dataDir, confirmations);
    await balanceOnceAt("12.76");
    const after = balanceResult.parse(await post("/api/Account/Balance", {}, token));
    expect(after.entries.filter((e) => e.kind === "deposit").map((e) => e.txHash?.toLowerCase())).toEqual([
      thirdHash,
      secondHash,
      hash,
    ]);

    // Money out: a withdrawal through the open API is held at once, then sent from the treasury by the server's own
    // sender once the collector has swept enough there (COLLECTION_THRESHOLD 1: the first deposit, at least), and paid
    // once it has its confirmations.
    const destination = privateKeyToAddress(generatePrivateKey());
    // The open API pays only destinations of the merchant's address book, added in the console with the mailed code.
    await post("/api/User/SentVerificationCode", { email, type: "withdrawal" }, token);
    await post(
      "/api/Wallet/AddAddress",
      { chain: "Devnet", address: destination, label: "Payouts", code: await lastCode(email) },
      token,
    );
    const asked = await client().createWithdrawal({ chain: "Devnet", to: destination, amount: "5" }, "payout-1");
    expect(asked, JSON.stringify(asked)).toMatchObject({ success: true, resData: { status: "requested", fee: "1" } });
    // The same key answers the same withdrawal as it is now: the server's sender may have signed it in between.
    const again = (await client().createWithdrawal({ chain: "Devnet", to: destination, amount: "5" }, "payout-1"))
      .resData;
    const { status: _askedStatus, txHash: _askedHash, waiting: _askedWaiting, ...askedFacts } = asked.resData;
    expect(again).toMatchObject(askedFacts);
    expect(["requested", "signed", "broadcast", "confirmed"]).toContain(again.status);
    await balanceOnceAt("6.76");
    let status = "";
    for (let i = 0; i < 150 && status !== "confirmed"; i++) {
      await mineBlocks(dataDir, confirmations);
      status = (await client().withdrawal(asked.resData.id)).resData.status;
      if (status !== "confirmed") await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe("confirmed");
    // On chain, the destination holds exactly the amount: paid once.
    const [devnetChain] = payChainListResult.parse(await post("/api/Chain/List", {}, token));
    const held = await devnetRpc(dataDir, "eth_call", [
      {
        to: devnetChain!.token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [destination] }),
      },
      "latest",
    ]);
    expect(BigInt(held as string)).toBe(5_000_000n);
    await balanceOnceAt("6.76");
    // Each change of the withdrawal reached the withdraw callback URL, signed with the application's webhook secret.
    const withdrawCallbacks = () => receiver.received.filter((r) => r.path === "/withdraw");
    for (let i = 0; i < 150 && withdrawCallbacks().length < 4; i++) await new Promise((r) => setTimeout(r, 100));
    const told = withdrawCallbacks().map((sent) => {
      const headers = Object.fromEntries(Object.entries(sent.headers).map(([k, v]) => [k, String(v)]));
      const event = new Webhook(String(credentials.webhookSecret)).verify(sent.body.toString(), headers) as {
        type: string;
        data: { id: string; status: string; txHash: string | null };
      };
      expect(event.data.id).toBe(asked.resData.id);
      return [event.type, event.data.status, event.data.txHash !== null];
    });
    expect(told.sort()).toEqual([
      ["withdrawal.broadcast", "broadcast", false],
      ["withdrawal.confirmed", "confirmed", true],
      ["withdrawal.requested", "requested", false],
      ["withdrawal.signed", "signed", false],
    ]);
    main.child.kill("SIGTERM");
    expect(await main.exit).toBe(0);
  });
});
