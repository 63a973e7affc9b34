import { type OverviewRange, type OverviewResult, overviewRangeDays } from "../../contracts/schemas/console.ts";
import type { LoginResult } from "../../contracts/schemas/auth.ts";
import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { UserProfile } from "../../contracts/schemas/user.ts";

/** The sample merchant every model uses; harnesses answer the fake API with these. */
export const merchant = {
  email: "merchant@example.com",
  password: "Merchant7Pass",
  userId: "100001",
  nickName: "merchant",
};

export const loginResult: LoginResult = {
  accessToken: "token-1",
  userId: merchant.userId,
  email: merchant.email,
  language: "en-US",
  nickName: merchant.nickName,
  avatar: "",
};

export const storedUser = {
  id: merchant.userId,
  email: merchant.email,
  language: "en-US",
  nickName: merchant.nickName,
  avatar: "",
};

export const profile: UserProfile = {
  userId: merchant.userId,
  accountId: merchant.userId,
  email: merchant.email,
  nickName: merchant.nickName,
  name: "",
  avatar: "",
  language: "en-US",
  role: "",
  registrationDate: "2026-01-01T00:00:00.000Z",
  job: "",
  jobName: "",
  organization: "",
  organizationName: "",
  location: "",
  locationName: "",
  introduction: "",
  personalWebsite: "",
  phone: "",
  certification: 0,
};

/** A merchant who has bought nothing yet: no package, the trial still available, an empty balance. */
export const noSubscription: SubscriptionResult = {
  package: null,
  expiresAt: null,
  active: false,
  trialAvailable: true,
  usage: { wallets: 0, currencies: 0, applications: 0 },
  serverTime: "2026-02-01T10:00:00.000Z",
};

const zeroDays = (range: OverviewRange) =>
  Array.from({ length: overviewRangeDays[range] }, (_, i) => ({
    date: new Date(Date.UTC(2026, 1, 1) - (overviewRangeDays[range] - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    amount: "0",
    count: 0,
  }));

/** The console home's figures of a merchant with nothing yet: zeros, one point a day of the range. */
export const noFigures = (range: OverviewRange): OverviewResult => ({
  counts: { applications: 0, currencies: 0, wallets: 0 },
  balance: "0",
  mainChain: "0",
  today: { date: "2026-02-01", amount: "0", count: 0 },
  invoicesPaidToday: { date: "2026-02-01", amount: "0", count: 0 },
  trend: { range, days: zeroDays(range), invoicesPaid: zeroDays(range) },
  serverTime: "2026-02-01T10:00:00.000Z",
});

export const emptyBalance: BalanceResult = { balance: "0", currency: "USDT", entries: [] };

/** An actor failure as the API client throws it. */
export const failure = (errCode: string, errMsg: string) => ({ errCode, errMsg });

/** A path's failure as a tester reads it. */
export const refusal = (error: unknown) =>
  `The server refuses: "${(error as { errMsg?: string } | null)?.errMsg ?? String(error)}"`;
