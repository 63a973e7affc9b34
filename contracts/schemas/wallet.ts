import * as z from "zod/mini";
import { text } from "./fields.ts";

/** {product} in /api/wallet/{product}Client/GetUserWallet names the chain client, e.g. Tron or Eth. */
export const walletProduct = text(z.regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, "validation.walletProduct"));

export const getUserWalletRequest = z.strictObject({
  currency: z.optional(text(z.maxLength(16, "validation.tooLong"))),
});
export type GetUserWalletRequest = z.infer<typeof getUserWalletRequest>;

export const userWalletResult = z.object({ product: z.string(), address: z.string(), currency: z.string() });
export type UserWalletResult = z.infer<typeof userWalletResult>;
