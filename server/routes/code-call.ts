import type { EndpointName } from "../../contracts/endpoints.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { RequestSignals } from "../domain/identity/code-requester.ts";
import { deviceCookieName } from "../domain/identity/device-cookie.ts";
import { ApiError } from "../domain/platform/outcome.ts";
import type { Handler, HandlerContext } from "../http/handler.ts";

/** A code call's handler, run through `services.codeCalls` (a few at a time, so sign-ins are not crowded out). */
export const queuedAsCodeCall =
  <N extends EndpointName>(handle: Handler<N>["handle"]): Handler<N>["handle"] =>
  (ctx) =>
    ctx.services.codeCalls.run("other", () => handle(ctx));

/** Who makes a code call, as the request shows it: its address and device cookie (domain/identity/code-requester.ts). */
export const codeCaller = (ctx: Pick<HandlerContext<EndpointName>, "ip" | "cookie">): RequestSignals => ({
  ip: ctx.ip,
  deviceCookie: ctx.cookie(deviceCookieName),
});

/**
 * The same, with the merchant of the request's session when it came signed in (the console sends its Bearer token on
 * every call). A token that names no live session counts as none here: asking for a code works signed out.
 */
export async function signedInCodeCaller(
  ctx: Pick<HandlerContext<EndpointName>, "ip" | "cookie" | "sessionIfSignedIn">,
): Promise<RequestSignals> {
  const session = await ctx.sessionIfSignedIn().catch((error: unknown) => {
    if (error instanceof ApiError && error.code === errCodes.notLoggedIn) return null;
    throw error;
  });
  return { ...codeCaller(ctx), signedInMerchantId: session?.scope.merchantId ?? null };
}
