import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { alive, chainCli as cli, mainStarter, mineBlocks } from "../testing/devnet-main.ts";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { tempDirs } from "../testing/temp-dirs.ts";

// A deposit to an application's deposit address across a kill -9: main-devnet-deposit.process.test.ts.
const tempDir = tempDirs("mc-main-devnet-");
const startMain = mainStarter();

describe("node server/main.ts with the devnet", { timeout: 120_000 }, () => {
  it("starts anvil, deploys the token, prints the RPC URL and chain id, answers the CLI, and stops everything on SIGTERM", async () => {
    // An empty folder: the first start of all (initdb, the migrations, the devnet's deployments), which the other
    // process tests skip by starting on a copy of a migrated folder (server/testing/migrated-data-folder.ts).
    const dataDir = tempDir();
    const first = startMain(dataDir);
    const line = await first.devnetLine;
    expect(line).toMatch(/RPC http:\/\/127\.0\.0\.1:\d+, chain id 31337, USDT 0x[0-9a-fA-F]{40}, dev account 0x/);
    const facts = JSON.parse(readFileSync(join(dataDir, "devnet", "devnet.json"), "utf8"));
    expect(line).toContain(facts.rpcUrl);
    const anvilPid = Number(readFileSync(join(dataDir, "devnet", "anvil.pid"), "utf8"));

    const paid = await cli(dataDir, "pay", "--to", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "--amount", "12.5");
    expect(paid.stdout).toMatch(
      /^sent 12\.5 USDT from 0xf39F\w+ to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8\ntx 0x[0-9a-f]{64} in block \d+\n$/,
    );
    const status = await cli(dataDir, "status");
    expect(status.stdout).toContain(`token    USDT ${facts.token.address} (6 decimals)`);
    expect(status.stdout).toContain("dev      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266: 999999987.5 USDT");
    // The quarantined transfers are in the database, which the running server holds (PGlite): said, not waited on.
    expect(status.stdout).toMatch(
      /quarantined {2}unknown \(a server holds .*: stop it, or run both with DATABASE_URL\)/,
    );
    await expect(
      cli(dataDir, "pay", "--to", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "--amount", "0.1234567"),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("has 7 decimals; this token has 6"),
    });

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(alive(anvilPid)).toBe(false);

    // A normal restart keeps the chain: the same token, the payment still there.
    const second = startMain(dataDir);
    expect(await second.devnetLine).toContain(facts.token.address);
    expect((await cli(dataDir, "status")).stdout).toContain("999999987.5 USDT");
    // kill -9 of the server: anvil goes too (its guard sees the pipe close), having written its state.
    const secondAnvil = Number(readFileSync(join(dataDir, "devnet", "anvil.pid"), "utf8"));
    second.child.kill("SIGKILL");
    await second.exit;
    for (let i = 0; i < 100 && alive(secondAnvil); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(secondAnvil)).toBe(false);

    const third = startMain(dataDir);
    expect(await third.devnetLine).toContain(facts.token.address);
    expect((await cli(dataDir, "status")).stdout).toContain("999999987.5 USDT");
    third.child.kill("SIGTERM");
    expect(await third.exit).toBe(0);
  });

  it("an order is paid from the dev wallet on the devnet the server started, seen and confirmed by its own watcher", async () => {
    const dataDir = await migratedDataDir(tempDir());
    const main = startMain(dataDir, { DEV_OUTBOX: "true", PASSWORD_HASH_COST: "test", ORDER_PAY_SECONDS: "600" });
    const base = await main.api;
    const post = async (path: string, body: object = {}, token?: string) => {
      const answer = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await answer.json()) as {
        success: boolean;
        errCode: string;
        resData: Record<string, unknown> & Array<Record<string, unknown>>;
      };
    };
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
      // Paying for the package set up no wallet (issue 26).
      usage: { wallets: 0, currencies: 0 },
    });
    main.child.kill("SIGTERM");
    expect(await main.exit).toBe(0);
  });

  it("refuses ORDER_PAY_SECONDS outside a test server", async () => {
    const dataDir = join(tempDir(), "data");
    const main = startMain(dataDir, { ORDER_PAY_SECONDS: "60", DEV_OUTBOX: "" });
    await expect(main.devnetLine).rejects.toThrow(
      /Merchant Console cannot start: ORDER_PAY_SECONDS is for test servers/,
    );
    expect(await main.exit).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("refuses a bad chain setting before it touches the data folder", async () => {
    const dataDir = join(tempDir(), "data");
    const main = startMain(dataDir, { CHAINS: '[{"product":"Eth"}]' });
    await expect(main.devnetLine).rejects.toThrow(/Merchant Console cannot start: CHAINS\[0\]/);
    expect(await main.exit).toBe(1);
    expect(existsSync(dataDir)).toBe(false);
  });
});
