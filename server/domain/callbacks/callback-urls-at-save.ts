import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import { type CallbackTargets, checkCallbackUrl } from "./callback-target.ts";

/** An edit may leave either out (it is then unchanged, and not looked at). */
interface CallbackUrls {
  rechargeCallbackUrl?: string | undefined;
  withdrawCallbackUrl?: string | undefined;
}

const fieldNames = { rechargeCallbackUrl: "recharge", withdrawCallbackUrl: "withdraw" } as const;

/**
 * App/Add and App/Edit: a callback URL whose host resolves to a forbidden address is refused (2408), before anything is
 * written or a proof spent. A host that does not resolve is accepted: DNS changes, and the check when a callback is sent
 * (send-callback.ts) is the real guard. Where private targets are allowed (test servers) nothing is resolved at all.
 * The answer names the field, never the address the name resolved to (that would map an internal network).
 */
export async function refuseForbiddenCallbacks(
  urls: CallbackUrls,
  targets: CallbackTargets,
): Promise<Outcome<never> | null> {
  if (targets.allowPrivate) return null;
  for (const field of ["rechargeCallbackUrl", "withdrawCallbackUrl"] as const) {
    const url = urls[field];
    if (url === undefined) continue;
    const check = await checkCallbackUrl(url, targets);
    if (!check.ok && check.reason !== "unresolved")
      return fail(
        errCodes.appCallbackForbidden,
        `The ${fieldNames[field]} callback URL points to a private or local address: use one on the public internet`,
      );
  }
  return null;
}
