import { emptyResult } from "../../contracts/schemas/auth.ts";
import { withdrawalAddressIdRequest } from "../../contracts/schemas/wallet.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/** "Remove" of an address-book destination, confirmed in a dialog that names it. */
export const addressRemoveMachine = createFormDialogMachine({
  id: "addressRemove",
  submitEvent: "address.remove",
  request: withdrawalAddressIdRequest,
  result: emptyResult,
});
