import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toAtto, usdtText } from "../../contracts/money.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { consoleInvoice } from "../../contracts/schemas/invoices.ts";
import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { requestRefund } from "../domain/invoices/invoice-refunds.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { balanceText } from "../domain/payments/balance.ts";
import { ledgerViolations } from "../domain/payments/reconcile.ts";
import { releaseWithdrawal, type WithdrawalRules } from "../domain/withdrawals/withdrawal-holds.ts";
import { call, createHarness, type Harness, type Merchant, reset, signedInMerchant } from "../testing/harness.ts";
import { seedApplication, seedBalance, seedCode, seedInvoice, seedWithdrawalAddress } from "../testing/seed.ts";
import { type StubChainLayer, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * Invoice/Refund: an invoice's money given back as a console withdrawal linked to it — refused for another merchant's
 * invoice, one that received nothing, or past what it received, however many are asked at once.
 */
let h: Harness;
let chain: StubChainLayer;
let rules: WithdrawalRules;
const atto = 10n ** 18n;
const destination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const cooling = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const factory = `0x${"fa".repeat(20)}` as const;

beforeAll(async () => {
  chain = stubChainLayer();
  const tokens = chain.chains.flatMap((c) =>
    c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: atto })),
  );
  rules = { tokens, dailyLimit: 10_000n * atto, forbidden: new Set(), addressCooldownSeconds: 3600 };
  h = await createHarness({ chain, withdrawals: rules });
});
afterAll(() => h?.close());
beforeEach(() => reset(h));

const devnet = () => chain.chains[0]!;

/** A merchant with 100 USDT, a usable and a cooling destination, and an invoice that received `received`. */
async function merchantWithInvoice(received: string, email = "merchant@example.com") {
  const m = await signedInMerchant(h, email);
  await seedBalance(h.db, { userId: m.userId, amount: "100" });
  await seedWithdrawalAddress(h.db, { userId: m.userId, chainId: devnet().chainId, address: destination });
  await seedWithdrawalAddress(h.db, {
    userId: m.userId,
    chainId: devnet().chainId,
    address: cooling,
    coolingDown: true,
  });
  const app = await seedApplication(h.db, { userId: m.userId });
  const invoice = await seedInvoice(h.db, {
    userId: m.userId,
    applicationId: app.applicationId,
    appCode: app.appCode,
    chains: [{ chainId: devnet().chainId, factory }],
    status: received === "0" ? "new" : "paid",
    amountReceived: received,
  });
  return { m, invoice };
}

/** Invoice/Refund with a fresh mailed code. */
async function refund(m: Merchant, invoiceId: string, more: Record<string, unknown> = {}) {
  await seedCode(h.db, { email: m.email, purpose: "withdrawal", code: "246810" });
  const body = { invoiceId, chain: "Devnet", to: destination, amount: "10", code: "246810", ...more };
  return call(h, "invoiceRefund", { token: m.token, body });
}
const refusedWith = (code: string) => ({ status: 200, success: false, errCode: code, resData: null });
const refundRows = async () =>
  (await h.db.selectFrom("withdrawals").select(["invoice_id", "amount", "status"]).execute()).map((row) => ({
    ...row,
    amount: usdtText(row.amount),
  }));

describe("refunding an invoice", () => {
  it("pays from the balance as a withdrawal linked to the invoice: listed on the invoice and among the withdrawals", async () => {
    const { m, invoice } = await merchantWithInvoice("25");
    const answer = await refund(m, invoice.publicId, { to: destination.toLowerCase(), amount: "10" });
    expect(answer).toMatchObject({ status: 200, success: true });
    const withdrawal = openWithdrawal.parse(answer.resData);
    expect(withdrawal).toMatchObject({ chain: "Devnet", to: destination, amount: "10", status: "requested" });
    // The amount and the withdrawal's fee held, as for any withdrawal; the code spent.
    expect(await balanceText(h.db, actFor(systemScope("test"), m.userId))).toBe("89");
    expect(await refundRows()).toEqual([{ invoice_id: invoice.id, amount: "10", status: "requested" }]);

    const listed = await call(h, "invoiceList", { token: m.token, body: {} });
    const shown = consoleInvoice.parse(listed.resData.items[0]);
    expect(shown.refunds).toEqual([
      {
        withdrawalId: withdrawal.id,
        chain: "Devnet",
        to: destination,
        amount: "10",
        status: "requested",
        txHash: null,
        createdAt: withdrawal.createdAt,
      },
    ]);
    const withdrawals = await call(h, "withdrawalList", { token: m.token, body: {} });
    expect(withdrawals.resData.items.map((w: { id: string }) => w.id)).toEqual([withdrawal.id]);
    expect(await ledgerViolations(h.db)).toEqual([]);
  });

  it("the same request sent again answers the same refund; refusals write nothing and leave the code usable", async () => {
    const { m, invoice } = await merchantWithInvoice("25");
    const requestId = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
    const first = await refund(m, invoice.publicId, { requestId });
    const again = await call(h, "invoiceRefund", {
      token: m.token,
      body: { invoiceId: invoice.publicId, chain: "Devnet", to: destination, amount: "10", code: "000000", requestId },
    });
    expect(again.resData).toEqual(first.resData);
    expect(await refund(m, invoice.publicId, { requestId, amount: "11" })).toMatchObject(
      refusedWith(errCodes.withdrawalKeyReused),
    );

    expect(await refund(m, invoice.publicId, { to: cooling })).toMatchObject(
      refusedWith(errCodes.withdrawalAddressCoolingDown),
    );
    expect(await refund(m, invoice.publicId, { to: "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f" })).toMatchObject(
      refusedWith(errCodes.withdrawalAddressNotFound),
    );
    expect(await refund(m, invoice.publicId, { amount: "15.000001" })).toMatchObject(
      refusedWith(errCodes.invoiceRefundOverReceived),
    );
    expect(await refund(m, invoice.publicId, { code: "999999" })).toMatchObject({ success: false });
    expect(await refundRows()).toHaveLength(1);
    // What is left, exactly, is refunded; then nothing more.
    expect(await refund(m, invoice.publicId, { amount: "15" })).toMatchObject({ success: true });
    expect(await refund(m, invoice.publicId, { amount: "0.000001" })).toMatchObject(
      refusedWith(errCodes.invoiceRefundOverReceived),
    );
  });

  it("refuses an invoice that received nothing and another merchant's, writing nothing", async () => {
    const { m, invoice } = await merchantWithInvoice("0");
    expect(await refund(m, invoice.publicId)).toMatchObject(refusedWith(errCodes.invoiceNothingReceived));
    const other = await merchantWithInvoice("25", "other@example.com");
    expect(await refund(m, other.invoice.publicId)).toMatchObject(refusedWith(errCodes.invoiceNotFound));
    expect(await refundRows()).toEqual([]);
  });

  it("a failed refund gives its share back: it no longer counts against what the invoice received", async () => {
    const { m, invoice } = await merchantWithInvoice("10");
    const first = openWithdrawal.parse((await refund(m, invoice.publicId, { amount: "10" })).resData);
    expect(await refund(m, invoice.publicId, { amount: "1" })).toMatchObject(
      refusedWith(errCodes.invoiceRefundOverReceived),
    );
    await h.db.transaction().execute((trx) => releaseWithdrawal(trx, first.id, "reverted", new Date()));
    expect(await refund(m, invoice.publicId, { amount: "10" })).toMatchObject({ success: true });
  });

  // Twelve: more than PostgreSQL's pool of ten connections, so ten race for the invoice at once and two wait for a
  // connection; more requests only repeat the same race in more rounds.
  it("12 refunds at once of an invoice that received 10: exactly what it received is refunded, the rest refused", async () => {
    const { m, invoice } = await merchantWithInvoice("10");
    const scope = actFor(systemScope("test"), m.userId);
    const token = devnet().tokens[0]!.address;
    const asked = { chainId: devnet().chainId, token, to: destination, amount: "3", invoiceId: invoice.id };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => requestRefund(h.db, scope, asked, rules, new Date())),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(3);
    const refusals = new Set(answers.flatMap((a) => (a.ok ? [] : [a.code])));
    expect(refusals).toEqual(new Set([errCodes.invoiceRefundOverReceived]));
    const rows = await refundRows();
    expect(rows.reduce((sum, r) => sum + toAtto(r.amount), 0n)).toBe(toAtto("9"));
    expect(await balanceText(h.db, scope)).toBe("88");
    expect(await ledgerViolations(h.db)).toEqual([]);
  });
});
