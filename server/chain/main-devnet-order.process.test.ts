import { describe, expect, it } from "vitest";
import { mainStarter, mineBlocks, postToApi } from "../testing/devnet-main.ts";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { tempDirs } from "../testing/temp-dirs.ts";

const tempDir = tempDirs("mc-main-devnet-order-");
const startMain = mainStarter();

describe("node server/main.ts with the devnet: orders", { timeout: 120_000 }, () => {
  it("an order is paid from the dev wallet on the devnet the server started, seen and confirmed by its own watcher", async () => {
    const dataDir = await migratedDataDir(tempDir());
    const main = startMain(dataDir, { DEV_OUTBOX: "true", PASSWORD_HASH_COST: "test", ORDER_PAY_SECONDS: "600" });
    const base = await main.api;
    const post = (path: string, body: object = {}, token?: string) => postToApi(base, path, body, token);
    const email = "devnet-buyer@example.com";
    const password = "Merchant7Pass";
    expect((await post("/api/User/SentVerificationCode", { email, type: "register" })).success).toBe(true);
    const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${email}`)).json()) as {
      messages: Array<{ code: string }>;
    };
    const code = outbox.messages[0]!.code;
    expect((await post("/api/Register/Register", { email, code, password, repeatPassword: password })).success).toBe(
      true,
    );
    const token = (await post("/api/Login/Login", { email, password })).resData.accessToken as string;

    const chains = (await post("/api/Chain/List", {}, token)).resData;
    expect(chains.map((c) => [c.product, c.devnet, c.confirmations])).toEqual([["Devnet", true, 2]]);
    const wallet = (await post("/api/wallet/DevnetClient/GetUserWallet", { currency: "USDT" }, token)).resData;
    expect(wallet.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await post("/api/wallet/TronClient/GetUserWallet", {}, token)).toMatchObject({
      success: false,
      errCode: "2207",
    });
    const basic = (await post("/api/Package/List", {}, token)).resData.find((p) => p.code === "basic")!;
    const order = (await post("/api/Order/Create", { packageId: basic.id }, token)).resData;
    expect(Date.parse(order.expiresAt as string) - Date.parse(order.createdAt as string)).toBe(600_000);
    const sent = await post("/api/Chain/DevPay", { orderCode: order.orderCode, product: "Devnet" }, token);
    expect(sent.resData).toMatchObject({ amount: "29" });
    // Its two confirmations now rather than in two seconds of the devnet's own blocks.
    await mineBlocks(dataDir, 2);
    let detail: Record<string, unknown> = {};
    for (let i = 0; i < 100 && detail.status !== "paid"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      detail = (await post("/api/Order/Detail", { orderCode: order.orderCode }, token)).resData;
    }
    expect(detail).toMatchObject({
      status: "paid",
      payType: "chain",
      received: "29",
      transfers: [{ txHash: sent.resData.txHash, status: "confirmed", required: 2 }],
    });
    expect((await post("/api/Package/Current", {}, token)).resData).toMatchObject({
      active: true,
      package: { code: "basic" },
      // Paying for the package set up no wallet; the devnet's USDT is accepted by default (My currencies).
      usage: { wallets: 0, currencies: 1 },
    });
    main.child.kill("SIGTERM");
    expect(await main.exit).toBe(0);
  });
});
