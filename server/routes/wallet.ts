import * as z from "zod/mini";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import { walletProduct } from "../../contracts/schemas/wallet.ts";
import { walletAddress } from "../domain/wallets.ts";
import { ApiError, ok } from "../domain/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

const currencyCode = /^[A-Z0-9]{2,16}$/;

/** The merchant's payment address per product (chain client) and currency, created on first ask. */
export const walletHandlers: Pick<HandlerTable, "userWallet"> = {
  userWallet: {
    params: z.object({ product: walletProduct }),
    async handle({ db, body, params, session, now }) {
      const product = params.product ?? "";
      const productKey = product.toLowerCase();
      const currency = (body.currency?.trim() || "USDT").toUpperCase();
      if (!currencyCode.test(currency)) throw new ApiError(errCodes.validation, "currency: Unknown currency", 400);
      const address = await walletAddress(db, session.scope, productKey, currency, now);
      return ok({ product, address, currency });
    },
  },
};
