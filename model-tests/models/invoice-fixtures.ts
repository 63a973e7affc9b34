import type { ConsoleInvoice } from "../../contracts/schemas/invoices.ts";
import type { OpenInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";

const devnetAddress = {
  chain: "Devnet",
  chainId: 31337,
  token: `0x${"11".repeat(20)}`,
  address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
} as const;
const invoice = {
  appCode: "2026112700000001",
  appName: "Mug shop",
  currency: "USDT" as const,
  redirectUrl: null,
  addresses: [devnetAddress],
};

const removedTransfer = { chain: "Devnet", amount: "10", txHash: `0x${"ab".repeat(32)}`, late: false };
const payingTransfer = { chain: "Devnet", amount: "30", txHash: `0x${"cd".repeat(32)}`, late: false };

/** Paid twice over by two transfers: overpaid, one of them counted after a reorganisation took the other away. */
export const invoicePaidOver: ConsoleInvoice = {
  ...invoice,
  invoiceId: "Pq7xVd2mLk9sTr4wYb1nZa",
  orderId: "order-1042",
  status: "paid",
  flags: ["overpaid"],
  amount: "25",
  amountReceived: "30",
  description: "Two mugs",
  customerEmail: "buyer@example.com",
  redirectUrl: "https://shop.example.com/thanks",
  metadata: { cart: "c-77" },
  checkoutUrl: "https://console.example.com/pay/Pq7xVd2mLk9sTr4wYb1nZa",
  addresses: [devnetAddress, { ...devnetAddress, chain: "Eth", chainId: 1 }],
  transfers: [
    { ...removedTransfer, confirmations: 0, required: 2, removed: true, late: false, explorerUrl: null },
    {
      ...payingTransfer,
      confirmations: 2,
      required: 2,
      removed: false,
      late: false,
      explorerUrl: `https://explorer.example.com/tx/${payingTransfer.txHash}`,
    },
  ],
  expiresAt: "2026-11-27T09:30:00.000Z",
  paidAt: "2026-11-27T09:20:00.000Z",
  createdAt: "2026-11-27T09:15:00.000Z",
  // The excess given back: 25 of the 30 received is left to refund.
  refunds: [
    {
      withdrawalId: "41",
      chain: "Devnet",
      to: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
      amount: "5",
      status: "confirmed",
      txHash: `0x${"ab".repeat(32)}`,
      createdAt: "2026-11-27T10:00:00.000Z",
    },
  ],
  timeline: [
    { at: "2026-11-27T09:15:00.000Z", kind: "created", transfer: null, callback: null },
    { at: "2026-11-27T09:16:00.000Z", kind: "transferSeen", transfer: removedTransfer, callback: null },
    {
      at: "2026-11-27T09:16:00.000Z",
      kind: "processing",
      transfer: null,
      callback: { eventId: "evt-processing", status: "success", attempts: 1 },
    },
    { at: "2026-11-27T09:17:00.000Z", kind: "transferRemoved", transfer: removedTransfer, callback: null },
    { at: "2026-11-27T09:19:00.000Z", kind: "transferSeen", transfer: payingTransfer, callback: null },
    { at: "2026-11-27T09:20:00.000Z", kind: "transferConfirmed", transfer: payingTransfer, callback: null },
    {
      at: "2026-11-27T09:20:00.000Z",
      kind: "paid",
      transfer: null,
      callback: { eventId: "evt-paid", status: "failed", attempts: 8 },
    },
  ],
};
/** The same invoice as the live stream sends it once 5 USDT more arrived after it ended: paid late as well. */
export const invoicePaidLate: ConsoleInvoice = {
  ...invoicePaidOver,
  flags: ["overpaid", "paidLate"],
  amountReceived: "35",
  transfers: [
    ...invoicePaidOver.transfers,
    {
      chain: "Devnet",
      amount: "5",
      confirmations: 2,
      required: 2,
      removed: false,
      late: true,
      txHash: `0x${"ef".repeat(32)}`,
      explorerUrl: null,
    },
  ],
  timeline: [
    ...invoicePaidOver.timeline,
    {
      at: "2026-11-27T09:45:00.000Z",
      kind: "transferSeen",
      transfer: { chain: "Devnet", amount: "5", txHash: `0x${"ef".repeat(32)}`, late: true },
      callback: null,
    },
  ],
};

/** Less than its amount arrived before its time ran out: expired, underpaid, nothing more to say of it. */
export const invoiceUnderpaid: ConsoleInvoice = {
  ...invoice,
  invoiceId: "Ab3cDe4fGh5iJk6lMn7oPq",
  orderId: "order-1041",
  status: "expired",
  flags: ["underpaid"],
  amount: "12.5",
  amountReceived: "5",
  description: null,
  customerEmail: null,
  metadata: {},
  checkoutUrl: "https://console.example.com/pay/Ab3cDe4fGh5iJk6lMn7oPq",
  transfers: [
    {
      chain: "Devnet",
      amount: "5",
      confirmations: 2,
      required: 2,
      removed: false,
      late: false,
      txHash: null,
      explorerUrl: null,
    },
  ],
  expiresAt: "2026-11-26T19:00:00.000Z",
  paidAt: null,
  createdAt: "2026-11-26T18:45:00.000Z",
  refunds: [],
  timeline: [
    { at: "2026-11-26T18:45:00.000Z", kind: "created", transfer: null, callback: null },
    {
      at: "2026-11-26T19:00:00.000Z",
      kind: "expired",
      transfer: null,
      callback: { eventId: "evt-expired", status: "pending", attempts: 0 },
    },
  ],
};

/** Invoices searched by status and flag (the answer is the same page: the harness reads the address bar). */
export const invoiceSearch = {
  status: "expired",
  flag: "underpaid",
  appCode: "",
  orderId: "",
  startTime: "",
  endTime: "",
};
/** The flag a link opens Invoices filtered by (the console home's, a bookmark's). */
export const linkedFlag = "underpaid";

/** The applications the filter offers, with the first answer only. */
export const invoiceApps = [{ appCode: invoice.appCode, name: invoice.appName }];

export const invoiceListAnswer = (context: Pick<ListContext, "paging" | "choices">): ListLoad => ({
  items: [invoicePaidOver, invoiceUnderpaid],
  ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 2),
  ...(context.choices === null ? { choices: invoiceApps } : {}),
});

/** The invoice a payment link made (Invoice/Create): new, named by the server after the dialog's request id. */
export const madeLink: OpenInvoice = {
  invoiceId: "Lk8yWe3nMj0uUs5xZc2oAb",
  orderId: "link-3f2b8c1e7d4a4e2f9a6b1c2d3e4f5a6b",
  status: "new",
  flags: [],
  amount: "12.5",
  amountReceived: "0",
  currency: "USDT",
  description: "Two mugs",
  customerEmail: null,
  redirectUrl: "https://shop.example.com/thanks",
  metadata: {},
  checkoutUrl: "https://console.example.com/pay/Lk8yWe3nMj0uUs5xZc2oAb",
  addresses: [devnetAddress],
  expiresAt: "2026-11-27T10:15:00.000Z",
  createdAt: "2026-11-27T10:00:00.000Z",
};
