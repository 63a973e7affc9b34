import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { errCodes, reloginCodes } from "../../contracts/schemas/envelope.ts";
import enUS from "../../locales/en-US.json" with { type: "json" };
import { ApiError } from "./api-error.ts";
import { createErrorPolicy } from "./error-policy.ts";
import { type PageAddition, pageAddition } from "./error-policy-page.ts";

const english = (key: string) => (enUS.errorPage as Record<string, string>)[key.replace(/^errorPage\./, "")];
const errorTexts: Record<string, string | undefined> = enUS.errors;

/** What the merchant reads for one failure: the toast (as the console words it) and what the page adds. */
function shown(error: ApiError) {
  const toasts: string[] = [];
  createErrorPolicy({
    toast: (message) => toasts.push(message),
    describe: (e) => (e.kind === "api" ? errorTexts[e.errCode] : undefined),
    sessionExpired: () => undefined,
  })[error.kind === "api" ? "apiError" : "transportError"](error);
  const page = pageAddition(error);
  const pageText = page.kind === "field" || page.kind === "nextStep" ? english(page.nextStep) : undefined;
  return { toast: toasts[0], page, pageText };
}

describe("what the toast says and what the page adds (spec section 8, issue 26)", () => {
  it("a refused field: the toast names the problem, the page marks the field and says what to do", () => {
    expect(shown(new ApiError("api", errCodes.badCredentials, "Wrong e-mail or password"))).toEqual({
      toast: "Wrong e-mail or password",
      page: { kind: "field", field: "password", nextStep: "errorPage.checkCredentials" },
      pageText: "Check the e-mail above, then type the password again",
    });
    expect(pageAddition({ errCode: errCodes.emailTaken, errMsg: "" })).toMatchObject({ field: "email" });
    expect(pageAddition({ errCode: errCodes.codeExpired, errMsg: "" })).toMatchObject({ field: "code" });
    expect(pageAddition({ errCode: errCodes.oldPasswordWrong, errMsg: "" })).toMatchObject({ field: "oldPassword" });
    // The authenticator's code: beside the mailed code (a withdrawal's proof) it is never the mailed code's field.
    expect(pageAddition({ errCode: errCodes.twoFactorCodeWrong, errMsg: "" })).toMatchObject({ field: "totpCode" });
    expect(pageAddition({ errCode: errCodes.twoFactorRequired, errMsg: "" })).toMatchObject({ field: "totpCode" });
    // A destination that is not a checksummed address (or is the zero address): the address typed is marked.
    expect(shown(new ApiError("api", errCodes.withdrawalBadAddress, "bad"))).toEqual({
      toast: "The destination is not a checksummed address of this chain",
      page: { kind: "field", field: "address", nextStep: "errorPage.checksumAddress" },
      pageText: "Copy the address whole from the wallet or exchange that shows it, keeping its capital letters",
    });
    // A destination that is one of this service's own (a deposit or treasury address): the address typed is marked.
    expect(shown(new ApiError("api", errCodes.withdrawalOurAddress, "ours"))).toEqual({
      toast: "The destination is one of this service's own addresses",
      page: { kind: "field", field: "address", nextStep: "errorPage.ownAddress" },
      pageText: "Use an address outside this service, such as your own wallet's or an exchange's",
    });
  });

  it("a refusal the toast already said: the page says only what to do next", () => {
    expect(shown(new ApiError("api", errCodes.orderOpenExists, "open order"))).toEqual({
      toast: "You already have an open order: pay or cancel it first",
      page: { kind: "nextStep", nextStep: "errorPage.seeMyOrders" },
      pageText: "See the order's state under My orders",
    });
    expect(shown(new ApiError("api", errCodes.appCallbackForbidden, "Callback URL refused"))).toEqual({
      toast: "A callback URL points to a private or local address",
      page: { kind: "nextStep", nextStep: "errorPage.publicCallback" },
      pageText: "Use callback URLs whose host can be reached from the public internet",
    });
    // Issue 37: the e-mail's cap of codes asked for by addresses; the codes already mailed still work.
    expect(shown(new ApiError("api", errCodes.codesPerEmailReached, "capped"))).toEqual({
      toast: "This e-mail address has been sent many codes lately",
      page: { kind: "nextStep", nextStep: "errorPage.newestCode" },
      pageText:
        "Use the newest code in your inbox, or ask again in a few minutes (at once from a browser you signed in with before)",
    });
    expect(pageAddition({ errCode: "2999", errMsg: "a code the console does not know" })).toEqual({
      kind: "nextStep",
      nextStep: "errorPage.checkEntries",
    });
  });

  it("the server failed: the toast says so, the page to try again in a moment", () => {
    expect(shown(new ApiError("api", errCodes.internal, "boom"))).toMatchObject({
      toast: "Something went wrong on the server, please retry",
      pageText: "Try again in a moment",
    });
    expect(shown(new ApiError("api", errCodes.busy, "busy"))).toMatchObject({
      pageText: "Wait a few minutes, then try again",
    });
  });

  it("no answer at all: the toast gives the browser's reason, the page says to check the connection", () => {
    expect(shown(new ApiError("transport", "network", "Failed to fetch"))).toMatchObject({
      toast: "Failed to fetch",
      pageText: "Check your connection, then try again",
    });
    expect(pageAddition({ errCode: "HTTP 502", errMsg: "Bad Gateway" })).toEqual(
      pageAddition(new ApiError("parse", "envelope", "")),
    );
  });

  it("a signed-in code asked without the session (2012, issue 67): no Re-Login dialog, the page says to sign in", () => {
    let expired = false;
    createErrorPolicy({ toast: () => undefined, sessionExpired: () => (expired = true) }).apiError(
      new ApiError("api", errCodes.codeNeedsSession, "Sign in"),
    );
    expect(expired).toBe(false);
    expect(shown(new ApiError("api", errCodes.codeNeedsSession, "Sign in"))).toEqual({
      toast: "Sign in to the console to have this code sent to your e-mail",
      page: { kind: "nextStep", nextStep: "errorPage.signInAgain" },
      pageText: "Start again from the sign-in form",
    });
  });

  it("a code that ends the session: the Re-Login dialog says it, the page adds nothing", () => {
    for (const code of reloginCodes) expect(pageAddition({ errCode: code, errMsg: "x" })).toEqual({ kind: "nothing" });
  });

  it("a failure no toast reported (not from the API): the page says what went wrong itself", () => {
    expect(pageAddition({ errCode: "unknown", errMsg: "Failed to load the library" })).toEqual({
      kind: "unreported",
      message: "Failed to load the library",
    });
  });

  it("never repeats the toast's words, for every errCode the console knows and no answer at all", () => {
    const failures = [
      ...Object.keys(errorTexts)
        .filter((code) => /^\d+$/.test(code))
        .map((code) => new ApiError("api", code, `server words ${code}`)),
      new ApiError("transport", "network", "Failed to fetch"),
      new ApiError("transport", "network", ""),
      new ApiError("parse", "resData", "Unexpected answer"),
    ];
    for (const failure of failures) {
      const { toast, page, pageText } = shown(failure);
      expect(toast, failure.errCode).toBeTruthy();
      const adds: PageAddition["kind"][] = ["field", "nextStep", "nothing"];
      expect(adds, failure.errCode).toContain(page.kind);
      if (pageText === undefined) continue;
      expect(pageText, `errorPage text of ${failure.errCode}`).toBeTruthy();
      expect(pageText.toLowerCase()).not.toContain(String(toast).toLowerCase());
      expect(String(toast).toLowerCase()).not.toContain(pageText.toLowerCase());
    }
  });
});

describe("in every language", () => {
  const locales = ["en-US", "zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"];
  it.each(locales)(
    "%s: the page's words for a refusal never hold the toast's, nor the toast's the page's",
    (locale) => {
      const messages = JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), "utf8")) as {
        errors: Record<string, string>;
        errorPage: Record<string, string>;
      };
      for (const [code, toast] of Object.entries(messages.errors).filter(([code]) => /^\d+$/.test(code))) {
        const page = pageAddition({ errCode: code, errMsg: "" });
        if (page.kind !== "field" && page.kind !== "nextStep") continue;
        const words = messages.errorPage[page.nextStep.replace("errorPage.", "")] ?? "";
        expect(words, `${locale} errorPage for ${code}`).toBeTruthy();
        expect(words.includes(toast) || toast.includes(words), `${locale} ${code}: "${toast}" / "${words}"`).toBe(
          false,
        );
      }
    },
  );
});
