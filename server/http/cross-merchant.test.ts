import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type EndpointName, endpoints } from "../../contracts/endpoints.ts";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { MessageType } from "../../contracts/schemas/messages.ts";
import { appBill, billEventsPath } from "../../contracts/schemas/bills.ts";
import { transactionEventsPath, transactionRecord } from "../../contracts/schemas/transactions.ts";
import { consoleInvoice, invoiceEventsPath } from "../../contracts/schemas/invoices.ts";
import { notifyLive } from "../domain/platform/live-changes.ts";
import { type OpenedEventStream, openEventStream } from "../testing/event-stream.ts";
import {
  type Answer,
  type CallOptions,
  call,
  createHarness,
  type Harness,
  type Merchant,
  reset,
  signedInMerchant,
} from "../testing/harness.ts";
import { actFor, systemScope } from "../domain/identity/system-scope.ts";
import { receivingAddressOf } from "../domain/payments/receiving-addresses.ts";
import { recordSecurityEvent } from "../domain/identity/security-events.ts";
import {
  seedBalance,
  seedCode,
  seedMessage,
  seedOpenOrder,
  seedPackageId,
  seedPaidOrder,
  seedApplication,
  seedAppProof,
  seedBill,
  seedCallbackDelivery,
  seedInvoice,
  seedTotp,
  testTotpSecret,
} from "../testing/seed.ts";
import { totpCodeAt } from "../domain/identity/totp.ts";
import { merchantLines } from "../domain/payments/balance.ts";
import { requestWithdrawal, type WithdrawalRules } from "../domain/withdrawals/withdrawal-holds.ts";
import { toAtto } from "../../contracts/money.ts";
import { type StubChainLayer, stubChainLayer } from "../testing/stub-chain.ts";

/**
 * Merchant B, signed in, calls every authenticated endpoint of contracts/endpoints.ts with merchant A's
 * ids wherever the endpoint takes ids (body, query, path). Each call must be refused (403/4030 or 404) or
 * answer without any of A's data; afterwards A's rows are exactly as seeded and A's session still works.
 *
 * The cases are keyed by endpoint name: an authenticated endpoint without a case fails here (and in
 * tsc), and a case must put something in every input field its endpoint's schemas declare, so a field
 * added later (an order id, an application id…) is tried with A's value too.
 */

let h: Harness;
let chain: StubChainLayer;
let withdrawals: WithdrawalRules;
beforeAll(async () => {
  chain = stubChainLayer();
  const tokens = chain.chains.flatMap((c) =>
    c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: 10n ** 18n })),
  );
  withdrawals = { tokens, dailyLimit: 10_000n * 10n ** 18n, forbidden: new Set<string>(), addressCooldownSeconds: 0 };
  h = await createHarness({ chain, withdrawals });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await reset(h);
  chain.devPayments.length = 0;
});

type AuthenticatedEndpoint = {
  [N in EndpointName]: (typeof endpoints)[N]["auth"] extends true ? N : never;
}[EndpointName];

interface SeededMessage {
  id: string;
  type: MessageType;
  title: string;
}

interface World {
  a: Merchant;
  b: Merchant;
  aMessages: SeededMessage[];
  bMessages: SeededMessage[];
  aWallets: Array<{ product: string; currency: string; address: string }>;
  /** A's open (pending) order and paid order; B has a balance and a paid order of its own. */
  aPackageId: string;
  aOpenOrder: string;
  aPaidOrder: string;
  bPaidOrder: string;
  /** A's application, and proofs A's e-mail code made for each action on it; B's own application. */
  aApp: string;
  aProofs: Record<"edit" | "credentials" | "rotate", string>;
  bApp: string;
  /** A's bill (to a deposit address of A's application, from an address only A's bill holds) and B's own. */
  aBill: { billNo: string; txHash: string; depositAddress: string; fromAddress: string };
  bBill: string;
  /** The cursor of A's second page of bills (A has an older bill too): B sending it reads nothing of A's. */
  aBillsCursor: string;
  /** A's failed delivery of its bill's event (one attempt) and B's own failed one. */
  aCallback: { deliveryId: string; eventId: string; attemptId: string };
  bCallback: { deliveryId: string; eventId: string; attemptId: string };
  /** A's destination in its withdrawal address book (usable), by id and address. */
  aDestination: { id: string; address: string };
  /** The cursor of A's second page of withdrawals (one a page). */
  aWithdrawalsCursor: string;
  /** A's withdrawal of 2.5 waiting for A's approval (above its application's limit of 2). */
  aAwaitingWithdrawal: string;
  /** The cursor of A's second page of recharge bills (one a page). */
  aRechargesCursor: string;
  /** The cursor of A's second page of transaction records (one a page). */
  aTransactionsCursor: string;
  /** The transaction of A's recharge: B searching by it finds nothing. */
  aRechargeTxHash: string;
  /** A's invoice (its public id and order id), the cursor of A's second page of invoices, and B's own invoice's order id. */
  aInvoice: { invoiceId: string; orderId: string };
  aInvoicesCursor: string;
  bInvoiceOrder: string;
  /** B's own invoice's public id (B's live invoices hear it). */
  bInvoiceId: string;
  /** Strings only A's rows hold: none may appear anywhere in an answer to B. */
  aSecrets: string[];
  /** A's ids: no id-like field of an answer to B may hold one. */
  aIds: string[];
}

type Attack = Omit<CallOptions, "token"> & {
  /** `refused`: 403/4030 or 404. `answered`: any other answer, which must hold none of A's data. */
  outcome: "refused" | "answered";
  /** What else the answer (as B's own) must show. */
  check?: (answer: Answer, w: World) => void | Promise<void>;
};

interface Case {
  /** B's calls, carrying A's ids; together they fill every input field of the endpoint. */
  attacks(w: World): Attack[];
  /** After every attack: what B's own data must show (A's is checked by the runner). */
  after?(w: World): Promise<void>;
}

/** A's recovery code (TOTP is on for A). */
const aRecoveryCode = "alpha-recov";

const succeeded = (answer: Answer) => {
  expect(answer.success, JSON.stringify({ ...answer, headers: undefined })).toBe(true);
  return answer;
};

/** Every date a list or an export may be filtered by. */
const allTime = { startTime: "2000-01-01T00:00:00Z", endTime: "2100-01-01T00:00:00Z" };
/** A list answered to B with none of its rows. */
const noItems = (answer: Answer) => expect(succeeded(answer).resData.items).toEqual([]);
/** An export answered to B with none of its rows. */
const noRows = (answer: Answer) => expect(answer.csv).toEqual([]);

/**
 * A list of money in (recharges, transactions) as B: filtered by `filter` over all time, only B's own recharge (its
 * balance of 100), none of A's; filtered by A's recharge's transaction hash, nothing; paged by A's cursor, refused as
 * another merchant's, never read as B's page.
 */
const moneyInListAttacks = (filter: Record<string, string>, aTxHash: string, aCursor: string): Attack[] => [
  {
    body: { ...filter, ...allTime, pageSize: 50 },
    outcome: "answered",
    check: (answer) =>
      expect(succeeded(answer).resData.items.map((r: { amount: string }) => r.amount)).toEqual(["100"]),
  },
  { body: { txHash: aTxHash }, outcome: "answered", check: noItems },
  { body: { cursor: aCursor }, outcome: "answered", check: cursorRefused },
];

/** An order code B does not own answers like one that does not exist. */
const notFound = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.orderNotFound, resData: null });

/** A's withdrawal is unknown to B: approving or rejecting it answers 2809, and it still waits, held, for A. */
const aWithdrawalStillWaits = {
  check: (answer: Answer) =>
    expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.withdrawalNotFound, resData: null }),
  after: async (w: World) => {
    const row = await h.db
      .selectFrom("withdrawals")
      .select(["status", "merchant_id"])
      .where("id", "=", w.aAwaitingWithdrawal)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "awaitingApproval", merchant_id: w.a.userId });
  },
};

/** An application code B does not own answers like one that does not exist. */
const appNotFound = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.appNotFound, resData: null });
/** A's proof, on B's own application: unknown to B's session. */
const proofInvalid = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.appProofInvalid, resData: null });

const appFields = {
  name: "Bravo shop",
  address: "https://bravo.example.com",
  rechargeCallbackUrl: "https://bravo.example.com/recharge",
  withdrawCallbackUrl: "https://bravo.example.com/withdraw",
  withdrawAutoApproveLimit: "100",
  remark: "Bravo's",
};

/** A bill number B does not own answers like one that does not exist. */
const billNotFound = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.billNotFound, resData: null });
const attemptIdsOf = (answer: Answer): string[] =>
  (succeeded(answer).resData.items as Array<{ attemptId: string }>).map((attempt) => attempt.attemptId);
const callbackNotFound = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 200, success: false, errCode: errCodes.callbackNotFound, resData: null });
const billNosOf = (answer: Answer): string[] =>
  (succeeded(answer).resData.items as Array<{ billNo: string }>).map((bill) => bill.billNo);
/** The bill numbers of a CSV export, the file's rows. */
const exportedBillNos = (answer: Answer): string[] => {
  expect(answer.csv, JSON.stringify({ ...answer, headers: undefined })).toBeDefined();
  return (answer.csv ?? []).map((row) => row["Bill no."] ?? "");
};

const messageIdsOf = (answer: Answer): string[] => (answer.resData as Array<{ id: string }>).map((m) => m.id);

const messageStatus = async (id: string) =>
  (await h.db.selectFrom("messages").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

const cases: Record<AuthenticatedEndpoint, Case> = {
  // The query's uid is A's: the call may only ever end B's own session.
  logout: {
    attacks: (w) => [{ query: { uid: w.a.userId }, outcome: "answered" }],
  },

  userInfo: {
    attacks: (w) => [{ query: { id: w.a.userId }, outcome: "refused" }],
  },

  // Takes no input: it must still answer nothing of A's.
  menu: {
    attacks: () => [{ outcome: "answered", check: (answer) => void succeeded(answer) }],
  },

  // No id, but A's password as the old one, or A's mailed code: wrong for B, and A's hash is never touched.
  updatePassword: {
    attacks: (w) => [
      {
        body: {
          oldPassword: w.b.password,
          code: aChangeCode,
          password: "Changed9ByBravo",
          repeatPassword: "Changed9ByBravo",
        },
        outcome: "answered",
        check: (answer) => expect(answer).toMatchObject({ success: false, errCode: errCodes.codeWrong }),
      },
      {
        body: {
          oldPassword: w.a.password,
          code: bChangeCode,
          password: "Changed9ByBravo",
          repeatPassword: "Changed9ByBravo",
        },
        outcome: "answered",
        check: (answer) => expect(answer).toMatchObject({ success: false, errCode: errCodes.oldPasswordWrong }),
      },
      {
        body: {
          oldPassword: w.b.password,
          code: bChangeCode,
          password: "Changed9ByBravo",
          repeatPassword: "Changed9ByBravo",
        },
        outcome: "answered",
        check: (answer) => void succeeded(answer),
      },
    ],
  },

  // A's product and currency (the key of A's wallet rows): B gets its own receiving address.
  userWallet: {
    attacks: (w) =>
      w.aWallets.map((wallet) => ({
        params: { product: wallet.product },
        body: { currency: wallet.currency },
        outcome: "answered" as const,
        check: async (answer: Answer) => {
          expect(succeeded(answer).resData).toMatchObject({ product: wallet.product, currency: wallet.currency });
          const own = await h.db
            .selectFrom("receiving_addresses")
            .select("address")
            .where("merchant_id", "=", w.b.userId)
            .executeTakeFirstOrThrow();
          expect(answer.resData.address).toBe(own.address);
          expect(answer.resData.address).not.toBe(wallet.address);
        },
      })),
  },

  // Packages are the same for everyone; nothing of A's is in them.
  // A has an active pro package and used the trial; B sees its own basic package.
  subscription: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toMatchObject({ package: { code: "basic" }, active: true }),
      },
    ],
  },

  // The package of A's open order: B gets an order of its own, A's stays the only open one of A.
  orderCreate: {
    attacks: (w) => [
      {
        body: { packageId: w.aPackageId },
        outcome: "answered",
        check: async (answer) => {
          const created = succeeded(answer).resData;
          expect(created.orderCode).not.toBe(w.aOpenOrder);
          const own = await h.db
            .selectFrom("orders")
            .select("merchant_id")
            .where("order_code", "=", created.orderCode)
            .executeTakeFirstOrThrow();
          expect(own.merchant_id).toBe(w.b.userId);
        },
      },
    ],
  },

  // A's order codes as the filter, then every filter at once: only B's orders, never A's.
  orderList: {
    attacks: (w) => [
      {
        body: { orderCode: w.aOpenOrder },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ total: 0, items: [] }),
      },
      {
        body: { orderCode: w.aOpenOrder.slice(0, 8) },
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData.items.map((o: { orderCode: string }) => o.orderCode)).toEqual([
            w.bPaidOrder,
          ]),
      },
      {
        body: {
          status: "paid",
          startTime: "2000-01-01T00:00:00Z",
          endTime: "2100-01-01T00:00:00Z",
          pageSize: 100,
        },
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toMatchObject({ total: 1, items: [{ orderCode: w.bPaidOrder }] }),
      },
      {
        body: { cursor: w.aBillsCursor },
        outcome: "answered",
        check: cursorRefused,
      },
    ],
  },

  // B's export with A's filters is B's file: none of A's orders.
  orderExport: {
    attacks: (w) => [
      {
        body: { orderCode: w.aOpenOrder, status: "pending", startTime: "2000-01-01T00:00:00Z" },
        outcome: "answered",
        check: noRows,
      },
      {
        body: { status: "paid", endTime: "2100-01-01T00:00:00Z" },
        outcome: "answered",
        check: (answer) => expect((answer.csv ?? []).map((row) => row["Order code"])).toEqual([w.bPaidOrder]),
      },
    ],
  },

  orderDetail: {
    attacks: (w) =>
      [w.aOpenOrder, w.aPaidOrder].map((orderCode) => ({
        body: { orderCode },
        outcome: "answered" as const,
        check: notFound,
      })),
  },
  // The live status of A's orders: refused before any stream starts, as an order that does not exist.
  orderEvents: {
    attacks: (w) =>
      [w.aOpenOrder, w.aPaidOrder].map((orderCode) => ({
        query: { orderCode },
        outcome: "answered" as const,
        check: notFound,
      })),
  },
  orderFinishPay: {
    attacks: (w) => [{ body: { orderCode: w.aOpenOrder }, outcome: "answered", check: notFound }],
  },
  orderCancel: {
    attacks: (w) =>
      [w.aOpenOrder, w.aPaidOrder].map((orderCode) => ({
        body: { orderCode },
        outcome: "answered" as const,
        check: notFound,
      })),
  },
  // B's balance would cover A's order: it is still not B's to pay, and B's balance stays whole.
  orderPayFromBalance: {
    attacks: (w) => [{ body: { orderCode: w.aOpenOrder }, outcome: "answered", check: notFound }],
    after: async (w) => expect((await call(h, "balance", { token: w.b.token })).resData.balance).toBe("100"),
  },

  payChains: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData.map((c: { product: string }) => c.product)).toEqual(["Devnet", "Eth"]),
      },
    ],
  },

  // The Currency list is the service's, the same for every merchant: nothing of A's is in it.
  currencyList: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(
            succeeded(answer)
              .resData.items.filter((c: { status: string }) => c.status === "active")
              .map((c: { chainName: string; symbol: string }) => `${c.chainName} ${c.symbol}`),
          ).toEqual(["Devnet ETH", "Devnet USDT", "Ethereum ETH", "Ethereum USDT"]),
      },
    ],
  },

  // My currencies are each merchant's own: B reads its own default (its basic package accepts both tokens), not A's
  // choice (the devnet's USDT only).
  myCurrencyList: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toMatchObject({ limit: 5, acceptedCount: 2, defaulted: true }),
      },
    ],
  },
  // B turning the devnet's USDT off changes B's choice, never A's (A's rows are checked by the runner).
  myCurrencySet: {
    attacks: () => [
      {
        body: { chainId: 31337, contractAddress: chain.chains[0]!.tokens[0]!.address, accepted: false },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ acceptedCount: 1, defaulted: false }),
      },
    ],
    after: async (w) => {
      const aList = (await call(h, "myCurrencyList", { token: w.a.token })).resData;
      // A's choice as A made it: turned on (accepted, or held past the limit of a package that has run out since).
      const chosen = aList.items.map((c: { accepted: boolean; held: boolean }) => c.accepted || c.held);
      expect(chosen).toEqual([true, false]);
    },
  },

  // A's open order paid from the dev wallet by B: unknown to B, nothing is sent.
  devPay: {
    attacks: (w) => [{ body: { orderCode: w.aOpenOrder, product: "Devnet" }, outcome: "answered", check: notFound }],
    after: async () => expect(chain.devPayments).toEqual([]),
  },

  balance: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toMatchObject({
            balance: "100",
            entries: [{ kind: "unmatched", amount: "100" }],
          }),
      },
    ],
  },

  // The console home's figures are B's own: B's one application, its one deposit address and its one credited bill
  // (A has two bills, one of them yesterday), B's balance; never A's.
  consoleOverview: {
    attacks: () => [
      {
        body: { range: "week" },
        outcome: "answered",
        check: (answer) => {
          const figures = succeeded(answer).resData;
          expect(figures).toMatchObject({
            counts: { applications: 1, wallets: 1, currencies: 2 },
            balance: "100",
            mainChain: "12.5",
            today: { amount: "12.5", count: 1 },
          });
          expect(figures.trend.days.map((d: { count: number }) => d.count)).toEqual([0, 0, 0, 0, 0, 0, 1]);
        },
      },
    ],
  },

  language: {
    attacks: () => [{ query: { language: "ja-JP" }, outcome: "answered", check: (answer) => void succeeded(answer) }],
    after: async (w) => {
      const b = await h.db
        .selectFrom("merchants")
        .select("language")
        .where("id", "=", w.b.userId)
        .executeTakeFirstOrThrow();
      expect(b.language).toBe("ja-JP");
    },
  },

  updateProfile: {
    attacks: (w) => [
      {
        body: { nickName: "Bravo renamed" },
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toMatchObject({
            userId: w.b.userId,
            email: w.b.email,
            nickName: "Bravo renamed",
          }),
      },
    ],
  },

  // A has TOTP on: B sees only its own status, its own new secret, and A's codes turn nothing on or off.
  twoFactorStatus: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toEqual({ enabled: false, recoveryCodesLeft: 0 }),
      },
    ],
  },

  // B's own password answers B's own new secret; A's password is wrong for B's session (2007).
  twoFactorSetup: {
    attacks: (w) => [
      {
        body: { password: w.b.password },
        outcome: "answered",
        check: (answer) => expect((succeeded(answer).resData as { secret: string }).secret).not.toBe(testTotpSecret),
      },
      { body: { password: w.a.password }, outcome: "answered", check: (answer) => expect(answer.errCode).toBe("2007") },
    ],
  },

  twoFactorEnable: {
    attacks: () => [
      {
        body: { code: totpCodeAt(testTotpSecret, new Date()) },
        outcome: "answered",
        check: (answer) => expect(answer).toMatchObject({ success: false, errCode: errCodes.twoFactorNoSetup }),
      },
    ],
  },

  twoFactorDisable: {
    attacks: () => [
      {
        body: { code: aRecoveryCode },
        outcome: "answered",
        check: (answer) => expect(answer).toMatchObject({ success: false, errCode: errCodes.twoFactorNotOn }),
      },
    ],
  },

  lastLogin: {
    attacks: (w) => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData).toEqual({ userId: w.b.userId, lastLoginAt: null, lastLoginIp: null }),
      },
    ],
  },

  // No ids in: only B's own events come back (B's sign-in), never A's.
  securityActivity: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData.items).toEqual([
            {
              id: expect.any(String),
              kind: "signIn",
              outcome: "success",
              ip: "198.51.100.9",
              userAgent: "Bravo/1.0",
              at: "2026-01-03T00:00:00.000Z",
            },
          ]),
      },
    ],
  },

  // No ids in, but every tab: only B's messages come back.
  messageList: {
    attacks: (w) =>
      [undefined, "message", "notice", "todo"].map((type) => ({
        body: type ? { type } : {},
        outcome: "answered" as const,
        check: (answer: Answer) => {
          const expected = w.bMessages.filter((m) => !type || m.type === type).map((m) => m.id);
          expect(messageIdsOf(succeeded(answer)).sort()).toEqual(expected.sort());
        },
      })),
  },

  // A's unread ids, alone and beside one of B's: B's is read, A's stay unread (runner's snapshot).
  messageRead: {
    attacks: (w) => [
      {
        body: { ids: w.aMessages.map((m) => m.id) },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toBe(true),
      },
      {
        body: { ids: [...w.aMessages.map((m) => m.id), w.bMessages[0]!.id] },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toBe(true),
      },
    ],
    after: async (w) => expect(await messageStatus(w.bMessages[0]!.id)).toBe(1),
  },

  // A's application code, with A's proofs (made by A's e-mail code): B's session spends none of them.
  appList: {
    attacks: (w) => [
      {
        body: { status: "normal", name: "Alpha", pageSize: 100 },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ items: [], total: 0 }),
      },
      {
        body: { cursor: w.aBillsCursor },
        outcome: "answered",
        check: cursorRefused,
      },
      {
        body: {},
        outcome: "answered",
        check: (answer, w) =>
          expect(succeeded(answer).resData.items.map((a: { appCode: string }) => a.appCode)).toEqual([w.bApp]),
      },
    ],
  },

  appAdd: {
    attacks: () => [
      {
        body: appFields,
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ name: "Bravo shop", status: "normal" }),
      },
    ],
  },

  appSetStatus: {
    attacks: (w) => [{ body: { appCode: w.aApp, status: "stopped" }, outcome: "answered", check: appNotFound }],
  },

  appEdit: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, proof: w.aProofs.edit, ...appFields, withdrawAnyAddressDailyLimit: "50" },
        outcome: "answered",
        check: appNotFound,
      },
      {
        body: { appCode: w.bApp, proof: w.aProofs.edit, ...appFields, withdrawAnyAddressDailyLimit: "50" },
        outcome: "answered",
        check: proofInvalid,
      },
    ],
  },

  appCredentials: {
    attacks: (w) => [
      { body: { appCode: w.aApp, proof: w.aProofs.credentials }, outcome: "answered", check: appNotFound },
      { body: { appCode: w.bApp, proof: w.aProofs.credentials }, outcome: "answered", check: proofInvalid },
    ],
  },

  appRotateSecret: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, proof: w.aProofs.rotate, graceWindow: "7d" },
        outcome: "answered",
        check: appNotFound,
      },
      {
        body: { appCode: w.aApp, proof: w.aProofs.rotate, graceWindow: "1h", secret: "webhookSecret" },
        outcome: "answered",
        check: appNotFound,
      },
      {
        body: { appCode: w.bApp, proof: w.aProofs.rotate, graceWindow: "none" },
        outcome: "answered",
        check: proofInvalid,
      },
    ],
  },

  // A's application code, hash and addresses as filters: nothing; no filter: B's bill only.
  billList: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, status: "credited", noticeStatus: "notNotified", pageSize: 100 },
        outcome: "answered",
        check: (answer) => expect(billNosOf(answer)).toEqual([]),
      },
      {
        body: { cursor: w.aBillsCursor, pageSize: 1 },
        outcome: "answered",
        check: cursorRefused,
      },
      {
        body: { txHash: w.aBill.txHash, ...allTime },
        outcome: "answered",
        check: (answer) => expect(billNosOf(answer)).toEqual([]),
      },
      ...[w.aBill.depositAddress, w.aBill.fromAddress].map((address) => ({
        body: { address },
        outcome: "answered" as const,
        check: (answer: Answer) => expect(billNosOf(answer)).toEqual([]),
      })),
      { body: {}, outcome: "answered", check: (answer) => expect(billNosOf(answer)).toEqual([w.bBill]) },
    ],
  },

  billDetail: {
    attacks: (w) => [{ body: { billNo: w.aBill.billNo }, outcome: "answered", check: billNotFound }],
  },

  // B's export with A's filters is B's file: none of A's rows, whatever the filter names.
  billExport: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, status: "credited", noticeStatus: "notNotified", endTime: "2100-01-01T00:00:00Z" },
        outcome: "answered",
        check: (answer) => expect(exportedBillNos(answer)).toEqual([]),
      },
      {
        body: { txHash: w.aBill.txHash, startTime: "2000-01-01T00:00:00Z" },
        outcome: "answered",
        check: (answer) => expect(exportedBillNos(answer)).toEqual([]),
      },
      {
        body: { address: w.aBill.depositAddress },
        outcome: "answered",
        check: (answer) => expect(exportedBillNos(answer)).toEqual([]),
      },
      { body: {}, outcome: "answered", check: (answer) => expect(exportedBillNos(answer)).toEqual([w.bBill]) },
    ],
  },

  // No ids in; B's live bills carry B's changes only (checked after, over a real stream).
  billEvents: {
    attacks: () => [],
    after: (w) => bStreamHearsOnlyOwnBills(w),
  },

  // No ids in; B's live invoices carry B's invoices only (checked after, over a real stream).
  invoiceEvents: {
    attacks: () => [],
    after: (w) => bStreamHearsOnlyOwnInvoices(w),
  },

  // No ids in; B's live transaction records carry B's records only (checked after, over a real stream).
  transactionEvents: {
    attacks: () => [],
    after: (w) => bStreamHearsOnlyOwnRecords(w),
  },

  // A's application code and bill number as filters: nothing; no filter: B's attempt only.
  callbackList: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, eventType: "deposit.credited", result: "failed", pageSize: 100 },
        outcome: "answered",
        check: (answer) => expect(attemptIdsOf(answer)).toEqual([]),
      },
      {
        // A's cursor of another list: refused, as one of A's own callbacks' would be.
        body: { cursor: w.aBillsCursor },
        outcome: "answered",
        check: cursorRefused,
      },
      {
        body: { billNo: w.aBill.billNo, ...allTime },
        outcome: "answered",
        check: (answer) => expect(attemptIdsOf(answer)).toEqual([]),
      },
      {
        // A's invoice as the filter: none of A's invoice's attempts.
        body: { invoiceId: w.aInvoice.invoiceId },
        outcome: "answered",
        check: (answer) => expect(attemptIdsOf(answer)).toEqual([]),
      },
      {
        body: {},
        outcome: "answered",
        check: (answer) => expect(attemptIdsOf(answer)).toEqual([w.bCallback.attemptId]),
      },
    ],
  },

  // B's export with A's filters is B's file: none of A's attempts.
  callbackExport: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, eventType: "deposit.credited", result: "failed", endTime: "2100-01-01T00:00:00Z" },
        outcome: "answered",
        check: noRows,
      },
      {
        body: { billNo: w.aBill.billNo, startTime: "2000-01-01T00:00:00Z" },
        outcome: "answered",
        check: noRows,
      },
      {
        body: { invoiceId: w.aInvoice.invoiceId },
        outcome: "answered",
        check: noRows,
      },
      {
        body: {},
        outcome: "answered",
        check: (answer) => expect((answer.csv ?? []).map((row) => row["Event ID"])).toEqual([w.bCallback.eventId]),
      },
    ],
  },

  // A's attempt id is unknown to B: nothing sent, no attempt recorded (A's rows are checked by the runner).
  callbackRedeliver: {
    attacks: (w) => [{ body: { attemptId: w.aCallback.attemptId }, outcome: "answered", check: callbackNotFound }],
  },

  // A's application is unknown to B; every failed one since long ago is B's own only.
  callbackRedeliverFailed: {
    attacks: (w) => [
      { body: { since: "2000-01-01T00:00:00Z", appCode: w.aApp }, outcome: "answered", check: appNotFound },
      {
        body: { since: "2000-01-01T00:00:00Z" },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toEqual({ queued: 1 }),
      },
    ],
    after: async (w) => {
      const own = await h.db
        .selectFrom("callback_deliveries")
        .select(["status", "redelivery_requested"])
        .where("id", "=", w.bCallback.deliveryId)
        .executeTakeFirstOrThrow();
      expect(own).toEqual({ status: "pending", redelivery_requested: true });
    },
  },

  // A test event to A's application: unknown to B, nothing sent.
  callbackTest: {
    attacks: (w) => [{ body: { appCode: w.aApp, target: "recharge" }, outcome: "answered", check: appNotFound }],
  },

  // The wallet: B's figures and address book are B's own; A's destination is unknown to B by its id.
  walletOverview: {
    attacks: () => [
      {
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ available: "100", held: "0" }),
      },
    ],
  },
  addresses: {
    attacks: () => [{ outcome: "answered", check: noItems }],
  },
  addAddress: {
    attacks: () => [
      {
        body: {
          chain: "Devnet",
          address: bravoDestination,
          label: "Bravo's",
          code: bWithdrawalCode,
          totpCode: "123456",
        },
        outcome: "answered",
        check: (answer) => expect(succeeded(answer).resData).toMatchObject({ address: bravoDestination }),
      },
    ],
  },
  removeAddress: {
    attacks: (w) => [{ body: { id: w.aDestination.id }, outcome: "answered", check: destinationNotFound }],
  },
  withdrawalList: {
    attacks: (w) => [
      {
        body: { status: "requested", ...allTime, pageSize: 50 },
        outcome: "answered",
        check: noItems,
      },
      // A's cursor (A has two withdrawals): refused as another merchant's, never read as B's page.
      { body: { cursor: w.aWithdrawalsCursor }, outcome: "answered", check: cursorRefused },
    ],
  },
  withdrawalExport: {
    attacks: () => [
      {
        body: { status: "requested", ...allTime },
        outcome: "answered",
        check: noRows,
      },
    ],
  },
  // A has two recharges (and so a second page).
  rechargeList: { attacks: (w) => moneyInListAttacks({ reason: "unmatched" }, w.aRechargeTxHash, w.aRechargesCursor) },
  rechargeExport: {
    attacks: (w) => [
      {
        body: { reason: "unmatched", ...allTime },
        outcome: "answered",
        // B's own recharge only (its balance of 100), none of A's.
        check: (answer) => expect((answer.csv ?? []).map((row) => row["Payment amount"])).toEqual(["100"]),
      },
      {
        body: { txHash: w.aRechargeTxHash },
        outcome: "answered",
        check: noRows,
      },
    ],
  },
  // A's application, order id and its invoice's flag as filters: B finds only its own invoice, never A's; A's cursor
  // is refused.
  invoiceList: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, orderId: w.aInvoice.orderId, flag: "overpaid", pageSize: 50 },
        outcome: "answered",
        check: noItems,
      },
      {
        body: { status: "new", ...allTime },
        outcome: "answered",
        check: (answer) =>
          expect(succeeded(answer).resData.items.map((i: { orderId: string }) => i.orderId)).toEqual([w.bInvoiceOrder]),
      },
      { body: { cursor: w.aInvoicesCursor }, outcome: "answered", check: cursorRefused },
    ],
  },
  invoiceExport: {
    attacks: (w) => [
      {
        body: { appCode: w.aApp, orderId: w.aInvoice.orderId },
        outcome: "answered",
        check: noRows,
      },
      {
        body: { flag: "overpaid" },
        outcome: "answered",
        check: noRows,
      },
      {
        body: { status: "new", ...allTime },
        outcome: "answered",
        check: (answer) => expect((answer.csv ?? []).map((row) => row["Order ID"])).toEqual([w.bInvoiceOrder]),
      },
    ],
  },
  // A payment link for A's application: unknown to B, and no invoice is made for A.
  invoiceCreate: {
    attacks: (w) => [
      {
        body: {
          appCode: w.aApp,
          amount: "12.5",
          description: "Two mugs",
          expiresInSeconds: 900,
          redirectUrl: "https://shop.example.com/thanks",
          requestId: "3f2b8c1e-7d4a-4e2f-9a6b-1c2d3e4f5a6b",
        },
        outcome: "answered",
        check: appNotFound,
      },
    ],
  },
  // A has several records (and so a second page).
  transactionList: {
    attacks: (w) => moneyInListAttacks({ kind: "unmatched" }, w.aRechargeTxHash, w.aTransactionsCursor),
  },
  transactionExport: {
    attacks: (w) => [
      {
        body: { kind: "withdrawal", ...allTime },
        outcome: "answered",
        // B asked no withdrawal: none of A's two holds.
        check: noRows,
      },
      {
        body: { txHash: w.aRechargeTxHash },
        outcome: "answered",
        check: noRows,
      },
    ],
  },
  approveWithdrawal: {
    attacks: (w) => [
      {
        body: { withdrawalId: w.aAwaitingWithdrawal, code: bWithdrawalCode, totpCode: "123456" },
        outcome: "answered",
        check: aWithdrawalStillWaits.check,
      },
    ],
    after: aWithdrawalStillWaits.after,
  },
  rejectWithdrawal: {
    attacks: (w) => [
      { body: { withdrawalId: w.aAwaitingWithdrawal }, outcome: "answered", check: aWithdrawalStillWaits.check },
    ],
    after: aWithdrawalStillWaits.after,
  },
  // B refunding A's invoice, to A's destination, under A's request id: no such invoice of B's; nothing is held.
  invoiceRefund: {
    attacks: (w) => [
      {
        body: {
          invoiceId: w.aInvoice.invoiceId,
          chain: "Devnet",
          to: w.aDestination.address,
          amount: "1",
          code: bWithdrawalCode,
          totpCode: "123456",
          requestId: aRequestId,
        },
        outcome: "answered",
        check: (answer) =>
          expect(answer).toMatchObject({
            status: 200,
            success: false,
            errCode: errCodes.invoiceNotFound,
            resData: null,
          }),
      },
    ],
    after: async () => {
      const refunds = await h.db.selectFrom("withdrawals").select("id").where("invoice_id", "is not", null).execute();
      expect(refunds).toEqual([]);
    },
  },
  withdraw: {
    attacks: (w) => [
      {
        body: {
          addressId: w.aDestination.id,
          amount: "1",
          code: bWithdrawalCode,
          totpCode: "123456",
          requestId: aRequestId,
        },
        outcome: "answered",
        check: destinationNotFound,
      },
    ],
    after: async (w) => {
      const { n } = await h.db
        .selectFrom("withdrawals")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("merchant_id", "=", w.b.userId)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
    },
  },
};

/** B's own destination (anvil's account 9: any checksummed address outside the service). */
const bravoDestination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
/** A's destination: only A's address book holds it. */
const alphaDestination = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
const bWithdrawalCode = "246813";
/** The requestId of A's withdrawal: B sending it is a new request of B's, never A's withdrawal. */
const aRequestId = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
/** Another merchant's list cursor is refused, never read as B's page. */
const cursorRefused = (answer: Answer) =>
  expect(answer).toMatchObject({ status: 400, errCode: errCodes.listCursorInvalid, resData: null });
/** A destination id B does not own answers like one that does not exist. */
const destinationNotFound = (answer: Answer) =>
  expect(answer).toMatchObject({
    status: 200,
    success: false,
    errCode: errCodes.withdrawalAddressNotFound,
    resData: null,
  });

let streamBase: string | undefined;

/** The harness's server, listening on a free port from the first stream opened. */
async function streamBaseOf(): Promise<string> {
  if (!streamBase) {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    streamBase = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  }
  return streamBase;
}

/**
 * B's stream of `path` over a real connection, open while `listen` notifies and checks what it hears: nothing B heard
 * holds any of A's secrets. Answers all B heard.
 */
async function bListens(w: World, path: string, listen: (live: OpenedEventStream) => Promise<void>): Promise<string> {
  const live = await openEventStream(`${await streamBaseOf()}${path}`, { authorization: `Bearer ${w.b.token}` });
  try {
    expect(live.status).toBe(200);
    await listen(live);
    const heard = JSON.stringify(live.events);
    expect(w.aSecrets.filter((secret) => heard.includes(secret))).toEqual([]);
    return heard;
  } finally {
    live.close();
  }
}

/**
 * A's `aId`, notified for A and (forged) under B's id, then B's own `bId` twice (the second is the marker that
 * everything before it was dealt with): answers the events B heard, which must be its own two.
 */
async function notifyAsThenBsTwice(
  live: OpenedEventStream,
  w: World,
  kind: "bill" | "invoice",
  aId: string,
  bId: string,
) {
  await notifyLive(h.db, kind, w.a.userId, aId);
  await notifyLive(h.db, kind, w.b.userId, aId);
  await notifyLive(h.db, kind, w.b.userId, bId);
  await live.waitForEvents(1);
  await notifyLive(h.db, kind, w.b.userId, bId);
  return live.waitForEvents(2);
}

/** B's live bills: A's bill never reaches B's stream; B's own does. */
async function bStreamHearsOnlyOwnBills(w: World): Promise<void> {
  await bListens(w, billEventsPath, async (live) => {
    const events = await notifyAsThenBsTwice(live, w, "bill", w.aBill.billNo, w.bBill);
    expect(events.map((e) => [e.event, appBill.parse(JSON.parse(e.data)).billNo])).toEqual([
      ["bill", w.bBill],
      ["bill", w.bBill],
    ]);
  });
}

/** B's live invoices: A's invoice never reaches B's stream, not even its id; B's own does. */
async function bStreamHearsOnlyOwnInvoices(w: World): Promise<void> {
  const heard = await bListens(w, invoiceEventsPath, async (live) => {
    const events = await notifyAsThenBsTwice(live, w, "invoice", w.aInvoice.invoiceId, w.bInvoiceId);
    expect(events.map((e) => [e.event, consoleInvoice.parse(JSON.parse(e.data)).orderId])).toEqual([
      ["invoice", w.bInvoiceOrder],
      ["invoice", w.bInvoiceOrder],
    ]);
  });
  expect(heard).not.toContain(w.aInvoice.invoiceId);
}

/**
 * B's live transaction records: A's record and A's withdrawal, notified for A and (forged) under B's id, never reach
 * B's stream; B's own record does.
 */
async function bStreamHearsOnlyOwnRecords(w: World): Promise<void> {
  const newestRecord = async (token: string) =>
    String(
      (
        succeeded(await call(h, "transactionList", { token, body: { pageSize: 1 } })).resData.items as Array<{
          id: string;
        }>
      )[0]!.id,
    );
  const [aRecord, bRecord] = [await newestRecord(w.a.token), await newestRecord(w.b.token)];
  await bListens(w, transactionEventsPath, async (live) => {
    await notifyLive(h.db, "transaction", w.a.userId, `r${aRecord}`);
    await notifyLive(h.db, "transaction", w.b.userId, `r${aRecord}`);
    await notifyLive(h.db, "transaction", w.b.userId, `w${w.aAwaitingWithdrawal}`);
    await notifyLive(h.db, "transaction", w.b.userId, `r${bRecord}`);
    const events = await live.waitForEvents(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.events.map((e) => [e.event, transactionRecord.parse(JSON.parse(e.data)).id])).toEqual([
      ["transaction", bRecord],
    ]);
    expect(events).toHaveLength(1);
  });
}

/** A with a profile, last login, messages of every tab and two wallets; B with a few messages of its own. */
/** Each merchant's mailed change-password code (User/UpdatePwd needs one). */
const aChangeCode = "654321";
const bChangeCode = "123456";

async function seedWorld(): Promise<World> {
  const a = await signedInMerchant(h, "alpha-merchant@example.com", "Alpha7Password");
  const b = await signedInMerchant(h, "bravo-merchant@example.com", "Bravo7Password");
  expect(a.userId).not.toBe(b.userId);
  await seedCode(h.db, { email: a.email, purpose: "change-password", code: aChangeCode });
  await seedCode(h.db, { email: b.email, purpose: "change-password", code: bChangeCode });
  await h.db
    .updateTable("merchants")
    .set({
      nick_name: "AlphaSecretNick",
      language: "zh-TW",
      role: "admin",
      previous_login_at: new Date(Date.UTC(2001, 1, 3, 4, 5, 6)),
      previous_login_ip: "203.0.113.77",
      last_login_at: new Date(Date.UTC(2001, 1, 4, 4, 5, 6)),
      last_login_ip: "203.0.113.78",
    })
    .where("id", "=", a.userId)
    .execute();
  // Security events: A's from a browser and address only A's rows hold; B's one sign-in.
  const aEvent = { ip: "203.0.113.79", userAgent: "AlphaSecretBrowser/1.0", now: new Date(Date.UTC(2026, 0, 3)) };
  await recordSecurityEvent(h.db, aEvent, "passwordChange", "failure", a.userId);
  await recordSecurityEvent(
    h.db,
    { ip: "198.51.100.9", userAgent: "Bravo/1.0", now: aEvent.now },
    "signIn",
    "success",
    b.userId,
  );
  // Message ids far from the packages' (1–4, the same for everyone), so an answer naming a package is no false leak.
  await sql`alter table messages alter column id restart with 1001`.execute(h.db);
  const message = async (m: Merchant, type: MessageType, title: string, status: 0 | 1 = 0): Promise<SeededMessage> => {
    const { messageId } = await seedMessage(h.db, {
      userId: m.userId,
      type,
      title,
      subTitle: `${title} sub`,
      content: `${title} content`,
      kind: "",
      status,
    });
    return { id: messageId, type, title };
  };
  const aMessages = [
    await message(a, "message", "AlphaOnlyMessage"),
    await message(a, "notice", "AlphaOnlyNotice"),
    await message(a, "todo", "AlphaOnlyTodo"),
    await message(a, "message", "AlphaOnlyReadMessage", 1),
  ];
  const bMessages = [await message(b, "message", "Bravo message"), await message(b, "todo", "Bravo todo")];
  // A's one receiving address, for two products (the same address on every EVM chain).
  const aAddress = (await receivingAddressOf(h.db, chain.addresses, actFor(systemScope("test"), a.userId))).address;
  const aWallets = [
    { product: "devnet", currency: "USDT", address: aAddress },
    { product: "eth", currency: "USDT", address: aAddress },
  ];
  await h.db
    .insertInto("wallets")
    .values(
      aWallets.map((w) => ({
        merchant_id: a.userId,
        product: w.product,
        currency: w.currency,
        address: w.address,
        created_at: new Date(Date.UTC(2026, 0, 1)),
      })),
    )
    .execute();
  // A: a paid pro package (a transfer), the trial long used, an open basic order, a balance. B: a paid basic order, a balance.
  const aPaid = await seedPaidOrder(h.db, {
    userId: a.userId,
    packageCode: "pro",
    product: "Devnet",
    paidAt: new Date(Date.UTC(2026, 0, 2)),
  });
  const aOpen = await seedOpenOrder(h.db, { userId: a.userId, packageCode: "basic" });
  // A's choice in My currencies: the devnet's USDT on, Ethereum's off.
  await h.db
    .insertInto("merchant_currencies")
    .values(
      chain.chains.map((c, i) => ({
        merchant_id: a.userId,
        chain_id: String(c.chainId),
        token: c.tokens[0]!.address.toLowerCase(),
        accepted: i === 0,
        changed_at: new Date(Date.UTC(2026, 0, 2)),
      })),
    )
    .execute();
  // Bill numbers and order codes are both the day and a sequence's value: the recharge bills' numbers (the balances
  // below) start far from the order codes, so that B's bill number is never A's order code by chance.
  await sql`select setval('application_bill_no_seq', 500000)`.execute(h.db);
  // Five decimals: no ISO time in an answer (seconds and milliseconds, "…:41.583Z") can hold it by chance.
  const aBalance = await seedBalance(h.db, { userId: a.userId, amount: "41.53197" });
  // A second recharge of A's: its recharge bills have a second page.
  const aRecharge = await seedBalance(h.db, { userId: a.userId, amount: "0.00003" });
  const bPaid = await seedPaidOrder(h.db, { userId: b.userId, packageCode: "basic", product: "Devnet" });
  await seedTotp(h.db, { userId: a.userId, recoveryCodes: [aRecoveryCode] });
  await seedBalance(h.db, { userId: b.userId, amount: "100" });
  await seedCode(h.db, { email: b.email, purpose: "withdrawal", code: bWithdrawalCode });
  const aDestination = await h.db
    .insertInto("withdrawal_addresses")
    .values({
      merchant_id: a.userId,
      chain_id: 31337,
      address: alphaDestination,
      label: "AlphaSecretDestination",
      created_at: new Date(Date.UTC(2026, 0, 1)),
      usable_at: new Date(Date.UTC(2026, 0, 1)),
    })
    .returning(["id", "address"])
    .executeTakeFirstOrThrow();
  const aWithdrawalIds: string[] = [];
  for (const amount of ["1.25", "2.5"]) {
    // The second above an application's auto-approve limit of 2: it waits for A's approval.
    const asked = {
      chainId: 31337,
      token: chain.chains[0]!.tokens[0]!.address,
      to: alphaDestination,
      amount,
      approvalAbove: toAtto("2"),
    };
    const answer = await requestWithdrawal(h.db, actFor(systemScope("test"), a.userId), asked, withdrawals, new Date());
    if (!answer.ok) throw new Error(answer.message);
    aWithdrawalIds.push(answer.withdrawal.id);
  }
  const aAwaitingWithdrawal = aWithdrawalIds[1]!;
  const aWithdrawals = await call(h, "withdrawalList", { token: a.token, body: { pageSize: 1 } });
  const aWithdrawalsCursor = succeeded(aWithdrawals).resData.nextCursor as string;
  expect(aWithdrawalsCursor).toBeTruthy();
  const aRecharges = await call(h, "rechargeList", { token: a.token, body: { pageSize: 1 } });
  const aRechargesCursor = succeeded(aRecharges).resData.nextCursor as string;
  expect(aRechargesCursor).toBeTruthy();
  const aTransactions = await call(h, "transactionList", { token: a.token, body: { pageSize: 1 } });
  const aTransactionsCursor = succeeded(aTransactions).resData.nextCursor as string;
  expect(aTransactionsCursor).toBeTruthy();
  const aApp = await seedApplication(h.db, {
    userId: a.userId,
    name: "AlphaSecretApp",
    appSecret: "AlphaSecretAppSecret",
  });
  const aProofs = { edit: "alpha-proof-edit", credentials: "alpha-proof-credentials", rotate: "alpha-proof-rotate" };
  for (const action of ["edit", "credentials", "rotate"] as const)
    await seedAppProof(h.db, { userId: a.userId, appCode: aApp.appCode, action, proof: aProofs[action] });
  const bApp = await seedApplication(h.db, { userId: b.userId, name: "Bravo's own" });
  const aBill = await seedBill(h.db, { userId: a.userId, appCode: aApp.appCode, endUserId: "AlphaSecretEndUser" });
  const bBill = await seedBill(h.db, { userId: b.userId, appCode: bApp.appCode });
  const invoiceChains = [{ chainId: 31337, factory: `0x${"fa".repeat(20)}` as const }];
  const aInvoiceInput = {
    userId: a.userId,
    applicationId: aApp.applicationId,
    appCode: aApp.appCode,
    chains: invoiceChains,
  };
  await seedInvoice(h.db, { ...aInvoiceInput, orderId: "AlphaSecretOrder-0" });
  const aInvoice = await seedInvoice(h.db, {
    ...aInvoiceInput,
    orderId: "AlphaSecretOrder-1",
    description: "AlphaSecretInvoiceDescription",
    customerEmail: "alpha-buyer@example.com",
    metadata: { cart: "AlphaSecretCart" },
    flags: ["overpaid"],
  });
  const bInvoiceOrder = "bravo-order-1";
  const bInvoice = await seedInvoice(h.db, {
    userId: b.userId,
    applicationId: bApp.applicationId,
    appCode: bApp.appCode,
    chains: invoiceChains,
    orderId: bInvoiceOrder,
  });
  const aInvoices = await call(h, "invoiceList", { token: a.token, body: { pageSize: 1 } });
  const aInvoicesCursor = succeeded(aInvoices).resData.nextCursor as string;
  expect(aInvoicesCursor).toBeTruthy();
  await seedBill(h.db, { userId: a.userId, appCode: aApp.appCode, seenAt: new Date(Date.now() - 86_400_000) });
  const aFirstPage = await call(h, "billList", { token: a.token, body: { pageSize: 1 } });
  const aBillsCursor = (aFirstPage.resData as { nextCursor: string }).nextCursor;
  const aCallback = await seedCallbackDelivery(h.db, {
    userId: a.userId,
    appCode: aApp.appCode,
    billNo: aBill.billNo,
    status: "failed",
    attempts: [{ status: 500, body: "AlphaSecretReceiverAnswer" }],
  });
  const bCallback = await seedCallbackDelivery(h.db, {
    userId: b.userId,
    appCode: bApp.appCode,
    billNo: bBill.billNo,
    status: "failed",
    attempts: [{ status: 500 }],
  });
  return {
    aCallback: {
      deliveryId: aCallback.deliveryId,
      eventId: aCallback.eventId,
      attemptId: aCallback.attemptIds[0] ?? "",
    },
    bCallback: {
      deliveryId: bCallback.deliveryId,
      eventId: bCallback.eventId,
      attemptId: bCallback.attemptIds[0] ?? "",
    },
    aBill,
    aDestination,
    aWithdrawalsCursor,
    aAwaitingWithdrawal,
    aRechargesCursor,
    aRechargeTxHash: aRecharge.txHash,
    aInvoice: { invoiceId: aInvoice.publicId, orderId: "AlphaSecretOrder-1" },
    aInvoicesCursor,
    bInvoiceOrder,
    bInvoiceId: bInvoice.publicId,
    aTransactionsCursor,
    bBill: bBill.billNo,
    aBillsCursor,
    aApp: aApp.appCode,
    aProofs,
    bApp: bApp.appCode,
    a,
    b,
    aPackageId: (await seedPackageId(h.db, "basic")).packageId,
    aOpenOrder: aOpen.orderCode,
    aPaidOrder: aPaid.orderCode,
    bPaidOrder: bPaid.orderCode,
    aMessages,
    bMessages,
    // The wallets' products as B names them in the path, e.g. /api/wallet/TronClient/…
    aWallets: aWallets.map((w) => ({ ...w, product: w.product[0]!.toUpperCase() + w.product.slice(1) })),
    aSecrets: [
      a.email,
      a.token,
      "AlphaSecretNick",
      "203.0.113.77",
      "203.0.113.78",
      "2001-02-03T04:05:06",
      ...aMessages.map((m) => m.title),
      aAddress,
      aOpen.orderCode,
      aPaid.orderCode,
      aPaid.txHash,
      aBalance.txHash,
      aRecharge.txHash,
      "41.53197",
      aInvoice.publicId,
      "AlphaSecretOrder",
      "AlphaSecretInvoiceDescription",
      "alpha-buyer@example.com",
      "AlphaSecretCart",
      aEvent.ip,
      aEvent.userAgent,
      "AlphaSecretApp",
      aApp.appKey,
      aApp.appCode,
      aBill.billNo,
      aBill.txHash,
      aBill.depositAddress,
      aBill.fromAddress,
      "AlphaSecretEndUser",
      "AlphaSecretReceiverAnswer",
      aCallback.eventId,
      alphaDestination,
      "AlphaSecretDestination",
    ],
    aIds: [a.userId, ...aMessages.map((m) => m.id)],
  };
}

/** A's rows of each table A owns: the table's merchant column, and the order its rows are listed in (none: one row). */
const aOwned = {
  sessions: ["sessions", "merchant_id", "token_hash"],
  messages: ["messages", "merchant_id", "id"],
  wallets: ["wallets", "merchant_id", "id"],
  currencies: ["merchant_currencies", "merchant_id", "token"],
  destinations: ["withdrawal_addresses", "merchant_id", "id"],
  withdrawals: ["withdrawals", "merchant_id", "id"],
  orders: ["orders", "merchant_id", "id"],
  orderTransfers: ["order_transfers", "merchant_id", "transfer_id"],
  subscription: ["subscriptions", "merchant_id", null],
  receivingAddress: ["receiving_addresses", "merchant_id", null],
  totp: ["totp_factors", "merchant_id", null],
  recoveryCodes: ["totp_recovery_codes", "merchant_id", null],
  applications: ["applications", "merchant_id", "id"],
  bills: ["application_bills", "merchant_id", "id"],
  callbackDeliveries: ["callback_deliveries", "merchant_id", "id"],
  callbackAttempts: ["callback_attempts", "merchant_id", "id"],
  invoices: ["invoices", "merchant_id", "id"],
  appProofs: ["application_proofs", "merchant_id", "token_hash"],
} as const;

/**
 * Everything A owns, as stored: each table's rows as JSON text (every column, numerics exact), read in one statement
 * rather than a query a table, as every case reads them twice.
 */
async function aRows(w: World) {
  const id = w.a.userId;
  const tables = Object.entries(aOwned).map(
    ([key, [table, column, order]]) =>
      sql`(select coalesce(json_agg(r${order ? sql` order by r.${sql.ref(order)}` : sql``}), '[]')::text from ${sql.table(
        table,
      )} r where r.${sql.ref(column)} = ${id}) as ${sql.ref(key)}`,
  );
  const { rows } = await sql<Record<keyof typeof aOwned | "merchant", string>>`select
    (select row_to_json(m)::text from merchants m where m.id = ${id}) as merchant,
    ${sql.join(tables)}`.execute(h.db);
  return { ...rows[0]!, balance: await merchantLines(h.db, id) };
}

const idKeys = new Set(["id", "ids", "userId", "accountId", "merchantId", "uid"]);

/** A's strings anywhere in the answer, and A's ids in any id-like field. */
function leaksOf(answer: Answer, w: World): string[] {
  const { headers: _, ...body } = answer;
  const text = JSON.stringify(body);
  const found = w.aSecrets.filter((secret) => text.includes(secret));
  const walk = (value: unknown, key: string) => {
    if (typeof value === "string" && idKeys.has(key) && w.aIds.includes(value)) found.push(`${key}=${value}`);
    else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(body, "");
  return found;
}

const refused = (answer: Answer) =>
  (answer.status === 403 && answer.errCode === errCodes.forbidden) || answer.status === 404;

/** The input fields an endpoint declares: `body.x`, `query.x`, `params.x`. */
function inputFields(name: EndpointName): string[] {
  const endpoint = endpoints[name];
  const keys = (schema: unknown) =>
    Object.keys((schema as { _zod?: { def?: { shape?: object } } } | null)?._zod?.def?.shape ?? {});
  return [
    ...keys(endpoint.body).map((k) => `body.${k}`),
    ...keys(endpoint.query).map((k) => `query.${k}`),
    ...[...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => `params.${m[1]}`),
  ].sort();
}

const filledFields = (attacks: Attack[]): string[] =>
  [
    ...new Set(
      attacks.flatMap((attack) => [
        ...Object.keys((attack.body as object | undefined) ?? {}).map((k) => `body.${k}`),
        ...Object.keys(attack.query ?? {}).map((k) => `query.${k}`),
        ...Object.keys(attack.params ?? {}).map((k) => `params.${k}`),
      ]),
    ),
  ].sort();

const authenticated = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth);

describe("merchant B with merchant A's ids", () => {
  it("has a case for every authenticated endpoint, and none for others", () => {
    const missing = authenticated.filter((name) => !Object.hasOwn(cases, name));
    expect(
      missing,
      `authenticated endpoints without a cross-merchant case (add one to cases in server/http/cross-merchant.test.ts): ${missing.join(", ")}`,
    ).toEqual([]);
    const stale = Object.keys(cases).filter((name) => !(authenticated as string[]).includes(name));
    expect(stale, `cross-merchant cases for endpoints that are not authenticated or gone: ${stale.join(", ")}`).toEqual(
      [],
    );
  });

  it("would notice a leak: A's own answers are flagged, and A's own write changes A's rows", async () => {
    const w = await seedWorld();
    const before = await aRows(w);
    const own = [
      await call(h, "userInfo", { token: w.a.token, query: { id: w.a.userId } }),
      await call(h, "messageList", { token: w.a.token, body: {} }),
      await call(h, "lastLogin", { token: w.a.token }),
      await call(h, "userWallet", { token: w.a.token, params: { product: "Devnet" }, body: { currency: "USDT" } }),
      await call(h, "orderDetail", { token: w.a.token, body: { orderCode: w.aOpenOrder } }),
      await call(h, "orderList", { token: w.a.token, body: {} }),
      await call(h, "balance", { token: w.a.token }),
      await call(h, "appList", { token: w.a.token, body: {} }),
      await call(h, "billList", { token: w.a.token, body: {} }),
      await call(h, "billDetail", { token: w.a.token, body: { billNo: w.aBill.billNo } }),
      await call(h, "billExport", { token: w.a.token, body: {} }),
      await call(h, "callbackExport", { token: w.a.token, body: {} }),
      await call(h, "orderExport", { token: w.a.token, body: {} }),
      await call(h, "callbackList", { token: w.a.token, body: {} }),
    ];
    for (const answer of own) expect(leaksOf(answer, w), JSON.stringify(answer.resData)).not.toEqual([]);
    await call(h, "messageRead", { token: w.a.token, body: { ids: [w.aMessages[0]!.id] } });
    expect(await aRows(w)).not.toEqual(before);
  });

  it.each(authenticated)("%s: refused, or answers only B's data; A's rows unchanged", async (name) => {
    const testCase = (cases as Partial<Record<EndpointName, Case>>)[name];
    if (!testCase)
      throw new Error(
        `authenticated endpoint "${name}" has no cross-merchant case: add one to cases in server/http/cross-merchant.test.ts`,
      );
    const w = await seedWorld();
    const before = await aRows(w);
    const attacks = testCase.attacks(w);
    expect(filledFields(attacks), `${name}: the attacks must fill every input field the endpoint declares`).toEqual(
      inputFields(name),
    );

    for (const { outcome, check, ...options } of attacks) {
      // No default path parameters: an attack on a path with {…} must name A's values itself.
      const answer = await call(h, name, { ...options, params: options.params ?? {}, token: w.b.token });
      const said = `${name} ${JSON.stringify(options)} → ${JSON.stringify({ ...answer, headers: undefined })}`;
      expect(answer.status, `${said}: B's token must be accepted`).not.toBe(401);
      expect(leaksOf(answer, w), `${said}: answered A's data`).toEqual([]);
      if (outcome === "refused") expect(refused(answer), `${said}: must be refused (403/4030 or 404)`).toBe(true);
      else expect(refused(answer), `${said}: must answer B's own data`).toBe(false);
      await check?.(answer, w);
    }

    await testCase.after?.(w);
    expect(await aRows(w), `${name}: A's rows changed`).toEqual(before);
    const aStill = await call(h, "lastLogin", { token: w.a.token });
    expect(aStill, `${name}: A's session must still work`).toMatchObject({
      status: 200,
      success: true,
      resData: { userId: w.a.userId, lastLoginIp: "203.0.113.77" },
    });
  });
});
