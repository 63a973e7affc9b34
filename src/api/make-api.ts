import { authApi } from "./auth.ts";
import { type ClientOptions, createClient } from "./client.ts";
import { messageApi } from "./message.ts";
import { userApi } from "./user.ts";
import { walletApi } from "./wallet.ts";

/** One object with every call of the console, over one configured client. */
export function makeApi(options: ClientOptions) {
  const call = createClient(options);
  return { ...authApi(call), ...userApi(call), ...walletApi(call), ...messageApi(call) };
}
export type Api = ReturnType<typeof makeApi>;
