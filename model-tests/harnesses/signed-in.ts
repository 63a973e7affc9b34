import { screen } from "@testing-library/react";
import { emptyKeysetPage } from "../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import type { Answers } from "../framework/fake-api.ts";
import { createControlledApi } from "../framework/fake-api.ts";
import { renderConsole } from "../framework/render-console.tsx";
import {
  emptyBalance,
  loginResult,
  merchant,
  noFigures,
  noSubscription,
  profile,
  storedUser,
} from "../models/fixtures.ts";

/** Answers for the calls a signed-in console makes on its own. */
export const signedInAnswers: Answers = {
  "user.info": async () => profile,
  "auth.lastLogin": async () => ({ userId: merchant.userId, lastLoginAt: null, lastLoginIp: null }),
  // The navbar's message box loads on mount.
  "messages.list": async () => [],
  "messages.read": async () => true as const,
  // The user centre's recent security activity.
  "user.securityActivity": async () => ({ items: [] }),
  // The console home's package card and figures (following the bills), and My orders when a path opens it.
  "orders.subscription": async () => noSubscription,
  "console.overview": async ({ range }) => noFigures(range),
  "bills.watch": () => () => {},
  "account.balance": async () => emptyBalance,
  // The user centre's two-factor card.
  "twoFactor.status": async () => ({ enabled: false, recoveryCodesLeft: 0 }),
  "orders.list": async (request = {}) => emptyKeysetPage(request.pageSize),
};

/**
 * Answers for a console signing in at /login: a code mailed on demand, then the calls the signed-in console makes on its
 * own, its profile apart.
 */
export const signingInAnswers: Answers = {
  "auth.lastLogin": async () => ({ userId: merchant.userId, lastLoginAt: null, lastLoginIp: null }),
  "auth.sendCode": async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }),
  "messages.list": async () => [],
  "orders.subscription": signedInAnswers["orders.subscription"],
  "account.balance": signedInAnswers["account.balance"],
  "console.overview": signedInAnswers["console.overview"],
  "bills.watch": signedInAnswers["bills.watch"],
  "twoFactor.status": signedInAnswers["twoFactor.status"],
};

/** The console at /console/index for the sample merchant, with `controlled` calls answered by the path. */
export async function renderSignedIn(
  controlled: Parameters<typeof createControlledApi>[0],
  options: { language?: string } = {},
) {
  const fake = createControlledApi(controlled, signedInAnswers);
  const user = { ...storedUser, language: options.language ?? storedUser.language };
  const h = await renderConsole({
    url: "/console/index",
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(user) },
  });
  await screen.findByTestId("account-email");
  return Object.assign(h, { fake });
}
