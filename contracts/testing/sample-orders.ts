import type { Order } from "../schemas/orders.ts";

/**
 * A pending order of the basic package (29 USDT, one month), as the server answers it, for tests of the console's
 * machines, client and model tests; `extra` sets whatever a test is about.
 */
export const sampleOrder = (extra: Partial<Order> = {}): Order => ({
  orderCode: "2026020100000001",
  packageId: "2",
  packageCode: "basic",
  packageName: "Basic",
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: { wallets: 3, currencies: 5, applications: 3 },
  price: "29",
  credit: "0",
  amount: "29",
  currency: "USDT",
  status: "pending",
  upgrade: "new",
  createdAt: "2026-02-01T10:00:00.000Z",
  expiresAt: "2026-02-01T10:30:00.000Z",
  paidAt: null,
  payType: null,
  received: "0",
  confirming: "0",
  remaining: "29",
  serverTime: "2026-02-01T10:06:00.000Z",
  ...extra,
});
