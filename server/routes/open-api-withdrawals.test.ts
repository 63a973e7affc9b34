import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signRequest } from "../../examples/open-api-client.ts";
import { openApiPrefix } from "../../contracts/open-api.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { openWithdrawal, openWithdrawalList } from "../../contracts/schemas/open-api.ts";
import { toAtto } from "../../contracts/money.ts";
import { walletOverview } from "../../contracts/schemas/wallet.ts";
import { call, createHarness, type Harness, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBalance, seedCode, seedWithdrawalAddress } from "../testing/seed.ts";
import { sendSigned } from "../testing/open-api-send.ts";
import { configuredChain, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * POST and GET /open/v1/withdrawals on a server that offers withdrawals (its rules given, as a server with a sender
 * is): the request is held or refused with its own errCode; an Idempotency-Key names one withdrawal. The sending itself
 * is domain/withdrawals/withdrawal-sender.test.ts's, on a real chain.
 */
const host = "pay.example";
// Another token configured before USDT on the chain: withdrawals are paid in USDT, what the balance holds.
const dai = { symbol: "DAI", address: privateKeyToAddress(generatePrivateKey()), decimals: 18 };
const usdt = configuredChain("Devnet", 31337).tokens[0]!;
const devnet = configuredChain("Devnet", 31337, { tokens: [dai, usdt] });
const token = usdt.address;
const treasury = privateKeyToAddress(generatePrivateKey());
let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    chain: stubChainLayer([devnet]),
    withdrawals: {
      tokens: [
        { chainId: 31337, address: dai.address, decimals: 18, fee: toAtto("1") },
        { chainId: 31337, address: token, decimals: 6, fee: toAtto("1") },
      ],
      dailyLimit: toAtto("1000"),
      forbidden: new Set([treasury.toLowerCase()]),
      addressCooldownSeconds: 0,
    },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

type App = Awaited<ReturnType<typeof seedApplication>>;

const send = (app: App, method: "GET" | "POST", path: string, body?: object, headers?: Record<string, string>) =>
  sendSigned(h, app, { method, path, body, headers });

const destination = privateKeyToAddress(generatePrivateKey());
/**
 * An address written without its checksum: anvil's tenth account lowercased, whose checksum has capitals. A random
 * address lowercased is its own checksum when no letter of it is capitalised (0x45907e28…04c6 was, in a clean-clone run).
 */
const notChecksummed = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";
const withdraw = (app: App, amount: string, headers: Record<string, string> = {}, to: string = destination) =>
  send(app, "POST", "/withdrawals", { chain: "devnet", to, amount }, headers);

/** A merchant with a balance, an application, and `destination` a usable entry of its address book. */
async function merchantWithBalance(email: string, amount: string) {
  const m = await signedInMerchant(h, email);
  await seedBalance(h.db, { userId: m.userId, amount });
  await seedWithdrawalAddress(h.db, { userId: m.userId, chainId: 31337, address: destination });
  return { ...m, app: await seedApplication(h.db, { userId: m.userId }) };
}

describe(`POST ${openApiPrefix}/withdrawals`, () => {
  it("holds amount and fee and answers the withdrawal, requested; GET reads it back", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const answer = await withdraw(m.app, "3.5");
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 200, success: true });
    const made = openWithdrawal.parse(answer.resData);
    expect(made).toMatchObject({ chain: "Devnet", chainId: 31337, to: destination, amount: "3.5", fee: "1" });
    expect(made.token.toLowerCase(), "paid in USDT, not the chain's first token").toBe(token.toLowerCase());
    expect(made.status).toBe("requested");
    const balance = await send(m.app, "GET", "/balance");
    expect(balance.resData).toEqual({ balance: "5.5", currency: "USDT" });
    expect(openWithdrawal.parse((await send(m.app, "GET", `/withdrawals/${made.id}`)).resData)).toEqual(made);
  });

  it("an Idempotency-Key sent again answers the same withdrawal and holds once; with another request it is refused (409)", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const key = { "idempotency-key": "order-7781" };
    const first = await withdraw(m.app, "2", key);
    const again = await withdraw(m.app, "2", key);
    expect(again.resData).toEqual(first.resData);
    expect((await send(m.app, "GET", "/balance")).resData.balance).toBe("7");
    expect(await withdraw(m.app, "3", key)).toMatchObject({ status: 409, errCode: errCodes.withdrawalKeyReused });
  });

  it("refuses bad input with its own errCode, holding nothing", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const cases: Array<[Promise<{ status: number; errCode: string }>, string, number]> = [
      [withdraw(m.app, "1", {}, notChecksummed), errCodes.withdrawalBadAddress, 400],
      [withdraw(m.app, "1", {}, treasury), errCodes.withdrawalOurAddress, 400],
      [withdraw(m.app, "1.0000001"), errCodes.withdrawalTooManyDecimals, 400],
      [withdraw(m.app, "0"), errCodes.withdrawalBadAmount, 400],
      [withdraw(m.app, "9.5"), errCodes.withdrawalOverBalance, 400],
      [
        send(m.app, "POST", "/withdrawals", { chain: "Tron", to: destination, amount: "1" }),
        errCodes.chainUnknown,
        400,
      ],
      [
        send(m.app, "POST", "/withdrawals", { chain: "devnet", to: destination, amount: "-1" }),
        errCodes.validation,
        400,
      ],
    ];
    for (const [answer, errCode, status] of cases) expect(await answer).toMatchObject({ errCode, status });
    expect((await send(m.app, "GET", "/balance")).resData.balance).toBe("10");
  });

  it("never reads another merchant's withdrawal (2809)", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const n = await merchantWithBalance("n@example.com", "10");
    const made = openWithdrawal.parse((await withdraw(m.app, "1")).resData);
    expect(await send(n.app, "GET", `/withdrawals/${made.id}`)).toMatchObject({
      status: 404,
      errCode: errCodes.withdrawalNotFound,
    });
    expect(await send(m.app, "GET", "/withdrawals/999999")).toMatchObject({ errCode: errCodes.withdrawalNotFound });
  });
});

describe("where an open-API withdrawal may go", () => {
  const stranger = () => privateKeyToAddress(generatePrivateKey());
  const heldOf = async (m: { userId: string }) =>
    (await h.db.selectFrom("withdrawals").select("id").where("merchant_id", "=", m.userId).execute()).length;
  /** The merchant's application with "any address" on up to `limit` a day, as the console's switch sets it. */
  const allowAnyAddress = (m: { app: App }, limit: string) =>
    h.db
      .updateTable("applications")
      .set({ withdraw_any_address_daily_limit: limit })
      .where("app_code", "=", m.app.appCode)
      .execute();

  it("refuses a destination that is not in the merchant's address book (2816, 403), holding nothing", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const other = await merchantWithBalance("n@example.com", "10");
    const theirs = stranger();
    await seedWithdrawalAddress(h.db, { userId: other.userId, chainId: 31337, address: theirs });
    const removed = stranger();
    const entry = await seedWithdrawalAddress(h.db, { userId: m.userId, chainId: 31337, address: removed });
    await h.db
      .updateTable("withdrawal_addresses")
      .set({ removed_at: new Date() })
      .where("id", "=", entry.addressId)
      .execute();
    const otherChain = stranger();
    await seedWithdrawalAddress(h.db, { userId: m.userId, chainId: 1, address: otherChain });
    for (const to of [stranger(), theirs, removed, otherChain])
      expect(await withdraw(m.app, "1", {}, to), to).toMatchObject({
        status: 403,
        success: false,
        errCode: errCodes.withdrawalDestinationNotInBook,
      });
    expect(await heldOf(m)).toBe(0);
    expect((await send(m.app, "GET", "/balance")).resData.balance).toBe("10");
  });

  it("refuses a book entry still cooling down (2813), holding nothing; pays it once usable", async () => {
    const m = await merchantWithBalance("w@example.com", "10");
    const fresh = stranger();
    await seedWithdrawalAddress(h.db, { userId: m.userId, chainId: 31337, address: fresh, coolingDown: true });
    expect(await withdraw(m.app, "1", {}, fresh)).toMatchObject({
      status: 403,
      errCode: errCodes.withdrawalAddressCoolingDown,
    });
    expect(await heldOf(m)).toBe(0);
    // The cool-down passed (usable_at is written only by an add, so the test moves it itself).
    await sql`update withdrawal_addresses set usable_at = now() where address = ${fresh}`.execute(h.db);
    expect(await withdraw(m.app, "1", {}, fresh)).toMatchObject({ status: 200, success: true, resData: { to: fresh } });
  });

  it("with the application's any-address limit set, pays outside the book up to it (2817 past it); the book stays unlimited by it", async () => {
    const m = await merchantWithBalance("w@example.com", "100");
    await allowAnyAddress(m, "10");
    expect(await withdraw(m.app, "6", {}, stranger())).toMatchObject({ status: 200, success: true });
    const failed = openWithdrawal.parse((await withdraw(m.app, "3", {}, stranger())).resData);
    await h.db.updateTable("withdrawals").set({ status: "failed" }).where("id", "=", failed.id).execute();
    expect(await withdraw(m.app, "4.5", {}, stranger()), "a failed one is not counted").toMatchObject({
      status: 400,
      errCode: errCodes.withdrawalAnyAddressOverLimit,
    });
    expect(await withdraw(m.app, "20"), "the book's destinations are not counted against it").toMatchObject({
      success: true,
    });
    expect(await withdraw(m.app, "4", {}, stranger()), "fees left out: 6 + 4 is the limit").toMatchObject({
      success: true,
    });
    expect(await withdraw(m.app, "0.01", {}, stranger())).toMatchObject({
      errCode: errCodes.withdrawalAnyAddressOverLimit,
    });
    // Another application of the merchant, without the switch, still pays only to the book.
    const plain = await seedApplication(h.db, { userId: m.userId });
    expect(await withdraw(plain, "1", {}, stranger())).toMatchObject({
      errCode: errCodes.withdrawalDestinationNotInBook,
    });
    // The merchant's own daily limit (1000) applies too.
    await allowAnyAddress(m, "5000");
    await seedBalance(h.db, { userId: m.userId, amount: "2000" });
    expect(await withdraw(m.app, "980", {}, stranger())).toMatchObject({ errCode: errCodes.withdrawalOverDailyLimit });
  });

  it("parallel requests outside the book cannot pass the any-address limit together", async () => {
    const m = await merchantWithBalance("w@example.com", "100");
    await allowAnyAddress(m, "10");
    const answers = await Promise.all(Array.from({ length: 6 }, () => withdraw(m.app, "3", {}, stranger())));
    expect(answers.filter((a) => a.success)).toHaveLength(3);
    for (const refused of answers.filter((a) => !a.success))
      expect(refused.errCode).toBe(errCodes.withdrawalAnyAddressOverLimit);
    expect(await heldOf(m)).toBe(3);
  });
});

describe(`GET ${openApiPrefix}/withdrawals`, () => {
  it("lists the merchant's withdrawals newest first, by status, a page at a time; another merchant's never", async () => {
    const m = await merchantWithBalance("w@example.com", "100");
    const n = await merchantWithBalance("n@example.com", "100");
    const ids: string[] = [];
    for (const amount of ["1", "2", "3"]) ids.push(openWithdrawal.parse((await withdraw(m.app, amount)).resData).id);
    await withdraw(n.app, "4");
    await h.db.updateTable("withdrawals").set({ status: "failed" }).where("id", "=", ids[0]!).execute();
    const list = openWithdrawalList.parse((await send(m.app, "GET", "/withdrawals")).resData);
    expect(list).toMatchObject({ total: 3, nextCursor: null });
    expect(list.items.map((w) => w.amount)).toEqual(["3", "2", "1"]);
    const failed = openWithdrawalList.parse((await send(m.app, "GET", "/withdrawals?status=failed")).resData);
    expect(failed.items.map((w) => w.id)).toEqual([ids[0]]);
    const first = openWithdrawalList.parse((await send(m.app, "GET", "/withdrawals?pageSize=2")).resData);
    const second = openWithdrawalList.parse(
      (await send(m.app, "GET", `/withdrawals?pageSize=2&cursor=${first.nextCursor}`)).resData,
    );
    expect([...first.items, ...second.items].map((w) => w.amount)).toEqual(["3", "2", "1"]);
    // A cursor is the merchant's and the list's own: another merchant's application cannot use it.
    expect(await send(n.app, "GET", `/withdrawals?pageSize=2&cursor=${first.nextCursor}`)).toMatchObject({
      status: 400,
      errCode: errCodes.listCursorInvalid,
    });
  });
});

describe("an application's auto-approve limit", () => {
  /** The merchant's application with a limit of 10, set as App/Edit would. */
  async function limitedApp() {
    const m = await merchantWithBalance("limit@example.com", "100");
    await h.db
      .updateTable("applications")
      .set({ withdraw_auto_approve_limit: "10" })
      .where("app_code", "=", m.app.appCode)
      .execute();
    return m;
  }
  const eventsOf = async (withdrawalId: string) =>
    (
      await h.db
        .selectFrom("callback_deliveries")
        .select(["event_type", "target"])
        .where("withdrawal_id", "=", withdrawalId)
        .orderBy("id")
        .execute()
    ).map((d) => `${d.event_type} → ${d.target}`);
  const held = async (m: { token: string }) =>
    walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData);

  it("sends what is within it; holds what is above it until the merchant approves it with the mailed code, and tells the application each time", async () => {
    const m = await limitedApp();
    const within = openWithdrawal.parse((await withdraw(m.app, "10")).resData);
    expect(within.status).toBe("requested");
    const above = openWithdrawal.parse((await withdraw(m.app, "10.5")).resData);
    expect(above.status).toBe("awaitingApproval");
    expect(await held(m)).toMatchObject({ available: "77.5", held: "22.5" });
    expect(await eventsOf(above.id)).toEqual(["withdrawal.awaitingApproval → withdraw"]);

    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const approve = (code: string) =>
      call(h, "approveWithdrawal", { token: m.token, body: { withdrawalId: above.id, code } });
    expect(await approve("000000")).toMatchObject({ success: false, errCode: errCodes.codeWrong });
    const approved = await approve("135790");
    expect(approved).toMatchObject({ success: true, resData: { id: above.id, status: "requested" } });
    expect(await eventsOf(above.id)).toEqual([
      "withdrawal.awaitingApproval → withdraw",
      "withdrawal.requested → withdraw",
    ]);
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "246802" });
    expect(
      await call(h, "approveWithdrawal", { token: m.token, body: { withdrawalId: above.id, code: "246802" } }),
    ).toMatchObject({ success: false, errCode: errCodes.withdrawalNotAwaitingApproval });
    expect(await call(h, "rejectWithdrawal", { token: m.token, body: { withdrawalId: within.id } })).toMatchObject({
      success: false,
      errCode: errCodes.withdrawalNotAwaitingApproval,
    });
    const kinds = await h.db
      .selectFrom("security_events")
      .select(["kind", "outcome"])
      .where("merchant_id", "=", m.userId)
      .where("kind", "=", "withdrawalApprove")
      .orderBy("id")
      .execute();
    expect(kinds.map((k) => k.outcome)).toEqual(["failure", "success"]);
  });

  it("approved and rejected at once: exactly one decision is taken, and the hold is sent or given back, never both", async () => {
    const m = await limitedApp();
    const above = openWithdrawal.parse((await withdraw(m.app, "40")).resData);
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const body = { withdrawalId: above.id };
    const answers = await Promise.all([
      call(h, "approveWithdrawal", { token: m.token, body: { ...body, code: "135790" } }),
      call(h, "rejectWithdrawal", { token: m.token, body }),
      call(h, "rejectWithdrawal", { token: m.token, body }),
    ]);
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    for (const refused of answers.filter((a) => !a.success))
      expect(refused.errCode).toBe(errCodes.withdrawalNotAwaitingApproval);
    const row = await h.db
      .selectFrom("withdrawals")
      .select("status")
      .where("id", "=", above.id)
      .executeTakeFirstOrThrow();
    expect(await held(m)).toEqual(
      expect.objectContaining(
        row.status === "failed" ? { available: "100", held: "0" } : { available: "59", held: "41" },
      ),
    );
    expect((await eventsOf(above.id)).length).toBe(2);
  });

  it("a rejected one fails and gives its amount and fee back once; the application is told it failed", async () => {
    const m = await limitedApp();
    const above = openWithdrawal.parse((await withdraw(m.app, "40")).resData);
    expect(await held(m)).toMatchObject({ available: "59", held: "41" });
    const rejected = await call(h, "rejectWithdrawal", { token: m.token, body: { withdrawalId: above.id } });
    expect(rejected).toMatchObject({
      success: true,
      resData: { status: "failed", failure: "rejected by the merchant" },
    });
    expect(await held(m)).toMatchObject({ available: "100", held: "0" });
    expect(await call(h, "rejectWithdrawal", { token: m.token, body: { withdrawalId: above.id } })).toMatchObject({
      success: false,
      errCode: errCodes.withdrawalNotAwaitingApproval,
    });
    expect(await held(m)).toMatchObject({ available: "100", held: "0" });
    expect(await eventsOf(above.id)).toEqual([
      "withdrawal.awaitingApproval → withdraw",
      "withdrawal.failed → withdraw",
    ]);
  });
});

describe("a server that sends no withdrawals", () => {
  it("refuses every request with 2810 and holds nothing", async () => {
    const plain = await createHarness({ chain: stubChainLayer([devnet]) });
    try {
      const m = await signedInMerchant(plain, "w@example.com");
      await seedBalance(plain.db, { userId: m.userId, amount: "10" });
      const app = await seedApplication(plain.db, { userId: m.userId });
      const body = JSON.stringify({ chain: "devnet", to: destination, amount: "1" });
      const request = await signRequest(
        { method: "POST", url: `http://${host}${openApiPrefix}/withdrawals`, headers: { host }, body },
        app,
      );
      const response = await plain.app.inject({
        method: "POST",
        url: `${openApiPrefix}/withdrawals`,
        headers: request.headers,
        payload: body,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errCode: errCodes.withdrawalsNotOffered });
      expect(await plain.db.selectFrom("withdrawals").select("id").execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
