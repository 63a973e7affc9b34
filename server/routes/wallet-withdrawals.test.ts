import { sql } from "kysely";
import { getAddress } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import {
  walletOverview,
  withdrawalAddress,
  withdrawalAddressList,
  withdrawalListResult,
} from "../../contracts/schemas/wallet.ts";
import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { withdrawalExportTable } from "../../contracts/exports/withdrawals.ts";
import { labelledRowOf } from "../testing/csv-rows.ts";
import {
  call,
  createHarness,
  type Harness,
  type Merchant,
  reset,
  rowCounts,
  signedInMerchant,
} from "../testing/harness.ts";
import { seedApplication, seedBalance, seedCode, seedTotp, seedWithdrawal, testTotpCode } from "../testing/seed.ts";
import { type StubChainLayer, stubChainLayer } from "../testing/stub-chain.ts";

/** My wallet's address book and withdrawals asked in the console. */
let h: Harness;
let chain: StubChainLayer;
const atto = 10n ** 18n;
const cooldownSeconds = 3600;
/** A treasury: never a destination. */
const treasury = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const destination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";

beforeAll(async () => {
  chain = stubChainLayer();
  const tokens = chain.chains.flatMap((c) =>
    c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: atto })),
  );
  const forbidden = new Set([treasury.toLowerCase()]);
  h = await createHarness({
    chain,
    withdrawals: { tokens, dailyLimit: 50n * atto, forbidden, addressCooldownSeconds: cooldownSeconds },
  });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

/** Wallet/AddAddress with its proof: `code` as given, or a fresh mailed code seeded for it. */
async function add(
  m: Merchant,
  address = destination,
  label = "Cold wallet",
  product = "Devnet",
  proof: { code?: string; totpCode?: string } = {},
) {
  const code = proof.code ?? "246810";
  if (proof.code === undefined) await seedCode(h.db, { email: m.email, purpose: "withdrawal", code });
  return call(h, "addAddress", { token: m.token, body: { chain: product, address, label, ...proof, code } });
}
const liveCodes = async (m: Merchant) =>
  (
    await h.db
      .selectFrom("verification_codes")
      .select("id")
      .where("email", "=", m.email)
      .where("purpose", "=", "withdrawal")
      .where("used_at", "is", null)
      .execute()
  ).length;
const withdraw = (m: Merchant, body: Record<string, unknown>) => call(h, "withdraw", { token: m.token, body });
const securityKinds = async (m: Merchant) =>
  (
    await h.db
      .selectFrom("security_events")
      .select(["kind", "outcome"])
      .where("merchant_id", "=", m.userId)
      .orderBy("id")
      .execute()
  ).filter((e) => e.kind !== "signIn");
/** The destination's cool-down over, as if it had been added two hours ago (the session would not outlive a jump of the clock). */
const cooledDown = (id: string) =>
  sql`update withdrawal_addresses set created_at = created_at - interval '2 hours',
    usable_at = usable_at - interval '2 hours' where id = ${id}`.execute(h.db);
const refusedWith = (code: string) => ({ status: 200, success: false, errCode: code, resData: null });

/** A merchant with `balance` USDT and a destination whose cool-down is over. */
async function readyMerchant(balance = "100") {
  const m = await signedInMerchant(h);
  await seedBalance(h.db, { userId: m.userId, amount: balance });
  const addressId = withdrawalAddress.parse((await add(m)).resData).id;
  await cooledDown(addressId);
  return { m, addressId };
}

describe("the withdrawal address book", () => {
  it("adds a destination usable after the cool-down, logged and mailed to the merchant, and lists it", async () => {
    const m = await signedInMerchant(h);
    const added = await add(m);
    expect(added).toMatchObject({ status: 200, success: true });
    const row = withdrawalAddress.parse(added.resData);
    expect(row).toMatchObject({ chain: "Devnet", address: destination, label: "Cold wallet", usable: false });
    expect(Date.parse(row.usableAt) - Date.parse(row.createdAt)).toBe(cooldownSeconds * 1000);
    expect(await securityKinds(m)).toEqual([{ kind: "withdrawalAddressAdd", outcome: "success" }]);
    const mail = h.mails.at(-1);
    expect(mail?.to).toBe(m.email);
    expect(mail?.text).toContain(destination);

    const listed = withdrawalAddressList.parse((await call(h, "addresses", { token: m.token })).resData);
    expect(listed).toEqual({ items: [row], cooldownSeconds });
    await cooledDown(row.id);
    const later = withdrawalAddressList.parse((await call(h, "addresses", { token: m.token })).resData);
    expect(later.items[0]?.usable).toBe(true);
  });

  it("refuses an unknown chain, a non-checksummed address, the service's own, a duplicate and a full book, writing nothing", async () => {
    const m = await signedInMerchant(h);
    expect(await add(m)).toMatchObject({ success: true });
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const p = { code: "135790" };
    const before = await rowCounts(h.db);
    expect(await add(m, destination, "x", "Tron", p)).toMatchObject(refusedWith(errCodes.chainUnknown));
    expect(await add(m, destination.toLowerCase(), "x", "Devnet", p)).toMatchObject(
      refusedWith(errCodes.withdrawalBadAddress),
    );
    expect(await add(m, treasury, "x", "Devnet", p)).toMatchObject(refusedWith(errCodes.withdrawalOurAddress));
    expect(await add(m, destination, "again", "Devnet", p)).toMatchObject(
      refusedWith(errCodes.withdrawalAddressExists),
    );
    expect(await add(m, "0x12", "x", "Devnet", p)).toMatchObject({ status: 400, errCode: errCodes.validation });
    expect(await rowCounts(h.db)).toEqual(before);
    // The same address on another chain is another destination.
    expect(await add(m, destination, "On Eth", "Eth", p)).toMatchObject({ success: true });
  });

  it("adds only with the code mailed for it: none refused, a wrong one counted and logged, nothing added; the right one is spent", async () => {
    const m = await signedInMerchant(h);
    const before = await rowCounts(h.db);
    const body = { chain: "Devnet", address: destination, label: "Cold wallet" };
    expect(await call(h, "addAddress", { token: m.token, body })).toMatchObject({
      status: 400,
      errCode: errCodes.validation,
    });
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    expect(await add(m, destination, "Cold wallet", "Devnet", { code: "000000" })).toMatchObject(
      refusedWith(errCodes.codeWrong),
    );
    const tried = await h.db
      .selectFrom("verification_codes")
      .select(["attempts", "stranger_attempts"])
      .where("email", "=", m.email)
      .execute();
    expect(tried.map((c) => c.attempts + c.stranger_attempts)).toEqual([1]);
    expect(await securityKinds(m)).toEqual([{ kind: "withdrawalAddressAdd", outcome: "failure" }]);
    expect(await h.db.selectFrom("withdrawal_addresses").select("id").execute()).toEqual([]);
    const mails = h.mails.length;
    expect(await add(m, destination, "Cold wallet", "Devnet", { code: "135790" })).toMatchObject({ success: true });
    expect(await liveCodes(m)).toBe(0);
    expect(h.mails.length).toBe(mails + 1);
    expect((await securityKinds(m)).at(-1)).toEqual({ kind: "withdrawalAddressAdd", outcome: "success" });
    expect((await rowCounts(h.db)).withdrawal_addresses).toBe((before.withdrawal_addresses ?? 0) + 1);
  });

  it("leaves the code usable when the add itself is refused (duplicate, the service's own address, a full book)", async () => {
    const m = await signedInMerchant(h);
    expect(await add(m)).toMatchObject({ success: true });
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const proof = { code: "135790" };
    expect(await add(m, destination, "again", "Devnet", proof)).toMatchObject(
      refusedWith(errCodes.withdrawalAddressExists),
    );
    expect(await add(m, treasury, "x", "Devnet", proof)).toMatchObject(refusedWith(errCodes.withdrawalOurAddress));
    expect(await liveCodes(m)).toBe(1);
    expect(await add(m, destination, "On Eth", "Eth", proof)).toMatchObject({ success: true });
    expect(await liveCodes(m)).toBe(0);
  });

  it("asks for the authenticator's code when two-factor is on, and refuses a wrong one, adding nothing", async () => {
    const m = await signedInMerchant(h);
    await seedTotp(h.db, { userId: m.userId });
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    expect(await add(m, destination, "x", "Devnet", { code: "135790" })).toMatchObject(
      refusedWith(errCodes.twoFactorRequired),
    );
    const wrong = testTotpCode(new Date(Date.now() - 10 * 60_000));
    expect(await add(m, destination, "x", "Devnet", { code: "135790", totpCode: wrong })).toMatchObject({
      success: false,
      errCode: errCodes.twoFactorCodeWrong,
    });
    expect(await h.db.selectFrom("withdrawal_addresses").select("id").execute()).toEqual([]);
    const right = testTotpCode(h.clock.now());
    expect(await add(m, destination, "x", "Devnet", { code: "135790", totpCode: right })).toMatchObject({
      success: true,
    });
  });

  it("holds at most 20 destinations", async () => {
    const m = await signedInMerchant(h);
    const rows = Array.from({ length: 20 }, (_, i) => ({
      merchant_id: m.userId,
      chain_id: 1,
      address: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      label: `Seeded ${i}`,
      created_at: new Date(),
      usable_at: new Date(),
    }));
    await h.db.insertInto("withdrawal_addresses").values(rows).execute();
    expect(await add(m)).toMatchObject(refusedWith(errCodes.withdrawalAddressBookFull));
  });

  it("racing adds agree: one destination for one address, one add for one code, and never more than 20 in the book", async () => {
    const m = await signedInMerchant(h);
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "111111" });
    const same = await Promise.all(
      Array.from({ length: 10 }, () => add(m, destination, "x", "Devnet", { code: "111111" })),
    );
    expect(same.filter((a) => a.success)).toHaveLength(1);
    // Refused as a duplicate, or, checked after the winner spent the code, as a wrong or spent one.
    const spent: string[] = [errCodes.codeWrong, errCodes.codeExpired];
    for (const refused of same.filter((a) => !a.success))
      expect([errCodes.withdrawalAddressExists, ...spent]).toContain(refused.errCode);
    // 18 more (19 in the book), then six different ones at once with one code: one fits, and the code it spends
    // closes the others (or the book, full by then, refuses them).
    const seeded = Array.from({ length: 18 }, (_, i) => ({
      merchant_id: m.userId,
      chain_id: 1,
      address: `0x${(i + 1).toString(16).padStart(40, "0")}`,
      label: `Seeded ${i}`,
      created_at: new Date(),
      usable_at: new Date(),
    }));
    await h.db.insertInto("withdrawal_addresses").values(seeded).execute();
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "222222" });
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        add(m, getAddress(`0x${(i + 0xab00).toString(16).padStart(40, "0")}`), "x", "Devnet", { code: "222222" }),
      ),
    );
    expect(others.filter((a) => a.success)).toHaveLength(1);
    for (const refused of others.filter((a) => !a.success))
      expect([errCodes.withdrawalAddressBookFull, ...spent]).toContain(refused.errCode);
    const live = await h.db
      .selectFrom("withdrawal_addresses")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("merchant_id", "=", m.userId)
      .where("removed_at", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(20);
  });

  it("removes a destination once: it is gone from the list and can no longer receive", async () => {
    const { m, addressId } = await readyMerchant();
    expect(await call(h, "removeAddress", { token: m.token, body: { id: addressId } })).toMatchObject({
      success: true,
    });
    expect(await call(h, "removeAddress", { token: m.token, body: { id: addressId } })).toMatchObject(
      refusedWith(errCodes.withdrawalAddressNotFound),
    );
    expect(withdrawalAddressList.parse((await call(h, "addresses", { token: m.token })).resData).items).toEqual([]);
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "111222" });
    expect(await withdraw(m, { addressId, amount: "1", code: "111222" })).toMatchObject(
      refusedWith(errCodes.withdrawalAddressNotFound),
    );
    // Added again, it waits its cool-down again.
    expect(withdrawalAddress.parse((await add(m)).resData).usable).toBe(false);
  });
});

describe("Wallet/Withdraw", () => {
  it("holds amount and fee for a usable destination with the mailed code, which it spends; the overview shows it", async () => {
    const { m, addressId } = await readyMerchant();
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const answer = await withdraw(m, { addressId, amount: "12.5", code: "135790" });
    expect(answer).toMatchObject({ status: 200, success: true });
    expect(answer.resData).toMatchObject({ to: destination, amount: "12.5", fee: "1", status: "requested" });
    const overview = walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData);
    expect(overview).toMatchObject({
      available: "86.5",
      held: "13.5",
      dailyLimit: "50",
      dailyLeft: "37.5",
      secondFactorOn: false,
    });
    expect(overview.chains.map((c) => [c.chain, c.fee])).toEqual([
      ["Devnet", "1"],
      ["Eth", "1"],
    ]);
    expect(await withdraw(m, { addressId, amount: "1", code: "135790" })).toMatchObject({ success: false });
    expect((await securityKinds(m)).map((e) => e.kind)).toContain("withdrawalRequest");
  });

  it("refuses a destination still cooling down, and a wrong code, holding nothing", async () => {
    const m = await signedInMerchant(h);
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    const addressId = withdrawalAddress.parse((await add(m)).resData).id;
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    expect(await withdraw(m, { addressId, amount: "5", code: "135790" })).toMatchObject(
      refusedWith(errCodes.withdrawalAddressCoolingDown),
    );
    await cooledDown(addressId);
    expect(await withdraw(m, { addressId, amount: "5", code: "000000" })).toMatchObject({
      success: false,
      errCode: errCodes.codeWrong,
    });
    expect(await h.db.selectFrom("withdrawals").selectAll().execute()).toEqual([]);
    expect(walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData).available).toBe("100");
  });

  it("leaves the code usable when the withdrawal itself is refused (over the balance, the day's limit, decimals)", async () => {
    const { m, addressId } = await readyMerchant("20");
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const code = "135790";
    expect(await withdraw(m, { addressId, amount: "19.5", code })).toMatchObject(
      refusedWith(errCodes.withdrawalOverBalance),
    );
    expect(await withdraw(m, { addressId, amount: "0", code })).toMatchObject(
      refusedWith(errCodes.withdrawalBadAmount),
    );
    await seedBalance(h.db, { userId: m.userId, amount: "100" });
    expect(await withdraw(m, { addressId, amount: "50.5", code })).toMatchObject(
      refusedWith(errCodes.withdrawalOverDailyLimit),
    );
    expect(await withdraw(m, { addressId, amount: "18", code })).toMatchObject({ success: true });
  });

  it("asks for the authenticator's code when two-factor is on, and refuses a wrong one", async () => {
    const { m, addressId } = await readyMerchant();
    await seedTotp(h.db, { userId: m.userId });
    expect(walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData).secondFactorOn).toBe(
      true,
    );
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    expect(await withdraw(m, { addressId, amount: "3", code: "135790" })).toMatchObject(
      refusedWith(errCodes.twoFactorRequired),
    );
    const wrong = testTotpCode(new Date(Date.now() - 10 * 60_000));
    expect(await withdraw(m, { addressId, amount: "3", code: "135790", totpCode: wrong })).toMatchObject({
      success: false,
      errCode: errCodes.twoFactorCodeWrong,
    });
    const right = testTotpCode(h.clock.now());
    expect(await withdraw(m, { addressId, amount: "3", code: "135790", totpCode: right })).toMatchObject({
      success: true,
    });
  });

  it("answers the same withdrawal to the same requestId, holding once", async () => {
    const { m, addressId } = await readyMerchant();
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const requestId = "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31";
    const first = await withdraw(m, { addressId, amount: "7", code: "135790", requestId });
    const again = await withdraw(m, { addressId, amount: "7", code: "135790", requestId });
    expect(first).toMatchObject({ success: true });
    expect(again.resData).toEqual(first.resData);
    expect(walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData).held).toBe("8");
    // The same requestId with another amount is another request: refused, nothing more held.
    expect(await withdraw(m, { addressId, amount: "9", code: "135790", requestId })).toMatchObject(
      refusedWith(errCodes.withdrawalKeyReused),
    );
    expect(walletOverview.parse((await call(h, "walletOverview", { token: m.token })).resData).held).toBe("8");
  });

  it("a requestId is the console's own: an application's withdrawal under the same key is not answered for it", async () => {
    const { m, addressId } = await readyMerchant();
    const requestId = "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31";
    const app = await seedApplication(h.db, { userId: m.userId });
    const devnet = chain.chains[0]!;
    const theirs = await seedWithdrawal(h.db, {
      userId: m.userId,
      chainId: devnet.chainId,
      token: devnet.tokens[0]!.address,
      to: destination,
      amount: "7",
    });
    await h.db
      .updateTable("withdrawals")
      .set({ application_id: app.applicationId, idempotency_key: `console:${requestId}` })
      .where("id", "=", theirs.withdrawalId)
      .execute();
    await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
    const mine = await withdraw(m, { addressId, amount: "7", code: "135790", requestId });
    expect(mine).toMatchObject({ success: true });
    expect(openWithdrawal.parse(mine.resData).id).not.toBe(theirs.withdrawalId);
  });

  it("answers 2810 where this server sends no withdrawals", async () => {
    const bare = await createHarness({ chain });
    try {
      const m = await signedInMerchant(bare);
      expect(
        await call(bare, "addAddress", {
          token: m.token,
          body: { chain: "Devnet", address: destination, label: "x", code: "135790" },
        }),
      ).toMatchObject({
        status: 403,
        errCode: errCodes.withdrawalsNotOffered,
      });
      const overview = walletOverview.parse((await call(bare, "walletOverview", { token: m.token })).resData);
      expect(overview).toMatchObject({ withdrawalsOffered: false, chains: [] });
    } finally {
      await bare.close();
    }
  });
});

describe("Wallet/Withdrawals and Wallet/WithdrawalsExport", () => {
  it("lists the merchant's withdrawals newest first, by state and time, a keyset page at a time, and exports the same rows", async () => {
    const { m, addressId } = await readyMerchant();
    const asked: string[] = [];
    for (const amount of ["1", "2", "3"]) {
      await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "135790" });
      const answer = await withdraw(m, { addressId, amount, code: "135790" });
      asked.push(openWithdrawal.parse(answer.resData).id);
    }
    await h.db
      .updateTable("withdrawals")
      .set({ status: "failed", failure: "reverted" })
      .where("id", "=", asked[0]!)
      .execute();
    const list = async (body: Record<string, unknown>) =>
      withdrawalListResult.parse((await call(h, "withdrawalList", { token: m.token, body })).resData);

    const first = await list({ pageSize: 2 });
    expect(first.items.map((w) => w.id)).toEqual([asked[2], asked[1]]);
    expect(first).toMatchObject({ total: 3, totalCapped: false, previousCursor: null });
    const second = await list({ pageSize: 2, cursor: first.nextCursor });
    expect(second.items.map((w) => [w.id, w.amount, w.status])).toEqual([[asked[0], "1", "failed"]]);
    expect((await list({ status: "requested" })).items.map((w) => w.id)).toEqual([asked[2], asked[1]]);
    expect((await list({ startTime: "2100-01-01T00:00:00Z" })).items).toEqual([]);

    // In the language the console asks in (its Language header): the list's labels, each withdrawal as the list reads it.
    const file = await call(h, "withdrawalExport", {
      token: m.token,
      body: { status: "requested" },
      headers: { language: "zh-TW" },
    });
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename="withdrawals-\d{4}-\d{2}-\d{2}-filtered\.csv"$/,
    );
    const listed = await list({ status: "requested" });
    expect(file.csv).toEqual(listed.items.map((w) => labelledRowOf(withdrawalExportTable, w, "zh-TW")));

    // Its transaction's confirmations while they count, of the chain's, and all of them once paid (My wallet's row).
    const required = chain.chains[0]?.confirmations;
    await h.db
      .updateTable("withdrawals")
      .set({ status: "broadcast", confirmations: 1 })
      .where("id", "=", asked[1]!)
      .execute();
    await h.db.updateTable("withdrawals").set({ status: "confirmed" }).where("id", "=", asked[2]!).execute();
    expect((await list({})).items.map((w) => [w.id, w.status, w.confirmations, w.requiredConfirmations])).toEqual([
      [asked[2], "confirmed", required, required],
      [asked[1], "broadcast", 1, required],
      [asked[0], "failed", null, null],
    ]);
  });
});
