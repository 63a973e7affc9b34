import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { balanceResult } from "../../contracts/schemas/balance.ts";
import { openApiClient } from "../../examples/open-api-client.ts";
import { tempDirs } from "../testing/temp-dirs.ts";

const repoRoot = join(import.meta.dirname, "../..");
const tempDir = tempDirs("mc-main-devnet-");
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

interface Main {
  child: ChildProcess;
  /** Resolves with the "Devnet (anvil): …" line once the server listens. */
  devnetLine: Promise<string>;
  /** The API's address once it listens. */
  api: Promise<string>;
  exit: Promise<number | null>;
}

/** `node server/main.ts` as `npm run serve` runs it, on its own data folder, API only, the devnet on any free port. */
function startMain(dataDir: string, env: Record<string, string> = {}): Main {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: "0",
      STATIC_DIR: "",
      DATABASE_URL: "",
      DEVNET_PORT: "0",
      NODE_ENV: "",
      CHAINS: "",
      DEVNET: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let text = "";
  const devnetLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      const line = /^Devnet \(anvil\): .*$/m.exec(text)?.[0];
      if (line) resolve(line);
    });
    child.stderr!.on("data", (chunk) => {
      text += chunk;
    });
    child.once("exit", () => reject(new Error(`the server stopped: ${text.slice(-2000)}`)));
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const api = devnetLine.then(() => /API on (http:\/\/\S+)/.exec(text)?.[1] ?? "");
  // Awaited only by the tests that need it; a server that stops early is reported through devnetLine.
  api.catch(() => {});
  return { child, devnetLine, api, exit };
}

const cli = (dataDir: string, ...args: string[]) =>
  promisify(execFile)(process.execPath, ["scripts/chain.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, CHAIN_RPC_URL: "", CHAIN_TOKEN: "" },
  });

const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe("node server/main.ts with the devnet", { timeout: 120_000 }, () => {
  it("starts anvil, deploys the token, prints the RPC URL and chain id, answers the CLI, and stops everything on SIGTERM", async () => {
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
    const main = startMain(tempDir(), { DEV_OUTBOX: "true", PASSWORD_HASH_COST: "test", ORDER_PAY_SECONDS: "600" });
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

  it("a deposit to an application's deposit address (made through the open API) is credited once by the server's own watcher, also across a kill -9", async () => {
    const dataDir = tempDir();
    // Five confirmations of one-second blocks: seconds in which a deposit is seen and not yet confirmed, to kill in.
    const env = { DEV_OUTBOX: "true", PASSWORD_HASH_COST: "test", ORDER_PAY_SECONDS: "600", DEVNET_CONFIRMATIONS: "5" };
    let main = startMain(dataDir, env);
    let base = await main.api;
    const post = async (path: string, body: object = {}, token?: string) => {
      const answer = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      const envelope = (await answer.json()) as {
        success: boolean;
        errCode: string;
        resData: Record<string, unknown> & Array<Record<string, unknown>>;
      };
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
    // A package first (applications need one): the basic one, paid from the dev wallet.
    const basic = (await post("/api/Package/List", {}, token)).find((p) => p.code === "basic")!;
    const order = await post("/api/Order/Create", { packageId: basic.id }, token);
    await post("/api/Chain/DevPay", { orderCode: order.orderCode, product: "Devnet" }, token);
    for (let i = 0; i < 100 && (await post("/api/Package/Current", {}, token)).active !== true; i++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const app = await post(
      "/api/App/Add",
      {
        name: "Devnet shop",
        address: "https://shop.example.com",
        rechargeCallbackUrl: "https://shop.example.com/recharge",
        withdrawCallbackUrl: "https://shop.example.com/withdraw",
      },
      token,
    );
    await post("/api/User/SentVerificationCode", { email, type: "application" });
    const { proof } = await post("/api/Register/CheckCaptchaCode", {
      email,
      code: await lastCode(email),
      type: "application",
      appCode: app.appCode,
      action: "credentials",
    });
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
    const paid = await cli(dataDir, "pay", "--to", address, "--amount", "12.5");
    const hash = /^tx (0x[0-9a-f]{64})/m.exec(paid.stdout)![1];
    await balanceOnceAt("12.5");
    const { entries } = balanceResult.parse(await post("/api/Account/Balance", {}, token));
    expect(entries.filter((e) => e.kind === "deposit").map((e) => e.txHash?.toLowerCase())).toEqual([hash]);

    // A second deposit, and the server killed once its bill is confirming (seen, not yet confirmed): after the restart
    // it is credited, once, and the first is not credited again.
    const second = await cli(dataDir, "pay", "--to", address, "--amount", "0.25");
    const secondHash = /^tx (0x[0-9a-f]{64})/m.exec(second.stdout)![1];
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
    await balanceOnceAt("12.75");
    const bills = await client().listBills({});
    expect(bills.resData.items.map((b) => [b.txHash, b.status, b.amount])).toEqual([
      [secondHash, "credited", "0.25"],
      [hash, "credited", "12.5"],
    ]);
    // Blocks keep coming (one a second): nothing more is credited while three more are mined and watched.
    const { rpcUrl } = JSON.parse(readFileSync(join(dataDir, "devnet", "devnet.json"), "utf8")) as { rpcUrl: string };
    const head = async () => {
      const answer = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      });
      return BigInt(((await answer.json()) as { result: string }).result);
    };
    const from = await head();
    while ((await head()) < from + 3n) await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await client().balance()).resData.balance).toBe("12.75");
    const after = balanceResult.parse(await post("/api/Account/Balance", {}, token));
    expect(after.entries.filter((e) => e.kind === "deposit")).toHaveLength(2);
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
