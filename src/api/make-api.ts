import { authApi } from "./auth.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { demoApi } from "./demo.ts";
import { googleApi } from "./google.ts";
import { messageApi } from "./message.ts";
import { orderApi } from "./order.ts";
import { orderEventsApi } from "./order-events.ts";
import { userApi } from "./user.ts";
import { walletApi } from "./wallet.ts";

/** One object with every call of the console, over one configured client. */
export function makeApi(options: ClientOptions) {
  const call = createClient(options);
  return { ...authApi(call), ...userApi(call), ...walletApi(call), ...messageApi(call), ...googleApi(call), ...demoApi(call), ...orderApi(call), ...orderEventsApi(options) };
}
export type Api = ReturnType<typeof makeApi>;
