import { randomUUID } from "node:crypto";
import type { Address } from "viem";
import { openApiClient } from "../../examples/open-api-client.ts";
import { tryProduct, type TryChain } from "./devnet.ts";
import type { SmtpSink } from "./smtp-sink.ts";

/** The checks `npm run deploy:try` makes through the proxy, as a merchant and a merchant's system would. */
const password = "Merchant7Pass";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Envelope {
  success: boolean;
  errCode: string;
  resData: unknown;
}

export async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      language: "en-US",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let envelope: Envelope;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    throw new Error(`POST ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  if (!envelope.success) throw new Error(`POST ${path} refused: ${response.status} ${text.slice(0, 500)}`);
  return envelope.resData as T;
}

export async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(250);
  }
}

async function mailedCode(
  base: string,
  mail: SmtpSink,
  body: Record<string, unknown>,
  token?: string,
): Promise<string> {
  const email = String(body.email);
  const seen = mail.countFor(email);
  await post(base, "/api/User/SentVerificationCode", body, token);
  return mail.codeFor(email, seen);
}

/** A sign-up through the proxy, its code read from the mail the server sent; answers the session's token. */
export async function signUp(base: string, mail: SmtpSink): Promise<{ email: string; token: string }> {
  const email = `deploy-try-${randomUUID().slice(0, 8)}@example.com`;
  const code = await mailedCode(base, mail, { email, type: "register" });
  await post(base, "/api/Register/Register", { email, code, password, repeatPassword: password });
  const { accessToken } = await post<{ accessToken: string }>(base, "/api/Login/Login", { email, password });
  return { email, token: accessToken };
}

/** The Basic package bought with a real transfer on the try's chain, then an application and its credentials. */
export async function paidApplication(
  base: string,
  mail: SmtpSink,
  chain: TryChain,
  who: { email: string; token: string },
) {
  const as = <T>(path: string, body: unknown = {}) => post<T>(base, path, body, who.token);
  const packages = await as<Array<{ id: string; code: string }>>("/api/Package/List");
  const basic = packages.find((p) => p.code === "basic");
  if (!basic) throw new Error(`no basic package among ${packages.map((p) => p.code).join(", ")}`);
  const order = await as<{ orderCode: string; amount: string }>("/api/Order/Create", { packageId: basic.id });
  const wallet = await as<{ address: Address }>(`/api/wallet/${tryProduct}Client/GetUserWallet`, { currency: "USDT" });
  await chain.pay(wallet.address, units(order.amount));
  await until(
    "the package order paid",
    async () => (await as<{ status: string }>("/api/Order/Detail", { orderCode: order.orderCode })).status === "paid",
    60_000,
  );
  const app = await as<{ appCode: string }>("/api/App/Add", {
    name: "Deploy try shop",
    address: "https://shop.example.com",
    rechargeCallbackUrl: "https://shop.example.com/recharge",
    withdrawCallbackUrl: "https://shop.example.com/withdraw",
  });
  // Signed-in purposes are mailed only to the account's own session.
  const code = await mailedCode(base, mail, { email: who.email, type: "application" }, who.token);
  const { proof } = await as<{ proof: string }>("/api/Register/CheckCaptchaCode", {
    email: who.email,
    code,
    type: "application",
    appCode: app.appCode,
    action: "credentials",
  });
  return as<{ appKey: string; appSecret: string }>("/api/App/Credentials", { appCode: app.appCode, proof });
}

/** USDT's 6 decimals, exactly. */
export function units(amount: string): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
}

/**
 * Through the open API (RFC 9421 signed by examples/open-api-client.ts): a deposit address, a transfer to it, the
 * balance up by exactly that once confirmed, and still exactly that 12 blocks later (credited once, not per instance).
 */
export async function depositCreditedOnce(
  base: string,
  chain: TryChain,
  credentials: { appKey: string; appSecret: string },
) {
  const client = openApiClient({ baseUrl: base, ...credentials });
  const created = await client.createDepositAddress({
    endUserId: `try-${randomUUID().slice(0, 8)}`,
    chain: tryProduct,
  });
  if (!created.success) throw new Error(`the signed open API refused a deposit address: ${JSON.stringify(created)}`);
  const balance = async () => {
    const answer = await client.balance();
    if (!answer.success) throw new Error(`the signed open API refused the balance: ${JSON.stringify(answer)}`);
    return units(answer.resData.balance);
  };
  const before = await balance();
  const amount = units("7.5");
  await chain.pay(created.resData.address as Address, amount);
  const paidAt = await chain.head();
  await until("the deposit credited", async () => (await balance()) !== before, 60_000);
  await until("12 more blocks", async () => (await chain.head()) >= paidAt + 12n, 60_000);
  const after = await balance();
  if (after - before !== amount) throw new Error(`the balance moved by ${after - before} units, not ${amount}`);
  return { address: created.resData.address, creditedUnits: String(after - before) };
}
