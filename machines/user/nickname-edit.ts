import { updateProfileRequest, userProfile } from "../../contracts/schemas/user.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/** "Edit personal info": the nickname prompt of spec section 5, saved with User/update. */
export const nicknameEditMachine = createFormDialogMachine({
  id: "nicknameEdit",
  submitEvent: "nickname.submit",
  request: updateProfileRequest,
  result: userProfile,
});
