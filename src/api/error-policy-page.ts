import { errCodes, reloginCodes } from "../../contracts/schemas/envelope.ts";
import type enUS from "../../locales/en-US.json";

/** An i18n key of what to do next; never the error's own words, which the toast says. */
export type NextStep = `errorPage.${keyof typeof enUS.errorPage}`;

/**
 * What the page adds to the error toast (spec section 8), decided here once for every page. The toast names the
 * problem; the page never says those words again.
 */
export type PageAddition =
  /** A field's value was refused: the page marks the field, moves the focus to it and says under it what to do. */
  | { kind: "field"; field: string; nextStep: NextStep }
  /** A refusal the toast named, a server that failed or no answer at all: a callout says what to do next. */
  | { kind: "nextStep"; nextStep: NextStep }
  /** The Re-Login dialog (or the step the page goes back to) says it all. */
  | { kind: "nothing" }
  /** No toast told the merchant (the failure did not come from the API): the page says what went wrong. */
  | { kind: "unreported"; message: string };

const c = errCodes;

/** The field of a form whose value the server refused, by errCode, and what to do about it. */
const fieldRefusals: Readonly<Record<string, { field: string; nextStep: NextStep }>> = {
  [c.emailTaken]: { field: "email", nextStep: "errorPage.emailTaken" },
  [c.accountNotFound]: { field: "email", nextStep: "errorPage.checkEmail" },
  [c.codeWrong]: { field: "code", nextStep: "errorPage.codeWrong" },
  [c.codeExpired]: { field: "code", nextStep: "errorPage.codeExpired" },
  [c.badCredentials]: { field: "password", nextStep: "errorPage.checkCredentials" },
  [c.oldPasswordWrong]: { field: "oldPassword", nextStep: "errorPage.retypePassword" },
  [c.passwordTooCommon]: { field: "password", nextStep: "errorPage.longerPassword" },
  // The authenticator's code (or a recovery code), apart from a mailed code the same form may ask for.
  [c.twoFactorCodeWrong]: { field: "totpCode", nextStep: "errorPage.authenticatorCode" },
  [c.twoFactorRequired]: { field: "totpCode", nextStep: "errorPage.authenticatorCode" },
  // A withdrawal destination that is not a checksummed address (or is the zero address): "Add address"'s field.
  [c.withdrawalBadAddress]: { field: "address", nextStep: "errorPage.checksumAddress" },
  // A withdrawal destination that is one of this service's own (a deposit or treasury address): "Add address"'s field.
  [c.withdrawalOurAddress]: { field: "address", nextStep: "errorPage.ownAddress" },
};

const nextSteps: Readonly<Record<string, NextStep>> = {
  // The code sender counts down the seconds the refusal says are left.
  [c.codeTooSoon]: "errorPage.waitForCountdown",
  [c.rateLimited]: "errorPage.waitAndRetry",
  [c.signInNeedsMailCode]: "errorPage.mailSignInCode",
  // The e-mail's hourly cap of codes asked for by addresses: the codes already mailed still work.
  [c.codesPerEmailReached]: "errorPage.newestCode",
  // A signed-in purpose's code asked without the session: the console's session ended; not a re-login code.
  [c.codeNeedsSession]: "errorPage.signInAgain",
  [c.busy]: "errorPage.waitAndRetry",
  [c.googleUnreachable]: "errorPage.waitAndRetry",
  [c.internal]: "errorPage.retry",
  [c.mailNotSent]: "errorPage.mailPending",
  [c.googleNotConfigured]: "errorPage.usePassword",
  [c.googleEmailUnverified]: "errorPage.usePassword",
  [c.googleTokenInvalid]: "errorPage.googleAgain",
  [c.googleLinkExpired]: "errorPage.signInAgain",
  [c.signInChallengeExpired]: "errorPage.signInAgain",
  [c.packageNotFound]: "errorPage.otherPackage",
  [c.trialUsed]: "errorPage.otherPackage",
  [c.packageDowngrade]: "errorPage.otherPackage",
  [c.orderNotFound]: "errorPage.seeMyOrders",
  [c.orderClosed]: "errorPage.seeMyOrders",
  [c.orderOpenExists]: "errorPage.seeMyOrders",
  [c.orderConfirming]: "errorPage.seeMyOrders",
  [c.balanceInsufficient]: "errorPage.payByTransfer",
  [c.devPayUnavailable]: "errorPage.payByTransfer",
  [c.chainUnknown]: "errorPage.otherNetwork",
  [c.twoFactorAlreadyOn]: "errorPage.reload",
  [c.twoFactorNotOn]: "errorPage.reload",
  [c.twoFactorNoSetup]: "errorPage.reload",
  [c.appNotFound]: "errorPage.reload",
  [c.callbackNotFound]: "errorPage.reload",
  [c.callbackNoUrl]: "errorPage.setCallbackUrl",
  [c.appLimitReached]: "errorPage.upgradePackage",
  [c.appNoPackage]: "errorPage.buyPackage",
  [c.appPackageExpired]: "errorPage.buyPackage",
  [c.appProofRequired]: "errorPage.verifyAgain",
  [c.appProofInvalid]: "errorPage.verifyAgain",
  [c.appProofExpired]: "errorPage.verifyAgain",
  [c.appCallbackForbidden]: "errorPage.publicCallback",
  // My currencies: past the package's currency limit (or without one), and a currency no longer offered.
  [c.currencyLimitReached]: "errorPage.upgradePackage",
  [c.currencyNotOffered]: "errorPage.reload",
};

/** The server answered and refused: a numeric errCode (the client's own codes are words: network, envelope …). */
const isServerCode = (errCode: string) => /^\d+$/.test(errCode);
/** What the API client reports (so the toast said it): a server's code, no answer, or an answer it could not read. */
const isReported = (errCode: string) =>
  isServerCode(errCode) ||
  errCode === "network" ||
  errCode.startsWith("HTTP ") ||
  ["envelope", "resData"].includes(errCode);

export function pageAddition(failure: { errCode: string; errMsg: string }): PageAddition {
  const { errCode } = failure;
  if (!isReported(errCode)) return { kind: "unreported", message: failure.errMsg };
  if (!isServerCode(errCode)) return { kind: "nextStep", nextStep: "errorPage.noAnswer" };
  if (reloginCodes.includes(errCode)) return { kind: "nothing" };
  const field = fieldRefusals[errCode];
  if (field) return { kind: "field", ...field };
  return { kind: "nextStep", nextStep: nextSteps[errCode] ?? "errorPage.checkEntries" };
}
