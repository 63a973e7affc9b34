import type { FastifyInstance } from "fastify";
import { buildServer } from "../../../server/app.ts";
import { startChainLayer } from "../../../server/chain/chain-layer.ts";
import { silentLog } from "../../../server/chain/listener.ts";
import { createMoneyListener } from "../../../server/wiring/money-listener.ts";
import {
  resetDatabase,
  seedApplication,
  seedAppProof,
  seedVerifiedWindow,
  seedBill,
  seedInvoice,
  merchantApplication,
  seedFailedCallback,
  seedBalance,
  seedCode,
  seedMerchant,
  seedMessage,
  seedOpenOrder,
  seedPackageId,
  seedPaidOrder,
  seedSession,
  seedSignInChallenge,
  seedTotp,
  seedWithdrawal,
  seedWithdrawalAddress,
  testServerSecret,
  testTotpCode,
} from "../../../server/testing/seed.ts";
import { ensureDemoMerchant } from "../../../server/domain/invoices/demo-merchant.ts";
import { seedInvoice as seedCountingInvoice, seedInvoiceTransfer } from "../../../server/testing/seed/invoices.ts";
import { startTestIdentityProvider } from "../../../server/testing/google-idp.ts";
import { nonceHash } from "../../../server/domain/identity/google-identity.ts";
import { openLinkTicket } from "../../../server/domain/identity/google-link.ts";
import type { StateSeeder } from "./state-seeder.ts";
import { createTestDatabase } from "../../../server/testing/test-database.ts";

export interface ReferenceProvider {
  baseUrl: string;
  seeder: StateSeeder;
  close(): Promise<void>;
}

/**
 * The reference server on a loopback port with a fresh in-memory database, migrated. Its Google sign-in trusts a
 * test identity provider on another loopback port (server/testing/google-idp.ts), whose key signs the
 * ID tokens the Google states hand to the pact. Its chain is a real devnet (anvil on a free loopback port,
 * the test USDT deployed, the chain in memory), watched like any chain, so Chain/DevPay sends a real transfer.
 */
export async function startReferenceProvider(): Promise<ReferenceProvider> {
  // The test runs' migrated snapshot (made once a run, or here when missing) instead of initdb and the migrations again:
  // about 3 of the verifier's 16 CPU-seconds.
  const { db, close, listen } = await createTestDatabase();
  const google = await startTestIdentityProvider();
  const chain = await startChainLayer({
    db,
    env: { DEVNET: "true", DEVNET_PORT: "0" },
    dataDir: "memory",
    log: silentLog,
    listener: (currencies) => createMoneyListener({ currencies }),
  });
  const app = await buildServer({
    db,
    production: false,
    logger: false,
    google: google.settings,
    secret: testServerSecret,
    chain,
    orderSweepEveryMs: 0,
    liveEvents: { listen },
    // A test server: the pacts' callback URLs are not resolved when saved.
    callbackTargets: { allowPrivate: true },
    // Withdrawals asked for on the devnet's USDT (1 USDT fee, new destinations usable at once); nothing sends them.
    withdrawals: {
      tokens: chain.chains.flatMap((c) =>
        c.tokens.map((t) => ({ chainId: c.chainId, address: t.address, decimals: t.decimals, fee: 10n ** 18n })),
      ),
      dailyLimit: 10_000n * 10n ** 18n,
      forbidden: new Set<string>(),
      addressCooldownSeconds: 0,
    },
  });
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });

  const seeder: StateSeeder = {
    reset: () => resetDatabase(db),
    merchant: async ({ email, password }) => {
      const { userId } = await seedMerchant(db, { email, password });
      return { userId: String(userId) };
    },
    session: async ({ userId, token }) => {
      await seedSession(db, { userId, token });
    },
    code: async ({ email, purpose, code }) => {
      await seedCode(db, { email, purpose, code });
    },
    message: ({ userId, type, title }) => seedMessage(db, { userId, type, title }),
    googleIdToken: ({ email, nonce, key }) =>
      google.idToken(
        { email, sub: `google-${email}`, name: email.split("@")[0], nonce: nonceHash(nonce) },
        { key: key === "trusted" ? "provider" : "stranger" },
      ),
    googleLinkTicket: ({ userId, email }) =>
      openLinkTicket(db, { merchantId: userId, googleSubject: `google-${email}` }, new Date()),
    googleCode: async ({ code, email }) => google.issueCode(code, { email, sub: `google-${email}` }),
    demoMerchant: async () => {
      await ensureDemoMerchant(db, { secret: testServerSecret, now: new Date() });
    },
    packageId: ({ packageCode }) => seedPackageId(db, packageCode),
    openOrder: async ({ userId, packageCode }) => ({
      orderCode: (await seedOpenOrder(db, { userId, packageCode })).orderCode,
    }),
    paidOrder: async ({ userId, packageCode, product }) => {
      const chainId = chain.currencies.chainByProduct(product)?.chainId;
      if (chainId === undefined) throw new Error(`the reference provider watches no chain ${product}`);
      return { orderCode: (await seedPaidOrder(db, { userId, packageCode, product, chainId })).orderCode };
    },
    withdrawalAddress: async ({ userId, address, product }) => {
      const chainId = chain.currencies.chainByProduct(product)?.chainId;
      if (chainId === undefined) throw new Error(`the reference provider watches no chain ${product}`);
      return seedWithdrawalAddress(db, { userId, chainId, address });
    },
    withdrawal: async ({ userId, address, product, amount, awaitingApproval }) => {
      const watched = chain.currencies.chainByProduct(product);
      const token = watched?.tokens[0];
      if (!watched || !token) throw new Error(`the reference provider watches no chain ${product}`);
      const status = awaitingApproval ? "awaitingApproval" : "requested";
      return seedWithdrawal(db, {
        userId,
        chainId: watched.chainId,
        token: token.address,
        to: address,
        amount,
        status,
      });
    },
    balance: async ({ userId, amount }) => {
      await seedBalance(db, { userId, amount });
    },
    totp: async ({ userId, enabled, recoveryCodes }) => {
      await seedTotp(db, { userId, enabled, recoveryCodes });
      return { code: testTotpCode() };
    },
    signInChallenge: (input) => seedSignInChallenge(db, input),
    application: async ({ userId, name }) => ({ appCode: (await seedApplication(db, { userId, name })).appCode }),
    appProof: (input) => seedAppProof(db, input),
    verifiedWindow: (input) => seedVerifiedWindow(db, input),
    bill: async (input) => ({ billNo: (await seedBill(db, input)).billNo }),
    invoice: async ({ userId, appCode, invoiceId, amount, product, redirectUrl, received }) => {
      const watched = chain.currencies.chainByProduct(product);
      const factory = watched?.depositFactory;
      if (!watched || !factory) throw new Error(`the reference provider takes no deposit addresses on ${product}`);
      const app = await merchantApplication(db, userId, appCode);
      await seedInvoice(db, {
        userId,
        applicationId: app.id,
        appCode,
        publicId: invoiceId,
        amount,
        redirectUrl,
        chains: [{ chainId: watched.chainId, factory }],
        ...(received ? { status: "paid" as const, amountReceived: received } : {}),
      });
    },
    failedCallback: (input) => seedFailedCallback(db, input),
    devnet: async ({ product }) => {
      const devnet = chain.currencies.chainByProduct(product);
      const token = devnet?.tokens[0];
      if (!devnet?.devnet || !token)
        throw new Error(
          `the reference provider's devnet is ${chain.chains.find((c) => c.devnet)?.product}, not ${product}`,
        );
      return { tokenAddress: token.address };
    },
    // The next three go through the API, as the console would, so the states are the real thing.
    revoke: async ({ userId, token }) => {
      await expectSuccess(app, { method: "GET", url: `/api/Login/Logout?uid=${encodeURIComponent(userId)}`, token });
    },
    requestCode: async ({ email, purpose }) => {
      await expectSuccess(app, {
        method: "POST",
        url: "/api/User/SentVerificationCode",
        body: { email, type: purpose },
      });
    },
    // The first login is remembered as the last one; the second moves it to "the one before".
    previousLogin: async ({ email, password, ip }) => {
      await expectSuccess(app, {
        method: "POST",
        url: "/api/Login/Login",
        body: { email, password },
        remoteAddress: ip,
      });
      await expectSuccess(app, { method: "POST", url: "/api/Login/Login", body: { email, password } });
    },
    // Strangers, each from another address, guess until the account's bucket refuses (2011), as the stranger bench measures.
    throttleSignIn: async ({ email }) => {
      for (let i = 1; i <= 100; i++) {
        const answer = await app.inject({
          method: "POST",
          url: "/api/Login/Login",
          headers: { "content-type": "application/json", language: "en-US" },
          payload: JSON.stringify({ email, password: `Stranger${i}guess` }),
          remoteAddress: `198.51.100.${i}`,
        });
        if ((answer.json() as { errCode?: string }).errCode === "2011") return;
      }
      throw new Error(`the sign-in of ${email} was not throttled after 100 strangers' wrong passwords`);
    },
    invoiceCounting: async ({ userId, name, orderId, amount }) => {
      const app = await seedApplication(db, { userId, name });
      const chains = chain.chains.flatMap((c) =>
        c.depositFactory ? [{ chainId: c.chainId, factory: c.depositFactory }] : [],
      );
      const [first] = chains;
      if (!first) throw new Error("the reference provider takes deposit addresses on no chain");
      const counting = { chain: String(first.chainId), amount: "1", confirmations: 1, required: 2 };
      const { id, publicId, addresses } = await seedCountingInvoice(db, {
        userId,
        applicationId: app.applicationId,
        appCode: app.appCode,
        chains,
        orderId,
        amount,
        status: "processing",
      });
      // The watcher's record of its transfer: its hash and when it was seen make its timeline's step.
      const to = addresses.get(first.chainId)!;
      const seen = await seedInvoiceTransfer(db, { chainId: first.chainId, to, amount: "1", seenAt: new Date() });
      const transfers = [{ id: seen.id, ...counting, removed: false, late: false }];
      await db
        .updateTable("invoices")
        .set({ transfers: JSON.stringify(transfers) })
        .where("id", "=", id)
        .execute();
      return { invoiceId: publicId };
    },
  };

  return {
    baseUrl,
    seeder,
    close: async () => {
      await app.close();
      await chain.stop();
      await google.close();
      await close();
    },
  };
}

interface StateCall {
  method: "GET" | "POST";
  url: string;
  body?: unknown;
  token?: string;
  remoteAddress?: string;
}

async function expectSuccess(app: FastifyInstance, call: StateCall): Promise<void> {
  const answer = await app.inject({
    method: call.method,
    url: call.url,
    headers: {
      "content-type": "application/json",
      language: "en-US",
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
    },
    ...(call.method === "POST" ? { payload: JSON.stringify(call.body ?? {}) } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
  const envelope = answer.json() as { success?: boolean };
  if (answer.statusCode !== 200 || envelope.success !== true) {
    throw new Error(`${call.method} ${call.url} answered ${answer.statusCode}: ${answer.body}`);
  }
}
