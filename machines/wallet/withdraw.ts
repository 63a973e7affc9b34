import { openWithdrawal } from "../../contracts/schemas/open-api.ts";
import { walletWithdrawRequest } from "../../contracts/schemas/wallet.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/**
 * "Withdraw" of My wallet: a usable destination, the amount (the fee and what arrives shown before confirming), the
 * code mailed for it and, when two-factor is on, the authenticator's code; `requestId` makes a resent request the same.
 */
export const withdrawMachine = createFormDialogMachine({
  id: "withdraw",
  submitEvent: "withdraw.submit",
  request: walletWithdrawRequest,
  result: openWithdrawal,
});
