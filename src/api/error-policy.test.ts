import { describe, expect, it } from "vitest";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import { ApiError } from "./api-error.ts";
import { createErrorPolicy, errorToastMs } from "./error-policy.ts";

function targets() {
  const toasts: Array<[string, number]> = [];
  const expired: string[] = [];
  return {
    toasts,
    expired,
    toast: (m: string, t: number) => toasts.push([m, t]),
    sessionExpired: (m: string) => expired.push(m),
  };
}

describe("error policy", () => {
  it("toasts errMsg for 5 s, each errCode only once per page load", () => {
    const t = targets();
    const policy = createErrorPolicy(t);
    policy.apiError(new ApiError("api", "2006", "Wrong password"));
    policy.apiError(new ApiError("api", "2006", "Wrong password"));
    policy.apiError(new ApiError("api", "2001", ""));
    expect(t.toasts).toEqual([
      ["Wrong password", errorToastMs],
      ["Error", errorToastMs],
    ]);
    expect(errorToastMs).toBe(5000);
  });

  it("ends the session on every re-login code, and only on those", () => {
    const t = targets();
    const policy = createErrorPolicy(t);
    for (const code of ["4010", "4011", "4013", "4019", "4020", "4014", "4015", "4021", "4025", "4027", "5010"]) {
      policy.apiError(new ApiError("api", code, `expired ${code}`));
    }
    policy.apiError(new ApiError("api", "4012", "other"));
    expect(t.expired).toHaveLength(11);
    expect(t.expired).not.toContain("other");
  });

  it("toasts transport errors with their message or 'Request Error'", () => {
    const t = targets();
    const policy = createErrorPolicy(t);
    policy.transportError(new ApiError("transport", "network", "Failed to fetch"));
    policy.transportError(new ApiError("transport", "network", ""));
    expect(t.toasts.map(([m]) => m)).toEqual(["Failed to fetch", "Request Error"]);
  });

  it("words every refusal of orders and payment (2201–2209) in the console's messages", () => {
    const texts: Record<string, string | undefined> = enUS.errors;
    const orderCodes = [
      errCodes.packageNotFound,
      errCodes.orderNotFound,
      errCodes.orderClosed,
      errCodes.orderOpenExists,
      errCodes.trialUsed,
      errCodes.balanceInsufficient,
      errCodes.chainUnknown,
      errCodes.devPayUnavailable,
      errCodes.orderConfirming,
    ];
    expect(orderCodes).toEqual(["2201", "2202", "2203", "2204", "2205", "2206", "2207", "2208", "2209"]);
    for (const code of orderCodes) expect(texts[code], `errors.${code}`).toBeTruthy();
  });

  it("words every refusal of applications, their proofs and My currencies (2401–2410) in the console's messages", () => {
    const texts: Record<string, string | undefined> = enUS.errors;
    const appCodes = [
      errCodes.appNotFound,
      errCodes.appLimitReached,
      errCodes.appNoPackage,
      errCodes.appPackageExpired,
      errCodes.appProofRequired,
      errCodes.appProofInvalid,
      errCodes.appProofExpired,
      errCodes.appCallbackForbidden,
      errCodes.currencyLimitReached,
      errCodes.currencyNotOffered,
    ];
    expect(appCodes).toEqual(["2401", "2402", "2403", "2404", "2405", "2406", "2407", "2408", "2409", "2410"]);
    for (const code of appCodes) expect(texts[code], `errors.${code}`).toBeTruthy();
  });

  it("words every refusal of the open API (2501–2514), for a merchant reading its integration's answers", () => {
    const texts: Record<string, string | undefined> = enUS.errors;
    const openApiCodes = Object.entries(errCodes)
      .filter(([name]) => name.startsWith("openApi"))
      .map(([, code]) => code);
    expect(openApiCodes).toEqual(Array.from({ length: 14 }, (_, i) => String(2501 + i)));
    for (const code of openApiCodes) expect(texts[code], `errors.${code}`).toBeTruthy();
  });
});
