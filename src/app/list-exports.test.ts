// @vitest-environment happy-dom
import { waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { billExportTable } from "../../contracts/exports/bills.ts";
import { callbackExportTable } from "../../contracts/exports/callbacks.ts";
import {
  type ExportTable,
  exportHeader,
  exportRow,
  type Say,
  sayFrom,
} from "../../contracts/exports/export-columns.ts";
import { invoiceExportTable } from "../../contracts/exports/invoices.ts";
import { orderExportTable } from "../../contracts/exports/orders.ts";
import { rechargeExportTable } from "../../contracts/exports/recharges.ts";
import { transactionExportTable } from "../../contracts/exports/transactions.ts";
import { withdrawalExportTable } from "../../contracts/exports/withdrawals.ts";
import type { Locale } from "../../contracts/schemas/fields.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import jaJP from "../../locales/ja-JP.json" with { type: "json" };
import koKR from "../../locales/ko-KR.json" with { type: "json" };
import thTH from "../../locales/th-TH.json" with { type: "json" };
import zhCN from "../../locales/zh-CN.json" with { type: "json" };
import zhTW from "../../locales/zh-TW.json" with { type: "json" };
import { shortHex } from "../../machines/short-hex.ts";
import "../../model-tests/framework/setup.ts";
import type { Answers } from "../../model-tests/framework/fake-api.ts";
import type { ConsoleHarness } from "../../model-tests/framework/render-console.tsx";
import { expectExportBesideScreen, shownRow } from "../../model-tests/framework/shown-row.ts";
import { renderListIn } from "../../model-tests/harnesses/list-in-language.ts";
import { walletAnswers } from "../../model-tests/harnesses/wallet-pages.ts";
import { billApps, sampleBills } from "../../model-tests/models/bill-fixtures.ts";
import { callbackApps, sampleAttempts } from "../../model-tests/models/callback-fixtures.ts";
import { invoiceApps, invoicePaidOver, invoiceUnderpaid } from "../../model-tests/models/invoice-fixtures.ts";
import { sampleOrders } from "../../model-tests/models/order-list-fixtures.ts";
import { rechargeExcessReversed, rechargeUnmatched } from "../../model-tests/models/recharge-fixtures.ts";
import { rechargeCredited, withdrawalCounting } from "../../model-tests/models/transaction-fixtures.ts";
import { listedAsked, paidWithdrawal, walletWithDestinations } from "../../model-tests/models/wallet-fixtures.ts";
import { formatCount, formatTokenAmount, formatUsdt } from "../i18n/format.ts";

/**
 * One list's export read beside its screen: its page in a language of its own with every column shown, its rows, and
 * how the screen dresses a cell the file keeps plain (`shownAs`); `file` checks what only the file has (codes beside).
 */
interface ExportCase<Row> {
  name: string;
  url: string;
  locale: Locale;
  messages: Parameters<typeof sayFrom>[0];
  /** The list's name: its i18n prefix, test ids and chosen columns. */
  list: string;
  columns: readonly string[];
  table: ExportTable<Row>;
  rows: readonly Row[];
  rowTestId(row: Row): string;
  answers(rows: readonly Row[]): Answers;
  shownAs(say: Say, locale: Locale): Readonly<Record<string, (cell: string, row: Row) => string>>;
  file(say: Say): void;
}

const page = <Row>(items: readonly Row[], extra: object = {}) => ({
  items: [...items],
  pageSize: 10,
  nextCursor: null,
  previousCursor: null,
  total: items.length,
  totalCapped: false,
  ...extra,
});

/** The list's second line of a cell, after the first: the file writes " · " between them. */
const twoLines = (text: string) => text.replace(" · ", "");

const bills: ExportCase<(typeof sampleBills)[number]> = {
  name: "Application bills",
  url: "/bill/list",
  locale: "th-TH",
  messages: thTH,
  list: "bills",
  columns: [
    "billNo",
    "application",
    "endUserId",
    "fromAddress",
    "toAddress",
    "amount",
    "chainProtocol",
    "blockNumber",
    "txHash",
    "payTime",
    "status",
    "noticeStatus",
    "collectionAmount",
    "deliveryAddress",
    "transferAmount",
  ],
  table: billExportTable,
  rows: sampleBills,
  rowTestId: (bill) => `bill-row-${bill.billNo}`,
  answers: (rows) => ({ "bills.list": async () => page(rows, { choices: billApps }) }),
  shownAs: (_say, locale) => {
    const short = (value: string) => shortHex(value);
    const amount = (value: string, bill: (typeof sampleBills)[number]) =>
      formatTokenAmount(value, bill.currency, locale);
    return {
      // The row puts the application's code under its name, the chain's protocol under the chain.
      application: (name, b) => `${name}${b.appCode}`,
      chainProtocol: (text) => text.replace(" / ", ""),
      fromAddress: short,
      toAddress: short,
      txHash: short,
      deliveryAddress: short,
      amount,
      collectionAmount: amount,
      transferAmount: amount,
      status: twoLines,
    };
  },
  file: (say) => {
    const [confirming] = sampleBills;
    expect(confirming).toBeDefined();
    if (confirming)
      expect(exportRow(billExportTable, confirming, say)).toMatchObject({
        applicationCode: confirming.appCode,
        statusCode: confirming.status,
        currency: confirming.currency,
        amount: confirming.amount,
      });
  },
};

const callbacks: ExportCase<(typeof sampleAttempts)[number]> = {
  name: "Transaction callbacks",
  url: "/callback/list",
  locale: "zh-TW",
  messages: zhTW,
  list: "callbacks",
  columns: [
    "sentAt",
    "event",
    "application",
    "url",
    "attempt",
    "status",
    "latency",
    "requestBody",
    "responseBody",
    "result",
    "nextRetry",
  ],
  table: callbackExportTable,
  rows: sampleAttempts,
  rowTestId: (attempt) => `callback-row-${attempt.attemptId}`,
  answers: (rows) => ({ "callbacks.list": async () => page(rows, { choices: callbackApps }) }),
  shownAs: (say, locale) => {
    const body = (text: string) => (text === "" ? say("callbacks.emptyBody") : text);
    return {
      event: twoLines,
      application: (name, a) => `${name}${a.appCode}`,
      url: twoLines,
      attempt: twoLines,
      status: twoLines,
      latency: (ms) => say("callbacks.latency", { ms: formatCount(Number(ms), locale) }),
      requestBody: body,
      responseBody: body,
      // The list shows the event's delivery beside the attempt's result; the file in a column of its own.
      result: (result, a) => `${result}${say(`callbacks.delivery.${a.deliveryStatus}`)}`,
    };
  },
  file: (say) => {
    const [refused] = sampleAttempts;
    expect(refused).toBeDefined();
    if (refused)
      expect(exportRow(callbackExportTable, refused, say)).toMatchObject({
        eventCode: refused.eventType,
        applicationCode: refused.appCode,
        resultCode: refused.result,
        deliveryCode: refused.deliveryStatus,
        latency: String(refused.latencyMs),
      });
    // The cell is a plain figure: its header names the unit the screen writes beside it.
    expect(exportHeader(callbackExportTable, say)[callbackExportTable.findIndex((c) => c.key === "latency")]).toBe(
      "耗時（毫秒）",
    );
  },
};

const orders: ExportCase<(typeof sampleOrders)[number]> = {
  name: "My orders",
  url: "/order/list",
  locale: "ja-JP",
  messages: jaJP,
  list: "orders",
  columns: ["orderCode", "package", "term", "amount", "createdAt", "status", "paidAt", "payType"],
  table: orderExportTable,
  rows: sampleOrders,
  rowTestId: (order) => `order-row-${order.orderCode}`,
  answers: (rows) => ({ "orders.list": async () => page(rows) }),
  shownAs: (_say, locale) => ({ amount: (amount) => formatUsdt(amount, locale) }),
  file: (say) => {
    // A trial reads as the screen words it, its codes beside.
    const trial = sampleOrders.find((o) => o.payType === "free");
    expect(trial).toBeDefined();
    if (trial)
      expect(exportRow(orderExportTable, trial, say)).toMatchObject({
        status: say("orders.startedFree"),
        statusCode: "paid",
        payTypeCode: "free",
        packageCode: "trial",
        currency: "USDT",
      });
  },
};

const recharges: ExportCase<typeof rechargeUnmatched> = {
  name: "Recharge bills",
  url: "/rechargeBill/list",
  locale: "ja-JP",
  messages: jaJP,
  list: "recharges",
  columns: ["payTime", "amount", "reason", "orderCode", "chain", "paymentAddress", "fromAddress", "txHash", "billNo"],
  table: rechargeExportTable,
  rows: [rechargeUnmatched, rechargeExcessReversed],
  rowTestId: (bill) => `recharge-row-${bill.billNo}`,
  answers: (rows) => ({ "recharges.list": async () => page(rows) }),
  shownAs: (say, locale) => ({
    amount: (amount) => formatUsdt(amount, locale),
    // The list adds a reversal to the reason's tag; the file has the state in a column of its own.
    reason: (reason, r) => (r.status === "reversed" ? `${reason} · ${say("recharges.status.reversed")}` : reason),
    chain: (chain, r) => `${chain} · ${r.currency}`,
  }),
  file: (say) => {
    // A recharge reads "Recharge" in the page's language; its code stands only in the code column beside it.
    const recharge = exportRow(rechargeExportTable, rechargeUnmatched, say);
    expect(recharge).toMatchObject({
      reason: say("recharges.reason.unmatched"),
      reasonCode: "unmatched",
      amount: "20",
    });
    expect(Object.keys(recharge).filter((key) => recharge[key] === "unmatched")).toEqual(["reasonCode"]);
    expect(exportRow(rechargeExportTable, rechargeExcessReversed, say)).toMatchObject({
      status: say("recharges.status.reversed"),
      statusCode: "reversed",
      currency: "USDT",
    });
  },
};

const transactions: ExportCase<typeof rechargeCredited> = {
  name: "Transaction records",
  url: "/transactions/list",
  locale: "zh-CN",
  messages: zhCN,
  list: "transactions",
  columns: [
    "createdAt",
    "kind",
    "amount",
    "state",
    "orderCode",
    "chain",
    "txHash",
    "blockNumber",
    "confirmations",
    "withdrawalStatus",
  ],
  table: transactionExportTable,
  rows: [withdrawalCounting, rechargeCredited],
  rowTestId: (record) => `transaction-row-${record.id}`,
  answers: (rows) => ({ "transactions.list": async () => page(rows), "transactions.watch": () => () => {} }),
  // The screen signs the amount (a credit's plus, a debit's minus) and names its unit; the file keeps the figure.
  shownAs: (_say, locale) => ({
    amount: (amount) => `${amount.startsWith("-") ? "" : "+"}${formatUsdt(amount, locale)}`,
  }),
  file: (say) => {
    // A recharge is "充值" (Recharge) as on the screen; its code stands only in the code column beside it.
    const recharge = exportRow(transactionExportTable, rechargeCredited, say);
    expect(recharge.kind).toBe(say("transactions.kind.unmatched"));
    expect(Object.keys(recharge).filter((key) => recharge[key] === "unmatched")).toEqual(["kindCode"]);
    expect(recharge.currency).toBe("USDT");
    // The journal's lines, a column an account under its name, as the details dialog words it.
    const headers = exportHeader(transactionExportTable, say);
    const ledger = Object.fromEntries(
      transactionExportTable
        .map((column, i) => [headers[i], recharge[column.key]] as const)
        .filter(([header, amount]) => header?.startsWith("账目：") && amount !== null),
    );
    expect(ledger).toEqual({
      [`账目：${say("transactions.account.merchant")}`]: "20",
      [`账目：${say("transactions.account.receipts")}`]: "-20",
    });
  },
};

const withdrawals: ExportCase<typeof paidWithdrawal> = {
  name: "My wallet's withdrawals",
  url: "/wallet/list",
  locale: "ko-KR",
  messages: koKR,
  list: "withdrawals",
  columns: ["createdAt", "amount", "fee", "to", "status", "txHash"],
  table: withdrawalExportTable,
  rows: [listedAsked, paidWithdrawal],
  rowTestId: (withdrawal) => `withdrawal-row-${withdrawal.id}`,
  answers: (rows) => ({
    ...walletAnswers(() => walletWithDestinations),
    "wallet.withdrawals": async () => page(rows),
  }),
  shownAs: (_say, locale) => ({
    amount: (amount) => formatUsdt(amount, locale),
    fee: (fee) => formatUsdt(fee, locale),
    // The list puts what it waits for under the state, where the file writes " · ".
    status: twoLines,
  }),
  file: (say) => {
    expect(exportRow(withdrawalExportTable, paidWithdrawal, say)).toMatchObject({
      amount: "12.5",
      fee: "1",
      currency: "USDT",
      statusCode: "confirmed",
    });
  },
};

const invoices: ExportCase<typeof invoicePaidOver> = {
  name: "Invoices",
  url: "/invoice/list",
  locale: "en-US",
  messages: enUS,
  list: "invoices",
  columns: [
    "orderId",
    "application",
    "amount",
    "received",
    "status",
    "chains",
    "createdAt",
    "expiresAt",
    "paidAt",
    "invoiceId",
  ],
  table: invoiceExportTable,
  rows: [invoicePaidOver, invoiceUnderpaid],
  rowTestId: (invoice) => `invoice-row-${invoice.invoiceId}`,
  answers: (rows) => ({
    "invoices.list": async () => page(rows, { choices: invoiceApps }),
    "invoices.watch": () => () => {},
    "apps.list": async () => page([]),
  }),
  shownAs: (say, locale) => ({
    amount: (amount) => formatUsdt(amount, locale),
    received: (amount) => formatUsdt(amount, locale),
    // The row puts the application's code under its name, and the flags' tags after the status's.
    application: (name, i) => `${name}${i.appCode}`,
    status: (status, i) => `${status}${i.flags.map((flag) => say(`invoices.flag.${flag}`)).join("")}`,
  }),
  file: (say) => {
    // Flags read as the tags do; their codes stand beside them, and the payment link is the checkout page's.
    expect(exportRow(invoiceExportTable, invoicePaidOver, say)).toMatchObject({
      status: say("invoices.status.paid"),
      statusCode: "paid",
      flags: say("invoices.flag.overpaid"),
      flagsCode: "overpaid",
      amount: "25",
      received: "30",
      currency: "USDT",
      chains: "Devnet, Eth",
      paidAt: "2026-11-27 09:20:00",
      checkoutUrl: invoicePaidOver.checkoutUrl,
    });
    expect(exportRow(invoiceExportTable, invoiceUnderpaid, say)).toMatchObject({
      paidAt: null,
      flagsCode: "underpaid",
    });
  },
};

/** Each list's case, typed by its own rows, read the same way. */
const cases: ReadonlyArray<readonly [string, () => Promise<void>]> = [
  [bills.name, () => readBesideScreen(bills)],
  [callbacks.name, () => readBesideScreen(callbacks)],
  [orders.name, () => readBesideScreen(orders)],
  [recharges.name, () => readBesideScreen(recharges)],
  [transactions.name, () => readBesideScreen(transactions)],
  [withdrawals.name, () => readBesideScreen(withdrawals)],
  [invoices.name, () => readBesideScreen(invoices)],
];

let h: ConsoleHarness | null = null;

async function readBesideScreen<Row>(c: ExportCase<Row>): Promise<void> {
  h = await renderListIn({
    url: c.url,
    locale: c.locale,
    list: c.list,
    columns: c.columns,
    answers: c.answers(c.rows),
  });
  const say = sayFrom(c.messages, enUS, c.locale);
  const operations = say(`${c.list}.columns.operations`);
  const shownAs = c.shownAs(say, c.locale);
  for (const row of c.rows) {
    const rowId = c.rowTestId(row);
    await waitFor(() => expect(shownRow(c.list, rowId, operations)).toHaveLength(c.columns.length), { timeout: 5000 });
    expectExportBesideScreen({
      shown: shownRow(c.list, rowId, operations),
      table: c.table,
      row,
      say,
      locale: c.locale,
      none: say(`${c.list}.none`),
      shownAs,
    });
  }
  c.file(say);
}

/**
 * Every list's export reads as the list does, in the merchant's language: the list's labels, each row's values as
 * the row shows them (whole where the row shortens), and the codes beside the words.
 */
describe("each list's export beside its screen", { timeout: 60_000 }, () => {
  afterEach(() => {
    h?.cleanup();
    h = null;
  });

  it.each(cases)("%s", async (_name, run) => run());
});
