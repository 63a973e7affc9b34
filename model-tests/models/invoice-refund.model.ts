import { invoiceRefundMachine } from "../../machines/invoices/invoice-refund.ts";
import { english } from "./english.ts";
import { failure } from "./fixtures.ts";
import { formDialogModel } from "./form-dialog-model.ts";
import { invoicePaidOver } from "./invoice-fixtures.ts";

/** The customer's address, a destination of the merchant's address book. */
export const refundDestination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
/** The dialog's own request id: the harness reads the one the dialog made. */
export const anyRefundRequestId = "00000000-0000-4000-8000-000000000000";

export const invoiceRefundModel = formDialogModel({
  id: "invoiceRefund",
  machine: invoiceRefundMachine,
  walks: true,
  starts: [{ name: `Invoices, the details of the overpaid order ${invoicePaidOver.orderId} open` }],
  opens: `Press ${english("invoices.refund.open")}`,
  title: "invoices.refund.dialogTitle",
  submit: "invoices.refund.submit",
  submits: [
    {
      type: "refund.submit",
      invoiceId: invoicePaidOver.invoiceId,
      chain: "Devnet",
      to: refundDestination,
      amount: "20",
      code: "135790",
      requestId: anyRefundRequestId,
    },
    {
      type: "refund.submit",
      invoiceId: invoicePaidOver.invoiceId,
      chain: "Devnet",
      to: "0x12",
      amount: "25",
      code: "135790",
      requestId: anyRefundRequestId,
    },
  ],
  describeSubmit: (e) =>
    `Keep ${e.chain}, type the amount ${e.amount} USDT over what is left to refund, the address "${e.to}" and the mailed code "${e.code}"; press ${english("invoices.refund.submit")}`,
  answer: {
    id: "42",
    chain: "Devnet",
    chainId: 31337,
    token: `0x${"11".repeat(20)}`,
    to: refundDestination,
    amount: "20",
    fee: "1",
    status: "requested",
    txHash: null,
    failure: null,
    waiting: null,
    createdAt: "2026-11-27T11:00:00.000Z",
  },
  answerText: "The server holds the refund's amount and fee and makes the withdrawal, linked to the invoice",
  refused: failure("2931", "The refunds would give back more than the invoice received"),
});
