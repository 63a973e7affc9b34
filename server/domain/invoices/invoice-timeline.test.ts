import { describe, expect, it } from "vitest";
import type { InvoiceTransfer } from "../../../contracts/machines/invoice-transfers.ts";
import { currencyRegistry } from "../../chain/currency-registry.ts";
import { configuredChain } from "../../testing/stub-chain.ts";
import { invoiceTimeline, type TimelineSources, transferViews } from "./invoice-timeline.ts";

const currencies = currencyRegistry([
  configuredChain("Devnet", 31337),
  configuredChain("Bsc", 56, { explorerUrl: "https://bscscan.example" }),
]);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 10, minute));
const transfer = (id: string, chain: string, amount: string, more: Partial<InvoiceTransfer> = {}): InvoiceTransfer => ({
  id,
  chain,
  amount,
  confirmations: 2,
  required: 2,
  removed: false,
  late: false,
  ...more,
});

describe("an invoice's timeline", () => {
  it("says a transfer first seen after the invoice ended as paid late, keeps a re-seen one's removal out, and orders steps at one instant as they were caused", () => {
    const transfers = [
      // Taken away, then seen again in another block: counted, so its removal is no step of its life now.
      transfer("1", "31337", "10"),
      transfer("2", "56", "5", { late: true }),
      // Written by hand (no watcher's record): in the transfers, in no step.
      transfer("t-hand", "31337", "1"),
    ];
    const sources: TimelineSources = {
      watched: new Map([
        ["1", { tx_hash: "0xaa", seen_at: at(1), confirmed_at: at(3), removed_at: at(2) }],
        ["2", { tx_hash: "0xbb", seen_at: at(20), confirmed_at: null, removed_at: null }],
      ]),
      callbacks: new Map([
        [
          "inv",
          [
            {
              invoice_id: "inv",
              event_id: "e1",
              event_type: "invoice.paid",
              created_at: at(3),
              status: "success",
              attempts: 1,
            },
            {
              invoice_id: "inv",
              event_id: "e0",
              event_type: "invoice.processing",
              created_at: at(1),
              status: "success",
              attempts: 2,
            },
          ],
        ],
      ]),
    };
    const views = transferViews(transfers, sources, currencies);
    expect(views.map((v) => [v.chain, v.txHash, v.explorerUrl])).toEqual([
      ["Devnet", "0xaa", null],
      ["Bsc", "0xbb", "https://bscscan.example/tx/0xbb"],
      ["Devnet", null, null],
    ]);
    const steps = invoiceTimeline({ id: "inv", created_at: at(0), transfers }, views, sources);
    expect(steps.map((s) => [s.at.slice(11, 16), s.kind, s.transfer?.txHash ?? s.callback?.eventId ?? null])).toEqual([
      ["10:00", "created", null],
      ["10:01", "transferSeen", "0xaa"],
      ["10:01", "processing", "e0"],
      ["10:03", "transferConfirmed", "0xaa"],
      ["10:03", "paid", "e1"],
      ["10:20", "transferSeen", "0xbb"],
    ]);
    expect(steps.at(-1)?.transfer).toEqual({ chain: "Bsc", amount: "5", txHash: "0xbb", late: true });
  });
});
