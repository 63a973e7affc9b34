import type { Order, OrderDetail, OrderListResult } from "../../contracts/schemas/orders.ts";
import { sampleOrder as basicOrder } from "../../contracts/testing/sample-orders.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { isFiltered } from "../../machines/lists/list-area.ts";
import type { ListContext } from "../../machines/lists/list-machine.ts";

// My orders as the fake server answers them, for the list model's orders (list.model.ts).

const sampleOrder = (orderCode: string, status: Order["status"], extra: Partial<Order> = {}): Order =>
  basicOrder({ orderCode, status, ...extra });

/** The fake server's orders: one pending, one waiting, a paid trial and a failed one (23 in all, over 3 pages of 10). */
export const sampleOrders: Order[] = [
  sampleOrder("2026020100000004", "pending"),
  sampleOrder("2026020100000003", "waiting", { confirming: "29" }),
  sampleOrder("2026020100000002", "paid", {
    packageId: "1",
    packageCode: "trial",
    packageName: "Trial",
    termUnit: "day",
    termCount: 7,
    termMonths: 0,
    price: "0",
    amount: "0",
    paidAt: "2026-02-01T09:00:00.000Z",
    payType: "free",
    remaining: "0",
  }),
  sampleOrder("2026020100000001", "failed", { createdAt: "2026-01-31T08:00:00.000Z" }),
];
export const sampleTotal = 23;

/** What the server answers for the list as the machine asks for it: a search finds the pending order only. */
export function orderListAnswer(context: Pick<ListContext, "search" | "paging">): OrderListResult {
  const filtered = isFiltered(context.search);
  const { page, pageSize } = context.paging;
  return filtered
    ? { items: [sampleOrders[0] as Order], ...fakeKeysetPaging(page, pageSize, 1) }
    : { items: sampleOrders, ...fakeKeysetPaging(page, pageSize, sampleTotal) };
}

/** The waiting order's details: a transfer on the devnet still confirming. */
export const sampleDetail = (orderCode: string): OrderDetail => ({
  ...(sampleOrders.find((o) => o.orderCode === orderCode) ?? sampleOrder(orderCode, "pending")),
  transfers: [
    {
      product: "Devnet",
      chainId: 31337,
      txHash: "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
      logIndex: 0,
      blockNumber: "118",
      from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      amount: "29",
      confirmations: 1,
      required: 3,
      status: "seen",
      seenAt: "2026-02-01T10:03:00.000Z",
    },
  ],
  fromBalance: "0",
  packageExpiresAt: null,
  toBalance: "0",
  reversed: "0",
});
