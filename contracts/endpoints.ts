import type * as z from "zod/mini";
import {
  checkCodeRequest,
  checkCodeResult,
  emptyResult,
  lastLoginResult,
  loginRequest,
  loginResult,
  logoutQuery,
  registerRequest,
  registerResult,
  resetPasswordRequest,
  sendCodeRequest,
  sendCodeResult,
  updatePasswordRequest,
} from "./schemas/auth.ts";
import { languageQuery, menuResult, updateProfileRequest, userInfoQuery, userProfile } from "./schemas/user.ts";
import { messageListRequest, messageListResult, messageReadRequest, messageReadResult } from "./schemas/message.ts";
import { getUserWalletRequest, userWalletResult } from "./schemas/wallet.ts";
import { demoCheckoutRequest, demoOrder, demoOrderRequest } from "./schemas/demo.ts";
import { googleCodeRequest, googleLinkRequest, googleLoginRequest, googleSignInResult } from "./schemas/google.ts";
import { balanceResult } from "./schemas/balance.ts";
import { devPayRequest, devPayResult, payChainListResult } from "./schemas/chains.ts";
import {
  createOrderRequest,
  order,
  orderCodeRequest,
  orderDetail,
  orderListRequest,
  orderEventsPath,
  orderListResult,
} from "./schemas/order.ts";
import { packageListResult } from "./schemas/packages.ts";
import { subscriptionResult } from "./schemas/subscription.ts";
import {
  loginAnswer,
  secondFactorRequest,
  twoFactorDisableRequest,
  twoFactorEnabled,
  twoFactorEnableRequest,
  twoFactorSetup,
  twoFactorStatus,
} from "./schemas/two-factor.ts";
import { securityActivityResult } from "./schemas/security-events.ts";
import {
  appAddRequest,
  appCredentials,
  appCredentialsRequest,
  appEditRequest,
  appListRequest,
  appListResult,
  appRotateRequest,
  appSetStatusRequest,
  application,
} from "./schemas/apps.ts";
import {
  appBill,
  billDetailRequest,
  billEventsPath,
  billEventsQuery,
  billListRequest,
  billListResult,
} from "./schemas/bills.ts";
import {
  callbackAttempt,
  callbackListRequest,
  callbackListResult,
  callbackRedeliverFailedRequest,
  callbackRedeliverFailedResult,
  callbackRedeliverRequest,
  callbackTestRequest,
} from "./schemas/callbacks.ts";

export type Method = "GET" | "POST";

/** The console's areas: the client's calls are grouped by them (`api.orders.list`). */
export type Area =
  | "auth"
  | "user"
  | "wallet"
  | "messages"
  | "demo"
  | "orders"
  | "chains"
  | "account"
  | "twoFactor"
  | "apps"
  | "bills"
  | "callbacks";

export interface Endpoint {
  /** With `call`, the client's name for it: `api[area][call]` (unique per area; endpoints.test.ts checks). */
  area: Area;
  call: string;
  method: Method;
  /** Path as the console calls it; `{name}` marks a path parameter. */
  path: string;
  /** Body schema (POST) or null when the call sends none. */
  body: z.ZodMiniType | null;
  /** Query-string schema or null. */
  query: z.ZodMiniType | null;
  result: z.ZodMiniType;
  /** Needs `Authorization: Bearer <token>`. */
  auth: boolean;
  /** `documented` in spec section 7, or `proposed` by us where the spec says "not shown". */
  source: "documented" | "proposed";
  /**
   * Server-sent events instead of one envelope: `result` is each event's data. Refusals before the stream starts
   * are envelopes. Served by its own route (server/http/order-events.ts), not the handler table.
   */
  stream?: true;
}

const endpoint = <const E extends Endpoint>(e: E) => e;

/** Every call the console makes. The server registers its routes from this table; the tests walk it. */
export const endpoints = {
  login: endpoint({
    area: "auth",
    call: "login",
    method: "POST",
    path: "/api/Login/Login",
    body: loginRequest,
    query: null,
    result: loginAnswer,
    auth: false,
    source: "documented",
  }),
  sendCode: endpoint({
    area: "auth",
    call: "sendCode",
    method: "POST",
    path: "/api/User/SentVerificationCode",
    body: sendCodeRequest,
    query: null,
    result: sendCodeResult,
    auth: false,
    source: "documented",
  }),
  register: endpoint({
    area: "auth",
    call: "register",
    method: "POST",
    path: "/api/Register/Register",
    body: registerRequest,
    query: null,
    result: registerResult,
    auth: false,
    source: "documented",
  }),
  checkCode: endpoint({
    area: "auth",
    call: "checkCode",
    method: "POST",
    path: "/api/Register/CheckCaptchaCode",
    body: checkCodeRequest,
    query: null,
    result: checkCodeResult,
    auth: false,
    source: "documented",
  }),
  logout: endpoint({
    area: "auth",
    call: "logout",
    method: "GET",
    path: "/api/Login/Logout",
    body: null,
    query: logoutQuery,
    result: emptyResult,
    auth: true,
    source: "documented",
  }),
  userInfo: endpoint({
    area: "user",
    call: "info",
    method: "GET",
    path: "/api/user/logout",
    body: null,
    query: userInfoQuery,
    result: userProfile,
    auth: true,
    source: "documented",
  }),
  menu: endpoint({
    area: "user",
    call: "menu",
    method: "POST",
    path: "/api/user/menu",
    body: null,
    query: null,
    result: menuResult,
    auth: true,
    source: "documented",
  }),
  updatePassword: endpoint({
    area: "user",
    call: "updatePassword",
    method: "POST",
    path: "/api/User/UpdatePwd",
    body: updatePasswordRequest,
    query: null,
    result: emptyResult,
    auth: true,
    source: "documented",
  }),
  resetPassword: endpoint({
    area: "auth",
    call: "resetPassword",
    method: "POST",
    path: "/api/User/ResetPassword",
    body: resetPasswordRequest,
    query: null,
    result: emptyResult,
    auth: false,
    source: "documented",
  }),
  userWallet: endpoint({
    area: "wallet",
    call: "userWallet",
    method: "POST",
    path: "/api/wallet/{product}Client/GetUserWallet",
    body: getUserWalletRequest,
    query: null,
    result: userWalletResult,
    auth: true,
    source: "documented",
  }),
  language: endpoint({
    area: "user",
    call: "language",
    method: "POST",
    path: "/api/User/Language",
    body: null,
    query: languageQuery,
    result: emptyResult,
    auth: true,
    source: "documented",
  }),
  updateProfile: endpoint({
    area: "user",
    call: "updateProfile",
    method: "POST",
    path: "/api/User/update",
    body: updateProfileRequest,
    query: null,
    result: userProfile,
    auth: true,
    source: "documented",
  }),
  lastLogin: endpoint({
    area: "auth",
    call: "lastLogin",
    method: "GET",
    path: "/api/Login/CheckLastLogin",
    body: null,
    query: null,
    result: lastLoginResult,
    auth: true,
    source: "documented",
  }),
  // The user centre's "Recent security activity" (issue 25): the merchant's own security event log, newest first.
  securityActivity: endpoint({
    area: "user",
    call: "securityActivity",
    method: "POST",
    path: "/api/User/SecurityActivity",
    body: null,
    query: null,
    result: securityActivityResult,
    auth: true,
    source: "proposed",
  }),
  // Sign-in with Google (spec section 2 names it, section 7 does not show its call): the ID token or the popup's code.
  googleLogin: endpoint({
    area: "auth",
    call: "googleLogin",
    method: "POST",
    path: "/api/Login/GoogleLogin",
    body: googleLoginRequest,
    query: null,
    result: googleSignInResult,
    auth: false,
    source: "proposed",
  }),
  googleCode: endpoint({
    area: "auth",
    call: "googleCode",
    method: "POST",
    path: "/api/Login/GoogleCode",
    body: googleCodeRequest,
    query: null,
    result: googleSignInResult,
    auth: false,
    source: "proposed",
  }),
  // A Google account whose e-mail is an existing merchant's: the link proven with that merchant's password or a mailed code.
  googleLink: endpoint({
    area: "auth",
    call: "googleLink",
    method: "POST",
    path: "/api/Login/GoogleLink",
    body: googleLinkRequest,
    query: null,
    result: loginAnswer,
    auth: false,
    source: "proposed",
  }),
  // The public checkout demo of /demo01, on demo data of its own.
  demoCheckout: endpoint({
    area: "demo",
    call: "checkout",
    method: "POST",
    path: "/api/Demo/Checkout",
    body: demoCheckoutRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
  demoStatus: endpoint({
    area: "demo",
    call: "status",
    method: "POST",
    path: "/api/Demo/Status",
    body: demoOrderRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
  demoPay: endpoint({
    area: "demo",
    call: "pay",
    method: "POST",
    path: "/api/Demo/Pay",
    body: demoOrderRequest,
    query: null,
    result: demoOrder,
    auth: false,
    source: "proposed",
  }),
  // The message box (spec section 2; its calls are mock-only in section 7): messages the server writes on real events.
  messageList: endpoint({
    area: "messages",
    call: "list",
    method: "POST",
    path: "/api/message/list",
    body: messageListRequest,
    query: null,
    result: messageListResult,
    auth: true,
    source: "proposed",
  }),
  messageRead: endpoint({
    area: "messages",
    call: "read",
    method: "POST",
    path: "/api/message/read",
    body: messageReadRequest,
    query: null,
    result: messageReadResult,
    auth: true,
    source: "proposed",
  }),
  // Packages, orders and payment (spec sections 2–5: "package purchase … not shown"), contracts/schemas/packages.ts, order.ts, chains.ts and balance.ts.
  packageList: endpoint({
    area: "orders",
    call: "packages",
    method: "POST",
    path: "/api/Package/List",
    body: null,
    query: null,
    result: packageListResult,
    auth: true,
    source: "proposed",
  }),
  subscription: endpoint({
    area: "orders",
    call: "subscription",
    method: "POST",
    path: "/api/Package/Current",
    body: null,
    query: null,
    result: subscriptionResult,
    auth: true,
    source: "proposed",
  }),
  orderCreate: endpoint({
    area: "orders",
    call: "create",
    method: "POST",
    path: "/api/Order/Create",
    body: createOrderRequest,
    query: null,
    result: order,
    auth: true,
    source: "proposed",
  }),
  orderList: endpoint({
    area: "orders",
    call: "list",
    method: "POST",
    path: "/api/Order/List",
    body: orderListRequest,
    query: null,
    result: orderListResult,
    auth: true,
    source: "proposed",
  }),
  orderDetail: endpoint({
    area: "orders",
    call: "detail",
    method: "POST",
    path: "/api/Order/Detail",
    body: orderCodeRequest,
    query: null,
    result: orderDetail,
    auth: true,
    source: "proposed",
  }),
  orderFinishPay: endpoint({
    area: "orders",
    call: "finishPay",
    method: "POST",
    path: "/api/Order/FinishPay",
    body: orderCodeRequest,
    query: null,
    result: order,
    auth: true,
    source: "proposed",
  }),
  orderCancel: endpoint({
    area: "orders",
    call: "cancel",
    method: "POST",
    path: "/api/Order/Cancel",
    body: orderCodeRequest,
    query: null,
    result: order,
    auth: true,
    source: "proposed",
  }),
  orderPayFromBalance: endpoint({
    area: "orders",
    call: "payFromBalance",
    method: "POST",
    path: "/api/Order/PayFromBalance",
    body: orderCodeRequest,
    query: null,
    result: order,
    auth: true,
    source: "proposed",
  }),
  payChains: endpoint({
    area: "chains",
    call: "list",
    method: "POST",
    path: "/api/Chain/List",
    body: null,
    query: null,
    result: payChainListResult,
    auth: true,
    source: "proposed",
  }),
  devPay: endpoint({
    area: "chains",
    call: "devPay",
    method: "POST",
    path: "/api/Chain/DevPay",
    body: devPayRequest,
    query: null,
    result: devPayResult,
    auth: true,
    source: "proposed",
  }),
  balance: endpoint({
    area: "account",
    call: "balance",
    method: "POST",
    path: "/api/Account/Balance",
    body: null,
    query: null,
    result: balanceResult,
    auth: true,
    source: "proposed",
  }),
  // Two-factor sign-in (issue 25): the second step of a sign-in whose first step answered a challenge; under
  // /api/Login so the device cookie comes along.
  secondFactor: endpoint({
    area: "auth",
    call: "secondFactor",
    method: "POST",
    path: "/api/Login/SecondFactor",
    body: secondFactorRequest,
    query: null,
    result: loginResult,
    auth: false,
    source: "proposed",
  }),
  // Turning TOTP on and off in the user centre.
  twoFactorStatus: endpoint({
    area: "twoFactor",
    call: "status",
    method: "GET",
    path: "/api/TwoFactor/Status",
    body: null,
    query: null,
    result: twoFactorStatus,
    auth: true,
    source: "proposed",
  }),
  twoFactorSetup: endpoint({
    area: "twoFactor",
    call: "setup",
    method: "POST",
    path: "/api/TwoFactor/Setup",
    body: null,
    query: null,
    result: twoFactorSetup,
    auth: true,
    source: "proposed",
  }),
  twoFactorEnable: endpoint({
    area: "twoFactor",
    call: "enable",
    method: "POST",
    path: "/api/TwoFactor/Enable",
    body: twoFactorEnableRequest,
    query: null,
    result: twoFactorEnabled,
    auth: true,
    source: "proposed",
  }),
  twoFactorDisable: endpoint({
    area: "twoFactor",
    call: "disable",
    method: "POST",
    path: "/api/TwoFactor/Disable",
    body: twoFactorDisableRequest,
    query: null,
    result: emptyResult,
    auth: true,
    source: "proposed",
  }),
  // My applications (issue 27; spec sections 2–4: "applications, credentials … not shown"), contracts/schemas/apps.ts.
  // Edit, credentials and rotation each spend a proof from Register/CheckCaptchaCode (type application).
  appList: endpoint({
    area: "apps",
    call: "list",
    method: "POST",
    path: "/api/App/List",
    body: appListRequest,
    query: null,
    result: appListResult,
    auth: true,
    source: "proposed",
  }),
  appAdd: endpoint({
    area: "apps",
    call: "add",
    method: "POST",
    path: "/api/App/Add",
    body: appAddRequest,
    query: null,
    result: application,
    auth: true,
    source: "proposed",
  }),
  appSetStatus: endpoint({
    area: "apps",
    call: "setStatus",
    method: "POST",
    path: "/api/App/SetStatus",
    body: appSetStatusRequest,
    query: null,
    result: application,
    auth: true,
    source: "proposed",
  }),
  appEdit: endpoint({
    area: "apps",
    call: "edit",
    method: "POST",
    path: "/api/App/Edit",
    body: appEditRequest,
    query: null,
    result: application,
    auth: true,
    source: "proposed",
  }),
  appCredentials: endpoint({
    area: "apps",
    call: "credentials",
    method: "POST",
    path: "/api/App/Credentials",
    body: appCredentialsRequest,
    query: null,
    result: appCredentials,
    auth: true,
    source: "proposed",
  }),
  appRotateSecret: endpoint({
    area: "apps",
    call: "rotateSecret",
    method: "POST",
    path: "/api/App/RotateSecret",
    body: appRotateRequest,
    query: null,
    result: appCredentials,
    auth: true,
    source: "proposed",
  }),
  // Application bills (issue 27; spec sections 2–3: "bills … not shown"), contracts/schemas/bills.ts: every transfer to
  // one of the merchant's deposit addresses, read only; the chain listener writes them.
  billList: endpoint({
    area: "bills",
    call: "list",
    method: "POST",
    path: "/api/Bill/List",
    body: billListRequest,
    query: null,
    result: billListResult,
    auth: true,
    source: "proposed",
  }),
  billDetail: endpoint({
    area: "bills",
    call: "detail",
    method: "POST",
    path: "/api/Bill/Detail",
    body: billDetailRequest,
    query: null,
    result: appBill,
    auth: true,
    source: "proposed",
  }),
  // Transaction callbacks (issue 28; spec section 2's "Transaction callback" menu, content not shown),
  // contracts/schemas/callbacks.ts: the log of every delivery attempt, redelivery and signed test events.
  callbackList: endpoint({
    area: "callbacks",
    call: "list",
    method: "POST",
    path: "/api/Callback/List",
    body: callbackListRequest,
    query: null,
    result: callbackListResult,
    auth: true,
    source: "proposed",
  }),
  callbackRedeliver: endpoint({
    area: "callbacks",
    call: "redeliver",
    method: "POST",
    path: "/api/Callback/Redeliver",
    body: callbackRedeliverRequest,
    query: null,
    result: callbackAttempt,
    auth: true,
    source: "proposed",
  }),
  callbackRedeliverFailed: endpoint({
    area: "callbacks",
    call: "redeliverFailed",
    method: "POST",
    path: "/api/Callback/RedeliverFailed",
    body: callbackRedeliverFailedRequest,
    query: null,
    result: callbackRedeliverFailedResult,
    auth: true,
    source: "proposed",
  }),
  callbackTest: endpoint({
    area: "callbacks",
    call: "test",
    method: "POST",
    path: "/api/Callback/Test",
    body: callbackTestRequest,
    query: null,
    result: callbackAttempt,
    auth: true,
    source: "proposed",
  }),
  orderEvents: endpoint({
    area: "orders",
    call: "watch",
    method: "GET",
    path: orderEventsPath,
    body: null,
    query: orderCodeRequest,
    result: order,
    auth: true,
    source: "proposed",
    stream: true,
  }),
  billEvents: endpoint({
    area: "bills",
    call: "watch",
    method: "GET",
    path: billEventsPath,
    body: null,
    query: billEventsQuery,
    result: appBill,
    auth: true,
    source: "proposed",
    stream: true,
  }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The calls answered with one envelope: the handler table's keys (every endpoint but the streams). */
export type EnvelopeEndpointName = {
  [N in EndpointName]: Endpoints[N] extends { stream: true } ? never : N;
}[EndpointName];
export type ResultOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]["result"]>;

/** Fills `{name}` path parameters; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`missing path parameter ${key} for ${path}`);
    return encodeURIComponent(value);
  });
}
