import type { MachineModel } from "../framework/model.ts";
import { appAddModel } from "./app-add.model.ts";
import { appEditModel } from "./app-edit.model.ts";
import { callbackRedeliverModel } from "./callback-redeliver.model.ts";
import { callbackTestModel } from "./callback-test.model.ts";
import { changePasswordModel } from "./change-password.model.ts";
import { checkoutPageModel } from "./checkout-page.model.ts";
import { codeSenderModel } from "./code-sender.model.ts";
import { consoleOverviewModel } from "./console-overview.model.ts";
import { currencyListModel } from "./currency-list.model.ts";
import { demoCheckoutModel } from "./demo-checkout.model.ts";
import { forgotPasswordModel } from "./forgot-password.model.ts";
import { googleLinkModel } from "./google-link.model.ts";
import { googleSignInModel } from "./google-sign-in.model.ts";
import { invoiceLifeModel } from "./invoice-life.model.ts";
import { languageChangeModel } from "./language-change.model.ts";
import { listExportModel } from "./list-export.model.ts";
import { listModel } from "./list.model.ts";
import { lastLoginModel } from "./last-login.model.ts";
import { messageBoxModel } from "./message-box.model.ts";
import { myCurrenciesModel } from "./my-currencies.model.ts";
import { navDrawerModel } from "./nav-drawer.model.ts";
import { nicknameEditModel } from "./nickname-edit.model.ts";
import { orderPaymentModel } from "./order-payment.model.ts";
import { orderPurchaseModel } from "./order-purchase.model.ts";
import { packageCatalogueModel } from "./package-catalogue.model.ts";
import { redeliverFailedModel } from "./redeliver-failed.model.ts";
import { registerModel } from "./register.model.ts";
import { secondFactorModel } from "./second-factor.model.ts";
import { securityActivityModel } from "./security-activity.model.ts";
import { addressAddModel, addressRemoveModel, withdrawModel } from "./wallet-dialogs.model.ts";
import { withdrawalApproveModel, withdrawalRejectModel } from "./withdrawal-decision.model.ts";
import { walletPageModel } from "./wallet-page.model.ts";
import { sessionModel } from "./session.model.ts";
import { settingsModel } from "./settings.model.ts";
import { subscriptionModel } from "./subscription.model.ts";
import { tabsModel } from "./tabs.model.ts";
import { twoFactorModel } from "./two-factor.model.ts";

/** Every machine QA walks. A machine missing here is missing from `npm run model-test`. */
export const allModels: ReadonlyArray<MachineModel> = [
  sessionModel,
  secondFactorModel,
  googleLinkModel,
  registerModel,
  forgotPasswordModel,
  codeSenderModel,
  languageChangeModel,
  changePasswordModel,
  nicknameEditModel,
  settingsModel,
  messageBoxModel,
  tabsModel,
  navDrawerModel,
  googleSignInModel,
  demoCheckoutModel,
  packageCatalogueModel,
  lastLoginModel,
  twoFactorModel,
  orderPurchaseModel,
  orderPaymentModel,
  subscriptionModel,
  consoleOverviewModel,
  securityActivityModel,
  currencyListModel,
  myCurrenciesModel,
  walletPageModel,
  addressAddModel,
  addressRemoveModel,
  withdrawModel,
  withdrawalApproveModel,
  withdrawalRejectModel,
  appEditModel,
  appAddModel,
  listModel,
  callbackRedeliverModel,
  redeliverFailedModel,
  callbackTestModel,
  listExportModel,
  invoiceLifeModel,
  checkoutPageModel,
] as never;

/**
 * Machines of machines/ that have no model on purpose, each with the reason (export name → why).
 * `npm run model-test` fails on a machine that has neither a model above nor a line here.
 */
export const machinesWithoutModel: Readonly<Record<string, string>> = {};
