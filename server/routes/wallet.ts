import * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { walletProduct } from "../../contracts/schemas/wallet.ts";
import { chainMessages } from "../domain/payments/chain-payments.ts";
import { ApiError, fail, ok } from "../domain/platform/outcome.ts";
import { walletAddress } from "../domain/payments/wallets.ts";
import type { HandlerTable } from "../http/handler.ts";

const currencyCode = /^[A-Z0-9]{2,16}$/;

/**
 * The merchant's payment address for a configured chain ({product}, case-insensitive) and one of its tokens: the real
 * watch-only receiving address. A product no chain is configured for answers 2207.
 */
export const walletHandlers: Pick<HandlerTable, "userWallet"> = {
  userWallet: {
    params: z.object({ product: walletProduct }),
    async handle({ db, body, params, session, services }) {
      const product = params.product ?? "";
      const currency = (body.currency?.trim() || "USDT").toUpperCase();
      if (!currencyCode.test(currency)) throw new ApiError(errCodes.validation, "currency: Unknown currency", 400);
      const layer = services.chain;
      const chain = layer?.chainByProduct(product);
      if (!layer || !chain) return fail(errCodes.chainUnknown, chainMessages.chainUnknown);
      if (!chain.tokens.some((t) => t.symbol.toUpperCase() === currency))
        throw new ApiError(errCodes.validation, "currency: Unknown currency", 400);
      const address = await walletAddress(db, session.scope, layer.addresses);
      return ok({ product, address, currency });
    },
  },
};
