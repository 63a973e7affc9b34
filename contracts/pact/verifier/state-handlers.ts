import type { VerifierOptions } from "@pact-foundation/pact";
import * as z from "zod/mini";
import { codePurpose } from "../../schemas/fields.ts";
import { messageTypeField } from "../../schemas/messages.ts";
import { appAction } from "../../schemas/apps.ts";
import { states } from "../provider-states.ts";
import type { StateSeeder } from "./state-seeder.ts";

export type StateHandlers = NonNullable<VerifierOptions["stateHandlers"]>;

/** Password of a merchant a state needs but whose password no state names. */
const unnamedPassword = "Unnamed123";

const merchantParams = z.object({ email: z.string(), password: z.string() });
const sessionParams = z.object({ email: z.string(), token: z.string() });
const codeParams = z.object({ email: z.string(), code: z.string(), type: codePurpose });
const emailParams = z.object({ email: z.string() });
const requestParams = z.object({ email: z.string(), type: codePurpose });
const loginParams = z.object({ email: z.string(), ip: z.string() });
const googleCodeParams = z.object({ email: z.string(), code: z.string() });
const googleTokenParams = z.object({ email: z.string(), nonce: z.string() });
const noParams = z.optional(z.unknown());
const messageParams = z.object({ email: z.string(), type: messageTypeField, title: z.string() });
const packageParams = z.object({ packageCode: z.string() });
const orderParams = z.object({ email: z.string(), packageCode: z.string() });
const paidOrderParams = z.object({ email: z.string(), packageCode: z.string(), product: z.string() });
const balanceParams = z.object({ email: z.string(), amount: z.string() });
const productParams = z.object({ product: z.string() });
const withdrawalAddressParams = z.object({ email: z.string(), address: z.string(), product: z.string() });
const withdrawalParams = z.object({ email: z.string(), address: z.string(), product: z.string(), amount: z.string() });
const challengeParams = z.object({ email: z.string(), challenge: z.string() });
const applicationParams = z.object({ email: z.string(), name: z.string() });
const billParams = z.object({ email: z.string(), name: z.string(), endUserId: z.string(), amount: z.string() });
const invoiceParams = z.object({
  email: z.string(),
  name: z.string(),
  invoiceId: z.string(),
  amount: z.string(),
  product: z.string(),
  redirectUrl: z.string(),
});
const appProofParams = z.object({ email: z.string(), name: z.string(), proof: z.string(), action: appAction });
const verifiedWindowParams = z.object({ email: z.string(), name: z.string(), token: z.string() });
const countingInvoiceParams = z.object({
  email: z.string(),
  name: z.string(),
  orderId: z.string(),
  amount: z.string(),
});

/**
 * Pact-JS state handlers for every sentence in provider-states.ts. A handler that fails is
 * recorded in `failures` (Pact-JS itself only logs it and carries on with a half-made state).
 */
export function createStateHandlers(seeder: StateSeeder) {
  const merchants = new Map<string, { userId: string; password: string }>();
  const failures: string[] = [];

  const merchantId = async (email: string, password = unnamedPassword) => {
    const known = merchants.get(email);
    if (known) return known.userId;
    const { userId } = await seeder.merchant({ email, password });
    merchants.set(email, { userId, password });
    return userId;
  };

  const guarded =
    <S extends z.ZodMiniType>(
      name: string,
      schema: S,
      run: (params: z.infer<S>) => Promise<Record<string, string> | undefined>,
    ) =>
    async (params: unknown) => {
      try {
        return await run(schema.parse(params));
      } catch (error) {
        failures.push(
          `state "${name}" with ${JSON.stringify(params)}: ${error instanceof Error ? error.message : String(error)}`,
        );
        throw error;
      }
    };

  const handlers: StateHandlers = {
    [states.merchantExists]: guarded(states.merchantExists, merchantParams, async ({ email, password }) => ({
      userId: await merchantId(email, password),
    })),
    [states.signedIn]: guarded(states.signedIn, sessionParams, async ({ email, token }) => {
      const userId = await merchantId(email);
      await seeder.session({ userId, token });
      return { userId };
    }),
    [states.tokenRevoked]: guarded(states.tokenRevoked, sessionParams, async ({ email, token }) => {
      const userId = await merchantId(email);
      await seeder.session({ userId, token });
      await seeder.revoke({ userId, token });
      return { userId };
    }),
    [states.codeSent]: guarded(states.codeSent, codeParams, async ({ email, code, type }) => {
      await seeder.code({ email, purpose: type, code });
      return undefined;
    }),
    [states.codeJustRequested]: guarded(states.codeJustRequested, requestParams, async ({ email, type }) => {
      await seeder.requestCode({ email, purpose: type });
      return undefined;
    }),
    [states.loggedInBefore]: guarded(states.loggedInBefore, loginParams, async ({ email, ip }) => {
      const userId = await merchantId(email);
      const { password } = merchants.get(email) ?? { password: unnamedPassword };
      await seeder.previousLogin({ email, password, ip });
      return { userId };
    }),
    [states.unreadMessage]: guarded(states.unreadMessage, messageParams, async ({ email, type, title }) => {
      const userId = await merchantId(email);
      const { messageId } = await seeder.message({ userId, type, title });
      return { userId, messageId };
    }),
    // The database is emptied before each interaction, so there is nothing to remove.
    [states.noMerchant]: guarded(states.noMerchant, emailParams, async () => undefined),
    // The token is made here, so the pact's request carries it from the state (`${credential}`).
    [states.googleIdToken]: guarded(states.googleIdToken, googleTokenParams, async ({ email, nonce }) => ({
      credential: await seeder.googleIdToken({ email, nonce, key: "trusted" }),
    })),
    [states.googleForeignToken]: guarded(states.googleForeignToken, googleTokenParams, async ({ email, nonce }) => ({
      credential: await seeder.googleIdToken({ email, nonce, key: "foreign" }),
    })),
    // The ticket is made here, so the pact's request carries it from the state (`${linkTicket}`).
    [states.googleLinkPending]: guarded(states.googleLinkPending, merchantParams, async ({ email, password }) => {
      const userId = await merchantId(email, password);
      return { userId, linkTicket: await seeder.googleLinkTicket({ userId, email }) };
    }),
    [states.googleCode]: guarded(states.googleCode, googleCodeParams, async ({ code, email }) => {
      await seeder.googleCode({ code, email });
      return undefined;
    }),
    // The demo merchant, as a server with the devnet makes it at its start (the database was emptied).
    [states.demoOpen]: guarded(states.demoOpen, noParams, async () => {
      await seeder.demoMerchant();
      return undefined;
    }),
    [states.packageOnSale]: guarded(states.packageOnSale, packageParams, (params) => seeder.packageId(params)),
    [states.openOrder]: guarded(states.openOrder, orderParams, async ({ email, packageCode }) => {
      const userId = await merchantId(email);
      return { userId, ...(await seeder.openOrder({ userId, packageCode })) };
    }),
    [states.paidOrder]: guarded(states.paidOrder, paidOrderParams, async ({ email, packageCode, product }) => {
      const userId = await merchantId(email);
      return { userId, ...(await seeder.paidOrder({ userId, packageCode, product })) };
    }),
    [states.balance]: guarded(states.balance, balanceParams, async ({ email, amount }) => {
      const userId = await merchantId(email);
      await seeder.balance({ userId, amount });
      return { userId };
    }),
    [states.signInThrottled]: guarded(states.signInThrottled, merchantParams, async ({ email, password }) => {
      const userId = await merchantId(email, password);
      await seeder.throttleSignIn({ email });
      return { userId };
    }),
    [states.passwordAndTotp]: guarded(states.passwordAndTotp, merchantParams, async ({ email, password }) => {
      const userId = await merchantId(email, password);
      return { userId, ...(await seeder.totp({ userId, enabled: true, recoveryCodes: [] })) };
    }),
    [states.signedInWithTotp]: guarded(states.signedInWithTotp, sessionParams, async ({ email, token }) => {
      const userId = await merchantId(email);
      await seeder.session({ userId, token });
      return { userId, ...(await seeder.totp({ userId, enabled: true, recoveryCodes: [] })) };
    }),
    [states.signedInTotpPending]: guarded(states.signedInTotpPending, sessionParams, async ({ email, token }) => {
      const userId = await merchantId(email);
      await seeder.session({ userId, token });
      return { userId, ...(await seeder.totp({ userId, enabled: false, recoveryCodes: [] })) };
    }),
    [states.secondFactorAwaited]: guarded(states.secondFactorAwaited, challengeParams, async ({ email, challenge }) => {
      const userId = await merchantId(email);
      const { code } = await seeder.totp({ userId, enabled: true, recoveryCodes: [] });
      await seeder.signInChallenge({ userId, challenge });
      return { userId, code };
    }),
    [states.application]: guarded(states.application, applicationParams, async ({ email, name }) => {
      const userId = await merchantId(email);
      return { userId, ...(await seeder.application({ userId, name })) };
    }),
    [states.appProof]: guarded(states.appProof, appProofParams, async ({ email, name, proof, action }) => {
      const userId = await merchantId(email);
      const { appCode } = await seeder.application({ userId, name });
      await seeder.appProof({ userId, appCode, action, proof });
      return { userId, appCode };
    }),
    [states.appVerifiedWindow]: guarded(
      states.appVerifiedWindow,
      verifiedWindowParams,
      async ({ email, name, token }) => {
        const userId = await merchantId(email);
        const { appCode } = await seeder.application({ userId, name });
        await seeder.verifiedWindow({ userId, token, appCode });
        return { userId, appCode };
      },
    ),
    [states.bill]: guarded(states.bill, billParams, async ({ email, name, endUserId, amount }) => {
      const userId = await merchantId(email);
      const { appCode } = await seeder.application({ userId, name });
      const { billNo } = await seeder.bill({ userId, appCode, endUserId, amount });
      return { userId, appCode, billNo };
    }),
    [states.invoice]: guarded(states.invoice, invoiceParams, async ({ email, name, ...invoice }) => {
      const userId = await merchantId(email);
      const { appCode } = await seeder.application({ userId, name });
      await seeder.invoice({ userId, appCode, ...invoice });
      return { userId, appCode };
    }),
    [states.failedCallback]: guarded(states.failedCallback, applicationParams, async ({ email, name }) => {
      const userId = await merchantId(email);
      return { userId, ...(await seeder.failedCallback({ userId, name })) };
    }),
    // Its test USDT's contract, for the calls that name it (My currencies).
    [states.devnetWatched]: guarded(states.devnetWatched, productParams, (params) => seeder.devnet(params)),
    [states.withdrawalAddress]: guarded(
      states.withdrawalAddress,
      withdrawalAddressParams,
      async ({ email, address, product }) => {
        const userId = await merchantId(email);
        return { userId, ...(await seeder.withdrawalAddress({ userId, address, product })) };
      },
    ),
    [states.withdrawal]: guarded(states.withdrawal, withdrawalParams, async ({ email, address, product, amount }) => {
      const userId = await merchantId(email);
      return { userId, ...(await seeder.withdrawal({ userId, address, product, amount })) };
    }),
    [states.withdrawalAwaitingApproval]: guarded(
      states.withdrawalAwaitingApproval,
      withdrawalParams,
      async ({ email, address, product, amount }) => {
        const userId = await merchantId(email);
        const awaiting = { userId, address, product, amount, awaitingApproval: true };
        return { userId, ...(await seeder.withdrawal(awaiting)) };
      },
    ),
    [states.invoiceCounting]: guarded(states.invoiceCounting, countingInvoiceParams, async (params) => {
      const userId = await merchantId(params.email);
      return { userId, ...(await seeder.invoiceCounting({ userId, ...params })) };
    }),
  };

  const beforeEach = async () => {
    merchants.clear();
    try {
      await seeder.reset();
    } catch (error) {
      failures.push(`resetting the database: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  };

  return { handlers, beforeEach, failures };
}
