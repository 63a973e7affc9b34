import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { withdrawalApproveRequest, withdrawalRejectRequest } from "../../contracts/schemas/wallet.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/**
 * "Approve" of a withdrawal an application asked above its auto-approve limit: what it sends where, the code mailed
 * for it and, when two-factor is on, the authenticator's code; approved, it is sent as any other.
 */
export const withdrawalApproveMachine = createFormDialogMachine({
  id: "withdrawalApprove",
  submitEvent: "withdrawal.approve",
  request: withdrawalApproveRequest,
  result: openWithdrawal,
});

/** "Reject" of one: confirmed in a dialog that says the amount and fee go back to the balance. */
export const withdrawalRejectMachine = createFormDialogMachine({
  id: "withdrawalReject",
  submitEvent: "withdrawal.reject",
  request: withdrawalRejectRequest,
  result: openWithdrawal,
});
