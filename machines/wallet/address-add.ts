import { addWithdrawalAddressRequest, withdrawalAddress } from "../../contracts/schemas/wallet.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/**
 * "Add address" of My wallet: a destination for withdrawals (chain, address, label), usable after the cool-down, with
 * the code mailed for it and, when two-factor is on, the authenticator's code.
 */
export const addressAddMachine = createFormDialogMachine({
  id: "addressAdd",
  submitEvent: "address.add",
  request: addWithdrawalAddressRequest,
  result: withdrawalAddress,
});
