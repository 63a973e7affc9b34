import * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { walletProduct } from "../../contracts/schemas/wallet.ts";
import { chainMessages } from "../domain/payments/chain-payments.ts";
import { ApiError, fail, ok } from "../domain/platform/outcome.ts";
import { paymentAddress } from "../domain/payments/wallets.ts";
import {
  addWithdrawalAddress,
  listWithdrawalAddresses,
  removeWithdrawalAddress,
} from "../domain/withdrawals/address-book.ts";
import { withdrawFromConsole } from "../domain/withdrawals/console-withdrawals.ts";
import { approveWithdrawal, rejectWithdrawal } from "../domain/withdrawals/withdrawal-approval.ts";
import { walletOverview } from "../domain/withdrawals/wallet-overview.ts";
import { exportWithdrawals, listWithdrawals } from "../domain/withdrawals/withdrawal-list.ts";
import { listHandlers } from "./list-handlers.ts";
import type { HandlerContext, HandlerTable } from "../http/handler.ts";
import type { EndpointName } from "../../contracts/endpoints.ts";

/** What the wallet's use cases read of the request and the services. */
const walletContext = <N extends EndpointName>({ services, now, ip, userAgent }: HandlerContext<N>) => ({
  currencies: services.currencies,
  rules: services.withdrawals,
  now,
  source: { ip, userAgent, now },
});

const currencyCode = /^[A-Z0-9]{2,16}$/;

/**
 * The merchant's payment address for a configured chain ({product}, case-insensitive) and one of its tokens: the real
 * watch-only receiving address. A product no chain is configured for answers 2207.
 */
export const walletHandlers: Pick<
  HandlerTable,
  | "userWallet"
  | "walletOverview"
  | "addresses"
  | "addAddress"
  | "removeAddress"
  | "withdraw"
  | "approveWithdrawal"
  | "rejectWithdrawal"
  | "withdrawalList"
  | "withdrawalExport"
> = {
  userWallet: {
    params: z.object({ product: walletProduct }),
    async handle({ db, body, params, session, services, now }) {
      const product = params.product ?? "";
      const currency = (body.currency?.trim() || "USDT").toUpperCase();
      if (!currencyCode.test(currency)) throw new ApiError(errCodes.validation, "currency: Unknown currency", 400);
      const layer = services.chain;
      const chain = layer?.currencies.chainByProduct(product);
      if (!layer || !chain) return fail(errCodes.chainUnknown, chainMessages.chainUnknown);
      if (!chain.tokens.some((t) => t.symbol.toUpperCase() === currency))
        throw new ApiError(errCodes.validation, "currency: Unknown currency", 400);
      const address = await paymentAddress(db, session.scope, layer.addresses, chain, now, services.secret);
      return ok({ product, address, currency });
    },
  },
  walletOverview: {
    handle: (ctx) => walletOverview(ctx.db, ctx.session.scope, walletContext(ctx)),
  },
  addresses: {
    handle: (ctx) => listWithdrawalAddresses(ctx.db, ctx.session.scope, walletContext(ctx)),
  },
  addAddress: {
    handle: (ctx) => {
      const { services } = ctx;
      const mail = {
        mailer: services.mailer,
        keys: { secret: services.secret, devOutbox: services.devOutbox },
        log: ctx.log,
      };
      const context = { ...walletContext(ctx), mail, identity: services };
      return addWithdrawalAddress(ctx.db, ctx.session, ctx.body, context);
    },
  },
  removeAddress: {
    handle: (ctx) => removeWithdrawalAddress(ctx.db, ctx.session.scope, ctx.body.id, walletContext(ctx)),
  },
  withdraw: {
    handle: (ctx) =>
      withdrawFromConsole(ctx.db, ctx.session, ctx.body, { ...walletContext(ctx), identity: ctx.services }),
  },
  approveWithdrawal: {
    handle: (ctx) =>
      approveWithdrawal(ctx.db, ctx.session, ctx.body, { ...walletContext(ctx), identity: ctx.services }),
  },
  rejectWithdrawal: {
    handle: (ctx) => rejectWithdrawal(ctx.db, ctx.session, ctx.body, { ...walletContext(ctx), identity: ctx.services }),
  },
  ...listHandlers(
    { pages: "withdrawalList", file: "withdrawalExport" },
    { pages: listWithdrawals, file: exportWithdrawals },
  ),
};
