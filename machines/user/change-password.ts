import { emptyResult, updatePasswordRequest } from "../../contracts/schemas/auth.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/** The change-password dialog of the navbar: old, new and repeat, rules of spec section 5. */
export const changePasswordMachine = createFormDialogMachine({
  id: "changePassword",
  submitEvent: "password.submit",
  request: updatePasswordRequest,
  result: emptyResult,
});
