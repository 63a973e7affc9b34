import { invoiceRefundRequest } from "../../contracts/schemas/invoice-refunds.ts";
import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/**
 * "Refund" of an invoice's details: the chain, a destination of the address book (typed), the amount (what is left to
 * refund, prefilled), the code mailed for it and, when two-factor is on, the authenticator's code — a withdrawal's
 * proof, since a refund is one; `requestId` makes a resent request the same.
 */
export const invoiceRefundMachine = createFormDialogMachine({
  id: "invoiceRefund",
  submitEvent: "refund.submit",
  request: invoiceRefundRequest,
  result: openWithdrawal,
});
