import * as z from "zod/mini";
import { billNoField, billStatus, maxBillPageSize } from "./bills.ts";
import { listCursor, listPage } from "./list.ts";
import { usdtAmount } from "./fields.ts";

/**
 * The open API: what a merchant's own system sends and receives under /open/v1/, every request signed with
 * RFC 9421 (keyid = the AppKey). The same schemas validate requests on the server and make the OpenAPI 3.1 document.
 */

/** The merchant's own id of one of its customers: printable ASCII without spaces, so it reads the same everywhere. */
export const endUserId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, "printable ASCII without spaces"));

/** A configured chain's product name, as in the console's wallet: Devnet, Eth, Bsc … (case-insensitive). */
export const chainName = z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{1,31}$/, "a chain such as Eth or Bsc"));

export const createDepositAddressBody = z.strictObject({ endUserId, chain: chainName });
export type CreateDepositAddressBody = z.infer<typeof createDepositAddressBody>;

export const depositAddressParams = z.strictObject({ endUserId });
export const depositAddressQuery = z.strictObject({ chain: chainName });

export const depositAddress = z.object({
  endUserId,
  /** The chain's product name as configured (Devnet, Eth …). */
  chain: z.string(),
  chainId: z.int(),
  /** EIP-55 checksummed: the CREATE2 address of the end user's forwarder; no private key exists for it. */
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  /** The application's code. */
  appCode: z.string(),
  createdAt: z.iso.datetime(),
});
export type DepositAddress = z.infer<typeof depositAddress>;

/** The merchant's balance: a decimal string, never a number. */
export const openBalance = z.object({ balance: usdtAmount, currency: z.literal("USDT") });
export type OpenBalance = z.infer<typeof openBalance>;

const isoTime = z.iso.datetime({ offset: true });
/** Query strings carry text: a page size 1–100. */
const pageSizeText = z.string().check(z.regex(/^([1-9]\d?|100)$/, `a page size from 1 to ${maxBillPageSize}`));

/**
 * The calling application's bills (contracts/schemas/bills.ts appBill), newest first: every transfer to one of its
 * deposit addresses from the moment it is seen, by end user, status and pay time (ISO 8601), a page at a time (10):
 * the next page is asked for with the answer's `nextCursor` and the same filters (contracts/schemas/list.ts).
 */
export const openBillListQuery = z.strictObject({
  endUserId: z.optional(endUserId),
  status: z.optional(billStatus),
  startTime: z.optional(isoTime),
  endTime: z.optional(isoTime),
  cursor: z.optional(listCursor),
  pageSize: z.optional(pageSizeText),
});
export type OpenBillListQuery = z.infer<typeof openBillListQuery>;

export const openBillParams = z.strictObject({ billNo: billNoField });

/**
 * A withdrawal: `amount` in the chain's USDT, to `to` (an EIP-55 address of that chain), sent from the
 * treasury; the fee is taken from the balance beside it. With an `Idempotency-Key` header the same key and request
 * answer the same withdrawal, never a second payment; the same key with another request is refused (2708).
 */
export const createWithdrawalBody = z.strictObject({
  chain: chainName,
  to: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, "an address: 0x and 40 hexadecimal digits")),
  amount: usdtAmount,
});
export type CreateWithdrawalBody = z.infer<typeof createWithdrawalBody>;

/** The IETF httpapi draft's header: 1 to 255 printable ASCII characters, such as a UUID. */
export const idempotencyHeaders = z.object({
  "idempotency-key": z.optional(
    z.string().check(z.regex(/^[\x21-\x7e]{1,255}$/, "1 to 255 printable ASCII characters")),
  ),
});

export const withdrawalStatuses = [
  "requested",
  "awaitingApproval",
  "signed",
  "broadcast",
  "confirmed",
  "failed",
] as const;

export const openWithdrawal = z.object({
  /** The withdrawal's id: digits. */
  id: z.string(),
  chain: z.string(),
  chainId: z.int(),
  token: z.string(),
  to: z.string(),
  amount: usdtAmount,
  fee: usdtAmount,
  status: z.enum(withdrawalStatuses),
  /** The transaction that paid it, once confirmed. */
  txHash: z.nullable(z.string()),
  /** Why it failed (its hold went back to the balance), when it did. */
  failure: z.nullable(z.string()),
  /** Why a requested withdrawal is not sent yet: `treasury`, the treasury does not cover it yet (it goes once it does). */
  waiting: z.nullable(z.enum(["treasury"])),
  createdAt: z.iso.datetime(),
});
export type OpenWithdrawal = z.infer<typeof openWithdrawal>;

export const withdrawalParams = z.strictObject({ withdrawalId: z.string().check(z.regex(/^\d{1,18}$/, "digits")) });

/** The merchant's withdrawals, newest first, by status, a page at a time (10), as bills are (contracts/schemas/list.ts). */
export const openWithdrawalListQuery = z.strictObject({
  status: z.optional(z.enum(withdrawalStatuses)),
  cursor: z.optional(listCursor),
  pageSize: z.optional(pageSizeText),
});
export type OpenWithdrawalListQuery = z.infer<typeof openWithdrawalListQuery>;
export const openWithdrawalList = listPage(openWithdrawal);
export type OpenWithdrawalList = z.infer<typeof openWithdrawalList>;
