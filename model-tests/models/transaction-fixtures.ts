import type { TransactionRecord } from "../../contracts/schemas/transactions.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";

/** A withdrawal of 5 with its fee of 1 held from the balance, not sent yet. */
export const withdrawalHeld: TransactionRecord = {
  id: "41",
  kind: "withdrawal",
  amount: "-6",
  createdAt: "2026-11-27T09:30:00.000Z",
  orderCode: null,
  chain: "Devnet",
  txHash: null,
  blockNumber: null,
  confirmations: null,
  requiredConfirmations: null,
  withdrawalId: "7",
  withdrawalStatus: "requested",
  lines: [
    { account: "merchant", amount: "-6" },
    { account: "withdrawal", amount: "6" },
  ],
};
/** The same withdrawal signed, sent and mined, counting its first confirmation of 2: its record as the stream sends it. */
export const withdrawalCounting: TransactionRecord = {
  ...withdrawalHeld,
  txHash: `0x${"5e".repeat(32)}`,
  blockNumber: "120",
  confirmations: 1,
  requiredConfirmations: 2,
  withdrawalStatus: "broadcast",
};
/** A recharge of 20 to the payment address, credited from the chain's receipts. */
export const rechargeCredited: TransactionRecord = {
  id: "40",
  kind: "unmatched",
  amount: "20",
  createdAt: "2026-11-27T09:15:00.000Z",
  orderCode: null,
  chain: "Devnet",
  txHash: `0x${"a1".repeat(32)}`,
  blockNumber: "118",
  confirmations: 12,
  requiredConfirmations: 12,
  withdrawalId: null,
  withdrawalStatus: null,
  lines: [
    { account: "receipts", amount: "-20" },
    { account: "merchant", amount: "20" },
  ],
};

export const transactionListAnswer = (
  context: Pick<ListContext, "paging">,
): ListLoad & { items: TransactionRecord[] } => ({
  items: [withdrawalHeld, rechargeCredited],
  ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 2),
});
