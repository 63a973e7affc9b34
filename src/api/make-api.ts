import { authApi } from "./auth.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { demoApi } from "./demo.ts";
import { googleApi } from "./google.ts";
import { messageApi } from "./message.ts";
import { orderApi } from "./order.ts";
import { orderEventsOnDemand } from "./order-events-on-demand.ts";
import { userApi } from "./user.ts";
import { walletApi } from "./wallet.ts";

/** One object with every call of the console, over one configured client. */
export function makeApi(options: ClientOptions) {
  const call = createClient(options);
  return {
    ...authApi(call),
    ...userApi(call),
    ...walletApi(call),
    ...messageApi(call),
    ...googleApi(call),
    ...demoApi(call),
    ...orderApi(call),
    ...orderEventsOnDemand(options),
  };
}
export type Api = ReturnType<typeof makeApi>;
