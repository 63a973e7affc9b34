import type { RechargeBill } from "../../contracts/schemas/recharges.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";

const transfer = {
  chain: "Devnet",
  chainId: 31337,
  currency: "USDT",
  tokenContract: `0x${"11".repeat(20)}`,
  protocol: "ERC-20",
  fromAddress: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  paymentAddress: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  deliveryAddress: null,
  logIndex: 0,
} as const;

/** A transfer to the payment address with no order open: a recharge, on the balance. */
export const rechargeUnmatched: RechargeBill = {
  ...transfer,
  billNo: "202611270000000012",
  reason: "unmatched",
  orderCode: null,
  amount: "20",
  txHash: `0x${"a1".repeat(32)}`,
  blockNumber: "118",
  status: "credited",
  payTime: "2026-11-27T09:15:00.000Z",
};
/** What a payment paid beyond its order, which a reorganisation then took away. */
export const rechargeExcessReversed: RechargeBill = {
  ...transfer,
  billNo: "202611260000000009",
  reason: "excess",
  orderCode: "202611260000000004",
  amount: "0.5",
  txHash: `0x${"b2".repeat(32)}`,
  blockNumber: "96",
  status: "reversed",
  payTime: "2026-11-26T18:40:00.000Z",
};

export const rechargeListAnswer = (context: Pick<ListContext, "paging">): ListLoad & { items: RechargeBill[] } => ({
  items: [rechargeUnmatched, rechargeExcessReversed],
  ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 2),
});
