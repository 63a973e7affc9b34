import { ApiError } from "./api-error.ts";
import type { ClientOptions } from "./client.ts";
import type { Api } from "./make-api.ts";
import { orderEventsOnDemand } from "./order-events-on-demand.ts";

type CallName = Exclude<keyof Api, "watchOrder">;

// Every call of the Api; the typecheck fails when one is missing here or named here without existing.
const callNames = {
  login: true,
  sendCode: true,
  register: true,
  checkCode: true,
  logout: true,
  updatePassword: true,
  resetPassword: true,
  lastLogin: true,
  userInfo: true,
  menu: true,
  saveLanguage: true,
  updateProfile: true,
  userWallet: true,
  messages: true,
  markRead: true,
  googleLogin: true,
  googleCode: true,
  demoCheckout: true,
  demoStatus: true,
  demoPay: true,
  packageList: true,
  subscription: true,
  orderCreate: true,
  orderList: true,
  orderDetail: true,
  orderFinishPay: true,
  orderCancel: true,
  orderPayFromBalance: true,
  payChains: true,
  devPay: true,
  balance: true,
} satisfies Record<CallName, true>;

/**
 * The console's Api, whose code (the endpoint table, its schemas, ky and the client) comes with the first call
 * rather than with the page: /login paints and takes input without it, and a signed-in page's first call loads it
 * alongside the page's own code. A chunk that fails to load is a transport failure, reported and thrown like one,
 * and tried again by the next call.
 */
export function apiOnDemand(options: ClientOptions): Api {
  let loading: Promise<Api> | undefined;
  const load = (): Promise<Api> => {
    loading ??= import("./make-api.ts").then(
      ({ makeApi }) => makeApi(options),
      (error: unknown) => {
        loading = undefined;
        const failure = new ApiError(
          "transport",
          "network",
          error instanceof Error && error.message ? error.message : "Request Error",
        );
        options.reporter?.transportError(failure);
        throw failure;
      },
    );
    return loading;
  };
  const calls = Object.fromEntries(
    (Object.keys(callNames) as CallName[]).map((name) => [
      name,
      (...args: unknown[]) => load().then((api) => (api[name] as (...a: unknown[]) => unknown)(...args)),
    ]),
  );
  return { ...calls, ...orderEventsOnDemand(options) } as Api;
}
