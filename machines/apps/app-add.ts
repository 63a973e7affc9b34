import { appAddRequest, application } from "../../contracts/schemas/apps.ts";
import { createFormDialogMachine } from "../form-dialog.ts";

/** "Add application" (spec section 2): name, site, the two callback addresses and a remark, with App/Add. */
export const appAddMachine = createFormDialogMachine({
  id: "appAdd",
  submitEvent: "app.add",
  request: appAddRequest,
  result: application,
});
