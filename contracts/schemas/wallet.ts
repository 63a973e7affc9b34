import * as z from "zod/mini";
import { codeField, idField, isoTimeField, secondFactorCodeField, text, trimmedText, usdtAmount } from "./fields.ts";
import { listPage, listPaging } from "./list.ts";
import { openWithdrawal, withdrawalStatuses } from "./open-api.ts";

/** {product} in /api/wallet/{product}Client/GetUserWallet names the chain client, e.g. Tron or Eth. */
export const walletProduct = text(z.regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/, "validation.walletProduct"));

export const getUserWalletRequest = z.strictObject({
  currency: z.optional(text(z.maxLength(16, "validation.tooLong"))),
});
export type GetUserWalletRequest = z.infer<typeof getUserWalletRequest>;

export const userWalletResult = z.object({ product: z.string(), address: z.string(), currency: z.string() });
export type UserWalletResult = z.infer<typeof userWalletResult>;

/** A destination of the merchant's address book: usable for withdrawals from `usableAt` (the cool-down). */
export const withdrawalAddress = z.object({
  id: z.string(),
  /** The chain's product name (GetUserWallet's {product}), e.g. Devnet. */
  chain: z.string(),
  /** EIP-55. */
  address: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime(),
  usableAt: z.iso.datetime(),
  /** Whether the cool-down is over, by the server's clock. */
  usable: z.boolean(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddress>;

export const withdrawalAddressList = z.object({
  items: z.array(withdrawalAddress),
  /** How long a new destination waits before it can be used, in seconds. */
  cooldownSeconds: z.number(),
});
export type WithdrawalAddressList = z.infer<typeof withdrawalAddressList>;

/**
 * A destination added to the address book, with the code mailed for it (SentVerificationCode, type `withdrawal`) and,
 * when two-factor is on, the authenticator's code: a stolen session alone adds none.
 */
export const addWithdrawalAddressRequest = z.strictObject({
  chain: walletProduct,
  address: trimmedText(z.minLength(1, "validation.required"), z.regex(/^0x[0-9a-fA-F]{40}$/, "validation.address")),
  label: trimmedText(z.minLength(1, "validation.required"), z.maxLength(40, "validation.tooLong")),
  code: codeField,
  totpCode: z.optional(secondFactorCodeField),
});
export type AddWithdrawalAddressRequest = z.infer<typeof addWithdrawalAddressRequest>;

export const withdrawalAddressIdRequest = z.strictObject({ id: idField });
export type WithdrawalAddressIdRequest = z.infer<typeof withdrawalAddressIdRequest>;

/**
 * A withdrawal asked in the console: to a usable destination of the address book, in its chain's USDT, with the code
 * mailed for it (SentVerificationCode, type `withdrawal`) and, when two-factor is on, the authenticator's code.
 * `requestId` (a UUID the dialog makes once) names the request: sent twice, it is one withdrawal.
 */
export const walletWithdrawRequest = z.strictObject({
  addressId: idField,
  amount: trimmedText(z.minLength(1, "validation.required"), z.regex(/^\d{1,20}(\.\d{1,18})?$/, "validation.amount")),
  code: codeField,
  totpCode: z.optional(secondFactorCodeField),
  requestId: z.optional(text(z.regex(/^[0-9a-f-]{36}$/, "validation.requestId"))),
});
export type WalletWithdrawRequest = z.infer<typeof walletWithdrawRequest>;

/**
 * Approving a withdrawal an application asked above its auto-approve limit (`awaitingApproval`): with the code mailed
 * for it (type `withdrawal`) and, when two-factor is on, the authenticator's code, as a withdrawal asked here takes.
 */
export const withdrawalApproveRequest = z.strictObject({
  withdrawalId: idField,
  code: codeField,
  totpCode: z.optional(secondFactorCodeField),
});
export type WithdrawalApproveRequest = z.infer<typeof withdrawalApproveRequest>;

/** Rejecting one: it fails, and its amount and fee go back to the balance. Nothing leaves, so no code is asked. */
export const withdrawalRejectRequest = z.strictObject({ withdrawalId: idField });
export type WithdrawalRejectRequest = z.infer<typeof withdrawalRejectRequest>;

/** A chain withdrawals can be sent on, in its USDT, with what each costs. */
export const withdrawableChain = z.object({
  chain: z.string(),
  symbol: z.string(),
  /** The token contract. */
  token: z.string(),
  decimals: z.int(),
  /** Taken from the balance beside each withdrawal's amount. */
  fee: usdtAmount,
});

/**
 * My wallet's figures: the balance that may be withdrawn and what withdrawals in flight hold, the day's limit and what
 * is left of it (the last 24 hours), and the chains withdrawals go out on; `withdrawalsOffered` false when this server
 * sends none (then `chains` is empty).
 */
export const walletOverview = z.object({
  available: usdtAmount,
  held: usdtAmount,
  dailyLimit: usdtAmount,
  dailyLeft: usdtAmount,
  withdrawalsOffered: z.boolean(),
  chains: z.array(withdrawableChain),
  cooldownSeconds: z.number(),
  /** Two-factor sign-in is on: a withdrawal then takes the authenticator's code too. */
  secondFactorOn: z.boolean(),
});
export type WalletOverview = z.infer<typeof walletOverview>;

export const maxWithdrawalPageSize = 100;

/** The merchant's withdrawals' filters, every one optional: the state, and when it was asked. */
export const withdrawalFilters = {
  status: z.optional(z.enum(withdrawalStatuses)),
  startTime: z.optional(isoTimeField),
  endTime: z.optional(isoTimeField),
};

/** My wallet's withdrawals, newest first, a keyset page at a time (contracts/schemas/list.ts). */
export const withdrawalListRequest = z.strictObject({ ...withdrawalFilters, ...listPaging(maxWithdrawalPageSize) });
export type WithdrawalListRequest = z.infer<typeof withdrawalListRequest>;
/**
 * A withdrawal as My wallet lists it: the open API's, with how many confirmations its transaction has while it counts
 * them (all of them once paid), of how many its chain asks; both null while none of its transactions is mined.
 */
export const walletWithdrawal = z.extend(openWithdrawal, {
  confirmations: z.nullable(z.int().check(z.minimum(0))),
  requiredConfirmations: z.nullable(z.int().check(z.minimum(1))),
});
export type WalletWithdrawal = z.infer<typeof walletWithdrawal>;
export const withdrawalListResult = listPage(walletWithdrawal);
export type WithdrawalListResult = z.infer<typeof withdrawalListResult>;

/** The same withdrawals as a CSV file: every one the filters select, as the list reads them (contracts/exports). */
export const withdrawalExportRequest = z.strictObject(withdrawalFilters);
export type WithdrawalExportRequest = z.infer<typeof withdrawalExportRequest>;
