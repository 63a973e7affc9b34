import { describe, expect, it } from "vitest";
import enUS from "../../locales/en-US.json" with { type: "json" };
import zhCN from "../../locales/zh-CN.json" with { type: "json" };
import { exportRow, sayFrom } from "./export-columns.ts";
import { transactionExportTable } from "./transactions.ts";
import type { TransactionRecord } from "../schemas/transactions.ts";

const withdrawalHeld: TransactionRecord = {
  id: "41",
  kind: "withdrawal",
  amount: "-6",
  createdAt: "2026-11-27T09:30:00.000Z",
  orderCode: null,
  chain: "Devnet",
  txHash: null,
  blockNumber: null,
  confirmations: null,
  requiredConfirmations: null,
  withdrawalId: "7",
  withdrawalStatus: "requested",
  lines: [],
};

describe("an export's texts and cells", () => {
  it("words a label in the locale, its plural by the locale's rules, English where the locale has none", () => {
    const say = sayFrom(zhCN, enUS, "zh-CN");
    expect(say("transactions.kind.unmatched")).toBe(zhCN.transactions.kind.unmatched);
    expect(say("orders.term.day", { count: 7 })).toBe(zhCN.orders.term.day_other.replace("{{count}}", "7"));
    const english = sayFrom({}, enUS);
    expect(english("orders.term.day", { count: 1 })).toBe("1 day");
    expect(english("orders.term.day", { count: 7 })).toBe("7 days");
    expect(english("no.such.key")).toBe("no.such.key");
  });

  it("sums a journal's lines on one account exactly, signed, and leaves an account it did not move empty", () => {
    const say = sayFrom(enUS, enUS);
    const row = exportRow(
      transactionExportTable,
      {
        ...withdrawalHeld,
        amount: "-1.75",
        lines: [
          { account: "merchant", amount: "-0.5" },
          { account: "merchant", amount: "-1.25" },
          { account: "withdrawal", amount: "0.000000000000000001" },
          { account: "revenue", amount: "1.749999999999999999" },
        ],
      },
      say,
    );
    expect(row).toMatchObject({
      "ledger.merchant": "-1.75",
      "ledger.withdrawal": "0.000000000000000001",
      "ledger.revenue": "1.749999999999999999",
      "ledger.order": null,
      amount: "-1.75",
      createdAt: "2026-11-27 09:30:00",
    });
  });
});
