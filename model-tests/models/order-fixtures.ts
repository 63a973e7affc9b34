import type { BalanceResult } from "../../contracts/schemas/balance.ts";
import type { DevPayResult } from "../../contracts/schemas/currencies.ts";
import type { Order, OrderDetail } from "../../contracts/schemas/orders.ts";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { SubscriptionResult } from "../../contracts/schemas/subscription.ts";
import type { PayOptions } from "../../machines/orders/order-payment.ts";
import type { Catalogue } from "../../machines/orders/order-purchase.ts";
import {
  sampleBasicPackage,
  sampleDevnet,
  sampleEth,
  sampleReceivingAddress,
  sampleWallet,
} from "../../contracts/testing/sample-catalogue.ts";

// The order flows' sample data, shared by the orderPurchase and orderPayment models and their harnesses.

/** The merchant's clock when the page opens; the harness sets the page's clock to it. */
export const visitorStart = Date.parse("2026-05-01T08:00:00.000Z");
/** The server's clock runs 30 s ahead of the merchant's: the countdown must follow the server. */
const serverAhead = 30_000;
const windowMs = 30 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const limits = (n: number | null) => ({ wallets: n, currencies: n, applications: n });
export const packages: ServicePackage[] = [
  {
    id: "1",
    code: "trial",
    name: "Trial",
    kind: "trial",
    price: "0",
    termUnit: "day",
    termCount: 7,
    termMonths: 0,
    limits: limits(1),
  },
  sampleBasicPackage,
  {
    id: "3",
    code: "pro",
    name: "Pro",
    kind: "standard",
    price: "79",
    termUnit: "quarter",
    termCount: 1,
    termMonths: 3,
    limits: { wallets: 10, currencies: 20, applications: 10 },
  },
  {
    id: "4",
    code: "enterprise",
    name: "Enterprise",
    kind: "enterprise",
    price: "999",
    termUnit: "year",
    termCount: 1,
    termMonths: 12,
    limits: limits(null),
  },
];
export const [trial, basic, pro] = packages as [ServicePackage, ServicePackage, ServicePackage];

/** The merchant has Pro until June and has not tried the trial yet. */
export const subscription: SubscriptionResult = {
  package: pro,
  expiresAt: "2026-06-15T00:00:00.000Z",
  active: true,
  trialAvailable: true,
  usage: { wallets: 2, currencies: 3, applications: 1 },
  serverTime: iso(visitorStart + serverAhead),
};
export const balance: BalanceResult = { balance: "50", currency: "USDT", entries: [] };
export const catalogue: Catalogue = { packages, subscription, balance };

export const devnet = sampleDevnet;
export const eth = sampleEth;
export const payOptions: PayOptions = { chains: [devnet, eth], balance };
export const receivingAddress = sampleReceivingAddress;
export const wallet = sampleWallet;

/** The order for Basic, as the server creates it: 29 USDT within 30 minutes. */
export const pendingOrder: Order = {
  orderCode: "2026050100000001",
  packageId: basic.id,
  packageCode: basic.code,
  packageName: basic.name,
  termUnit: "month",
  termCount: 1,
  termMonths: 1,
  limits: basic.limits,
  price: "29.000000",
  credit: "0",
  amount: "29.000000",
  currency: "USDT",
  status: "pending",
  upgrade: "replace",
  createdAt: iso(visitorStart + serverAhead),
  expiresAt: iso(visitorStart + serverAhead + windowMs),
  paidAt: null,
  payType: null,
  received: "0.000000",
  confirming: "0.000000",
  remaining: "29.000000",
  serverTime: iso(visitorStart + serverAhead),
};
export const trialOrder: Order = {
  ...pendingOrder,
  orderCode: "2026050100000002",
  packageId: trial.id,
  packageCode: trial.code,
  packageName: trial.name,
  termUnit: "day",
  termCount: 7,
  termMonths: 0,
  limits: trial.limits,
  price: "0.000000",
  amount: "0.000000",
  remaining: "0.000000",
  status: "paid",
  payType: "free",
  paidAt: iso(visitorStart + serverAhead),
};
/** A transfer of the full amount is seen and confirming. */
export const seenOrder: Order = { ...pendingOrder, status: "waiting", confirming: "29.000000" };
/** A short transfer: 20 USDT confirmed, 9 still to pay. */
export const shortOrder: Order = { ...pendingOrder, status: "waiting", received: "20.000000", remaining: "9.000000" };
export const paidOrder: Order = {
  ...pendingOrder,
  status: "paid",
  payType: "chain",
  received: "29.000000",
  remaining: "0.000000",
  paidAt: iso(visitorStart + serverAhead + 60_000),
};
export const closedAs = (status: "failed" | "cancelled"): Order => ({ ...pendingOrder, status });

const transferOf = (order: Order) => ({
  product: "Devnet",
  chainId: 31337,
  txHash: "0x9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345678901234567890abcdef12",
  logIndex: 0,
  blockNumber: "120",
  from: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  amount: order.received !== "0.000000" ? order.received : order.confirming,
  confirmations: order.received !== "0.000000" ? 6 : 2,
  required: 6,
  status: order.received !== "0.000000" ? ("confirmed" as const) : ("seen" as const),
  seenAt: iso(visitorStart + serverAhead),
});
/** What orderDetail answers for an order: its transfers with their confirmations. */
export const detailOf = (order: Order): OrderDetail => ({
  ...order,
  toBalance: "0.000000",
  reversed: "0.000000",
  transfers: order.status === "pending" ? [] : [transferOf(order)],
  fromBalance: "0.000000",
  packageExpiresAt: null,
});
export const devPayment: DevPayResult = {
  txHash: "0x1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f809112",
  blockNumber: "121",
  amount: "29.000000",
};
